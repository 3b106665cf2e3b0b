import { ConfigService } from '@api/modules/config/config.service';
import { SearchCacheBus } from '@api/modules/search/search-cache.bus';
import { describeIf } from '../utils/requirements';
import { serverRequirements, testConfig } from '../utils/test-config';

/** Waits until `check` holds or the time is up. */
async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
}

describeIf(serverRequirements.redis, 'SearchCacheBus on Redis', () => {
  const config = new ConfigService(testConfig());
  const first = new SearchCacheBus(config);
  const second = new SearchCacheBus(config);
  const heardByFirst: string[] = [];
  const heardBySecond: string[] = [];
  const readyHeardByFirst: string[] = [];
  const readyHeardBySecond: string[] = [];

  beforeAll(async () => {
    await first.listen({ forget: (projectId) => heardByFirst.push(projectId), ready: (projectId) => readyHeardByFirst.push(projectId) });
    await second.listen({ forget: (projectId) => heardBySecond.push(projectId), ready: (projectId) => readyHeardBySecond.push(projectId) });
  });

  afterAll(async () => {
    await Promise.all([first.onModuleDestroy(), second.onModuleDestroy()]);
  });

  it('tells every other process which project’s index is stale, and not the one that announced it', async () => {
    first.announce('project-a');
    second.announce('project-b');
    await eventually(() => heardByFirst.length > 0 && heardBySecond.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardBySecond).toEqual(['project-a']);
    expect(heardByFirst).toEqual(['project-b']);
  });

  it('tells every other process which project has documents newly ready, apart from the stale ones', async () => {
    first.announceReady('project-r');
    await eventually(() => readyHeardBySecond.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readyHeardBySecond).toEqual(['project-r']);
    expect(readyHeardByFirst).toEqual([]);
    // A ready project is not a stale one, and a stale one not ready: the first test's messages stayed where they were.
    expect(heardBySecond).toEqual(['project-a']);
    expect(readyHeardByFirst).not.toContain('project-b');
  });

  it('keeps deployments that share a Redis apart by their prefix', async () => {
    const other = new SearchCacheBus(new ConfigService({ ...testConfig(), redis: { ...testConfig().redis, prefix: `${testConfig().redis.prefix}-other` } }));
    try {
      other.announce('project-c');
      other.announceReady('project-d');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([...heardByFirst, ...heardBySecond]).not.toContain('project-c');
      expect([...readyHeardByFirst, ...readyHeardBySecond]).not.toContain('project-d');
    } finally {
      await other.onModuleDestroy();
    }
  });
});
