import { createCasewiseClient, failureDetail, type CasewiseClient, type Schemas } from '@casewise/api-client';
import { HttpError } from 'react-admin';
import { getToken } from './session';

export type { Schemas };

/** The generated client over openapi.yaml, for every call the simple-rest data provider does not make. */
export const api: CasewiseClient = createCasewiseClient({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  getToken,
  fetch: (input, init) => globalThis.fetch(input, init),
});

/** The text a person should read for a failed call: the API's `detail`, else its error name, else the status. */
export function errorText(status: number, body: unknown): string {
  return failureDetail(body) ?? `The request failed (HTTP ${status}).`;
}

interface Outcome<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Waits for a generated-client call; a failure becomes react-admin's HttpError carrying the API's
 * `detail`, so notifications and checkError treat it like a data-provider error.
 */
export async function settle<T>(pending: Promise<Outcome<T>>): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await pending;
  } catch (cause) {
    throw new HttpError(cause instanceof Error && cause.message ? cause.message : 'The server could not be reached.', 0);
  }
  if (!outcome.response.ok) throw new HttpError(errorText(outcome.response.status, outcome.error), outcome.response.status, outcome.error);
  return outcome.data as T;
}
