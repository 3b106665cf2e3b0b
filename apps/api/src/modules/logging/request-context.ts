import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** An incoming X-Request-Id is kept only when it is short and plain, so it can go into logs and headers as it is. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The incoming id when it is sane, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/** Runs `work` with `requestId` as the current request's id: every log line written within it carries the id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request (or of the job a request queued) this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
