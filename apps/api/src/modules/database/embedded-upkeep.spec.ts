import { EmbeddedUpkeep, UPKEEP_EVERY_MS, UPKEEP_QUIET_MS } from './embedded-upkeep';

describe(EmbeddedUpkeep.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function setup() {
    const runs: string[] = [];
    const upkeep = new EmbeddedUpkeep(async (sql) => {
      runs.push(sql);
    });
    return { upkeep, runs };
  }

  it('tidies once, when writes have stopped for a while', async () => {
    const { upkeep, runs } = setup();
    upkeep.noteWrites();
    await jest.advanceTimersByTimeAsync(UPKEEP_QUIET_MS / 2);
    upkeep.noteWrites();
    await jest.advanceTimersByTimeAsync(UPKEEP_QUIET_MS - 1);
    expect(runs).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toEqual(['VACUUM (ANALYZE)']);
    await jest.advanceTimersByTimeAsync(10 * UPKEEP_QUIET_MS);
    expect(runs).toHaveLength(1);
  });

  it('tidies at least once a minute while writes go on, and not more often', async () => {
    const { upkeep, runs } = setup();
    for (let elapsed = 0; elapsed < 3 * UPKEEP_EVERY_MS; elapsed += 1000) {
      upkeep.noteWrites();
      await jest.advanceTimersByTimeAsync(1000);
    }
    expect(runs).toHaveLength(3);
  });

  it('does nothing once stopped', async () => {
    const { upkeep, runs } = setup();
    upkeep.noteWrites();
    await upkeep.stop();
    upkeep.noteWrites();
    await jest.advanceTimersByTimeAsync(2 * UPKEEP_EVERY_MS);
    expect(runs).toEqual([]);
  });
});
