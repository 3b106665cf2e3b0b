import { ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function firstMessages(errors: ValidationError[]): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length > 0) messages.push(constraints[constraints.length - 1]);
    if (error.children?.length) messages.push(...firstMessages(error.children));
  }
  return messages;
}

/**
 * A JSON null counts as an absent field: `@IsOptional()` lets null through, and code written for "absent" would
 * then read a property of null. A required field that is null still fails its own rule.
 */
class NullAsAbsentValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      value = Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null));
    }
    return super.transform(value, metadata);
  }
}

/** Validation failures answer 400 with readable messages, one per invalid field. */
export function createValidationPipe(): ValidationPipe {
  return new NullAsAbsentValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessages(errors).join(' ') || 'The request is not valid.'),
  });
}
