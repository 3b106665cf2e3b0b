import { ParseUUIDPipe } from '@nestjs/common';
import { BadRequestError } from '@api/modules/common/app-error';

/** A path id that is not a UUID is refused with 400 before any lookup. */
export const projectIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestError('The project id is not valid: it must be a UUID.') });

/** A member's user id that is not a UUID is refused with 400 before any lookup. */
export const userIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestError('The user id is not valid: it must be a UUID.') });
