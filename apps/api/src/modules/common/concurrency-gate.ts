/** Lets at most `slots` tasks run at once; the others wait their turn, first come first served. */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`A concurrency gate needs at least one slot, not ${slots}.`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so a task arriving meanwhile cannot take it first.
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.running--;
    }
  }
}
