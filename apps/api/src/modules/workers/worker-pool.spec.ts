import type { ConfigService } from '@api/modules/config/config.service';
import { SCORING_THREAD_NICENESS } from '@api/modules/common/thread-priority';
import { strict } from '@test/utils/strict';
import { startedSince, threadNiceness, threadNicenessReadable } from '@test/utils/threads';
import { WorkerPool } from './worker-pool';

describe(WorkerPool.name, () => {
  (threadNicenessReadable ? it : it.skip)('runs its threads at a lower CPU priority than the event loop, which keeps its own', async () => {
    const config = strict<ConfigService>({ app: { role: 'all' } as ConfigService['app'], workers: { threads: 1 }, search: { cacheMb: 256, vectorWeight: 0 } });
    const pool = new WorkerPool(config);
    const before = threadNiceness();
    const mine = before.get(process.pid) as number;
    try {
      // A call starts the thread; its answer comes once the thread is running its code.
      await pool.call('project', 'forget', 'project');
      expect(startedSince(before)).toContain(Math.min(19, mine + SCORING_THREAD_NICENESS));
      expect(threadNiceness().get(process.pid)).toBe(mine);
    } finally {
      await pool.onApplicationShutdown();
    }
  });

  it('bounds the answering memos of its threads to half of SEARCH_CACHE_MB, however many contracts they read', async () => {
    const config = strict<ConfigService>({ app: { role: 'all' } as ConfigService['app'], workers: { threads: 4 }, search: { cacheMb: 8, vectorWeight: 0 } });
    const pool = new WorkerPool(config);
    expect(pool.memoBytes).toBe(4 * 1024 * 1024);
    try {
      // Twenty different contracts of 20,000 characters each, read whole by a question about their dates.
      for (let contract = 0; contract < 20; contract++) {
        const text = Array.from({ length: 130 }, (_, clause) => `${clause + 1}. Party ${contract} shall deliver the goods of order ${contract * 1000 + clause} within thirty (30) days.`).join('\n').padEnd(20_000, ' ');
        const passage = { id: `p${contract}`, documentId: `d${contract}`, file: `c${contract}.txt`, page: 1, start: 0, end: text.length, text, score: 1, headingPath: [] };
        await pool.call('project', 'answer', 'When does the agreement expire?', [passage], {}, [], {}, { [`d${contract}`]: text });
      }
      const held = await pool.call('project', 'memoBytes');
      expect(held).toBeGreaterThan(0);
      // A thread's share: a quarter of the 4 MB.
      expect(held).toBeLessThanOrEqual(1024 * 1024);
    } finally {
      await pool.onApplicationShutdown();
    }
  }, 30_000);
});
