import { ApiError } from './http';

/** The server's `detail`, else its `error`, else nothing. */
export function serverText(err: unknown): string | undefined {
  return err instanceof ApiError ? (err.detail ?? err.error) : undefined;
}

export function detailText(err: unknown): string | undefined {
  return err instanceof ApiError ? err.detail : undefined;
}

export function errorFieldText(err: unknown): string | undefined {
  return err instanceof ApiError ? err.error : undefined;
}

export interface FailureTexts {
  /** When the server answered without a usable message. */
  fallback: string;
  /** When no response arrived. */
  noResponse?: string;
  /** When the call failed for any other reason. */
  other?: string;
}

/** Picks the text to show for a failed call: server text first, then the case's default. */
export function failureText(err: unknown, texts: FailureTexts): string {
  if (err instanceof ApiError) {
    if (err.kind === 'response') return serverText(err) ?? texts.fallback;
    if (err.kind === 'network') return texts.noResponse ?? texts.fallback;
  }
  return texts.other ?? texts.fallback;
}
