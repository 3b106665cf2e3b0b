/**
 * Settles as `work` does, or rejects with `message` once `ms` have passed, whichever comes first. The work itself goes
 * on: use it where giving up waiting is safe (the result is durable elsewhere, or the answer is only a probe).
 */
export function within<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref();
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
