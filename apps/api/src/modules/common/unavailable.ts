/** What the client is told when a request fails because a server the API needs is briefly out of reach. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable (its database is not answering). Please try again in a moment.';
export const STORAGE_FULL_MESSAGE = 'The server cannot store files right now: its storage is full. Please try again later.';

// Node's socket errors, and PostgreSQL's connection-exception (08…) and operator-intervention (57P…) classes.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);
const CONNECTION_MESSAGES = [/Connection terminated/i, /connection error and is not queryable/i, /timeout exceeded when trying to connect/i, /the database system is (starting up|shutting down)/i];

/** The error and those it wraps (TypeORM's `driverError`, an `Error`'s `cause`). */
function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (let current = error; current instanceof Object && found.length < 5; ) {
    found.push(current);
    const wrapped = current as { driverError?: unknown; cause?: unknown };
    current = wrapped.driverError ?? wrapped.cause;
  }
  return found;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

/** Why a request that failed with this error could succeed when tried again shortly: the database or the disk; null otherwise. */
export function unavailableReason(error: unknown): string | null {
  for (const link of chain(error)) {
    const code = codeOf(link);
    if (code === 'ENOSPC') return STORAGE_FULL_MESSAGE;
    if (CONNECTION_CODES.has(code) || code.startsWith('08')) return DATABASE_UNAVAILABLE_MESSAGE;
    if (link instanceof Error && CONNECTION_MESSAGES.some((pattern) => pattern.test(link.message))) return DATABASE_UNAVAILABLE_MESSAGE;
  }
  return null;
}
