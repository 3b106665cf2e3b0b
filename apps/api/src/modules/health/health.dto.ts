import { ApiProperty } from '@nestjs/swagger';

export class HealthResponseDto {
  @ApiProperty({ enum: ['ok', 'degraded'] })
  status: 'ok' | 'degraded';

  @ApiProperty({ enum: ['pglite', 'postgres'] })
  database: 'pglite' | 'postgres';

  @ApiProperty({ enum: ['inline', 'redis'] })
  queue: 'inline' | 'redis';

  @ApiProperty({ example: '0.1.0' })
  version: string;
}
