import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class HealthResponseDto {
  @ApiProperty({ enum: ['ok', 'degraded'], description: '`degraded` when the job queue, or the configured Qdrant, does not answer', example: 'ok' })
  status: 'ok' | 'degraded';

  @ApiProperty({ enum: ['pglite', 'postgres'], description: 'The database backend', example: 'pglite' })
  database: 'pglite' | 'postgres';

  @ApiProperty({ enum: ['inline', 'redis'], description: 'The job queue backend', example: 'inline' })
  queue: 'inline' | 'redis';

  @ApiProperty({ enum: ['database', 'qdrant'], description: 'Where the vector index lives: in the database, or in Qdrant (QDRANT_URL)', example: 'database' })
  vectors: 'database' | 'qdrant';

  @ApiPropertyOptional({ enum: ['up', 'down'], description: 'Only with QDRANT_URL: whether Qdrant answers its readiness check', example: 'up' })
  qdrant?: 'up' | 'down';

  @ApiProperty({ example: '0.1.0' })
  version: string;
}

export class ReadyResponseDto {
  @ApiProperty({ enum: ['ready'], example: 'ready' })
  status: 'ready';
}
