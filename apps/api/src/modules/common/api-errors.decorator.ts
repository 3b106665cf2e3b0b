import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorResponseDto } from './error.dto';

interface ErrorDoc {
  description: string;
  /** A message the API really sends with this status. */
  example: string;
}

const ERRORS: Record<number, ErrorDoc> = {
  400: { description: 'The request is not valid', example: 'The project id is not valid: it must be a UUID.' },
  401: { description: 'Missing, expired or invalid bearer token', example: 'Authentication credentials were not provided or are invalid.' },
  403: { description: 'Not allowed for this account', example: 'Please verify your email address before signing in: enter the code we sent you, or sign up again to get a new one.' },
  404: { description: 'Not found, or not yours', example: 'Not found.' },
  409: { description: 'Conflicts with existing data', example: 'A document named "lease.pdf" already exists in this project.' },
  413: { description: 'Upload larger than the limit', example: 'The file is larger than the upload limit of 50 MB.' },
  415: { description: 'Unsupported file type', example: '"notes.xyz" is not a supported file type. Supported types: PDF, DOCX, TXT, Markdown, HTML, EML, PNG, JPEG, TIFF.' },
  429: { description: 'Too many requests; the Retry-After header says how many seconds to wait', example: 'Too many attempts. Please wait 42 seconds and try again.' },
  503: { description: 'A dependency is not available', example: 'The database is not answering.' },
};

/**
 * Documents the error answers of a route with the contract's error body. Errors are JSON even on routes that
 * produce files, so the content type is set here rather than taken from the route's @ApiProduces.
 */
export function ApiErrors(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ErrorResponseDto),
    ...statuses.map((status) => {
      const { description, example } = ERRORS[status];
      const body: ErrorResponseDto = { statusCode: status, detail: example, error: example };
      return ApiResponse({ status, description, content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) }, example: body } } });
    }),
  );
}
