import { ApiProperty } from '@nestjs/swagger';

export class HealthResponseDto {
  @ApiProperty({ enum: ['ok', 'degraded'], description: '`degraded` when the job queue does not answer', example: 'ok' })
  status: 'ok' | 'degraded';

  @ApiProperty({ enum: ['pglite', 'postgres'], description: 'The database backend', example: 'pglite' })
  database: 'pglite' | 'postgres';

  @ApiProperty({ enum: ['inline', 'redis'], description: 'The job queue backend', example: 'inline' })
  queue: 'inline' | 'redis';

  @ApiProperty({ example: '0.1.0' })
  version: string;
}

export class ReadyResponseDto {
  @ApiProperty({ enum: ['ready'], example: 'ready' })
  status: 'ready';
}
