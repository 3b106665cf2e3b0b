import { Clock } from '@api/modules/common/clock';
import { ConfigService } from '@api/modules/config/config.service';
import { loadConfig } from '@api/modules/config/load-config';
import { tempDir } from '@test/utils/test-config';
import { RateLimitStore } from './rate-limit.store';

class FixedClock extends Clock {
  time = Date.UTC(2026, 0, 5, 9, 0, 0);
  override now(): Date {
    return new Date(this.time);
  }
}

describe(RateLimitStore.name, () => {
  const clock = new FixedClock();
  const sut = new RateLimitStore(new ConfigService(loadConfig({ DATA_DIR: tempDir('casewise-rate-') })), clock);

  it('counts hits of one key within its window and says when the window ends', async () => {
    expect(await sut.hit('questions:a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    clock.time += 15_000;
    expect(await sut.hit('questions:a', 60_000)).toEqual({ count: 2, resetInMs: 45_000 });
    expect(await sut.hit('questions:b', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  it('starts a new window once the old one has ended', async () => {
    await sut.hit('uploads:a', 60_000);
    await sut.hit('uploads:a', 60_000);
    clock.time += 60_000;
    expect(await sut.hit('uploads:a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });
});
