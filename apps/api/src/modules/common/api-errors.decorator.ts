import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from './error.dto';

const DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid',
  401: 'Missing, expired or invalid bearer token',
  403: 'Not allowed for this account',
  404: 'Not found, or not yours',
  409: 'Conflicts with existing data',
  413: 'Upload larger than the limit',
  415: 'Unsupported file type',
  429: 'Too many requests; see Retry-After',
  503: 'A dependency is not available',
};

/** Documents the error answers of a route with the contract's error body. */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(...statuses.map((status) => ApiResponse({ status, description: DESCRIPTIONS[status], type: ErrorResponseDto })));
}
