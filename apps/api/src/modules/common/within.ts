/**
 * Settles as `work` does, or rejects (with `failure`, a message or the error to give) once `ms` have passed, whichever
 * comes first. The work itself goes on: use it where giving up waiting is safe (the result is durable elsewhere, the
 * answer is only a probe, or the caller then discards what the work runs on).
 */
export function within<T>(work: Promise<T>, ms: number, failure: string | (() => Error)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(typeof failure === 'string' ? new Error(failure) : failure()), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
