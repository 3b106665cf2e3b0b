import { Clock } from '@api/modules/common/clock';
import { ConfigService } from '@api/modules/config/config.service';
import { RateLimitStore } from '@api/modules/rate-limit/rate-limit.store';
import { clearRedisPrefix } from '../utils/test-app';
import { describeIf } from '../utils/requirements';
import { serverRequirements, testConfig } from '../utils/test-config';

describeIf(serverRequirements.redis, 'RateLimitStore on Redis', () => {
  const config = testConfig();
  const stores = [new RateLimitStore(new ConfigService(config), new Clock()), new RateLimitStore(new ConfigService(config), new Clock())];

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.onModuleDestroy()));
    await clearRedisPrefix(config);
  });

  it('shares one counter between processes and ends it with the window', async () => {
    const first = await stores[0].hit('questions:shared', 500);
    const second = await stores[1].hit('questions:shared', 500);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(500);
    // Redis keeps the time here, so the test waits the window out.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await stores[0].hit('questions:shared', 500)).count).toBe(1);
  });
});
