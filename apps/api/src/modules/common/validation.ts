import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function firstMessages(errors: ValidationError[]): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const constraints = Object.values(error.constraints ?? {});
    if (constraints.length > 0) messages.push(constraints[constraints.length - 1]);
    if (error.children?.length) messages.push(...firstMessages(error.children));
  }
  return messages;
}

/** Validation failures answer 400 with readable messages, one per invalid field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessages(errors).join(' ') || 'The request is not valid.'),
  });
}
