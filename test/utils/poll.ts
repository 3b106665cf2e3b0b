/**
 * Calls `probe` every `intervalMs` until it returns something other than null, and returns that; after
 * `timeoutMs` fails with `describe()` (called once, so it can report the last state seen).
 */
export async function until<T>(describe: () => string, probe: () => Promise<T | null>, timeoutMs = 30_000, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
