import { ConcurrencyGate } from './concurrency-gate';

/** A task that runs until released, recording how many tasks ran at once. */
function tracker(): { task: () => Promise<number>; release: () => void; peak: () => number; started: () => number } {
  let running = 0;
  let peak = 0;
  let started = 0;
  const releases: (() => void)[] = [];
  return {
    task: async () => {
      running++;
      started++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      return started;
    },
    release: () => releases.shift()?.(),
    peak: () => peak,
    started: () => started,
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyGate', () => {
  it('runs at most its slots at once and the waiting tasks in the order they came', async () => {
    const gate = new ConcurrencyGate(2);
    const t = tracker();
    const order: number[] = [];
    const runs = [1, 2, 3, 4, 5].map((n) =>
      gate.run(async () => {
        await t.task();
        order.push(n);
      }),
    );
    await tick();
    expect(t.started()).toBe(2);
    // The first ends: the third takes its slot, and a task arriving now still waits.
    t.release();
    await tick();
    runs.push(
      gate.run(async () => {
        await t.task();
        order.push(6);
      }),
    );
    await tick();
    expect(t.started()).toBe(3);
    for (let i = 0; i < 5; i++) {
      t.release();
      await tick();
    }
    await Promise.all(runs);
    expect(t.peak()).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new ConcurrencyGate(1);
    await expect(gate.run(() => Promise.reject(new Error('read failed')))).rejects.toThrow('read failed');
    await expect(gate.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('refuses a gate without a slot', () => {
    expect(() => new ConcurrencyGate(0)).toThrow(RangeError);
  });
});
