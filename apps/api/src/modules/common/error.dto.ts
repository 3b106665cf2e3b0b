import { ApiProperty } from '@nestjs/swagger';

export class ErrorResponseDto {
  @ApiProperty({ example: 404 })
  statusCode: number;

  @ApiProperty({ description: 'Human-readable message', example: 'Not found.' })
  detail: string;

  @ApiProperty({ description: 'The same message as detail', example: 'Not found.' })
  error: string;
}
