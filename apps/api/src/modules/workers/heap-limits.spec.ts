import { execFileSync } from 'node:child_process';
import { processSemiSpaceCapMb } from './heap-limits';

describe('heap limits of threads', () => {
  it('reads the process semi-space cap from its command line or NODE_OPTIONS', () => {
    expect(processSemiSpaceCapMb(['--max-semi-space-size=4'], '')).toBe(4);
    expect(processSemiSpaceCapMb(['--max_semi_space_size', '8'], '')).toBe(8);
    expect(processSemiSpaceCapMb([], '--max-old-space-size=512 --max-semi-space-size=2')).toBe(2);
    expect(processSemiSpaceCapMb(['--heap-growing-percent=25'], '')).toBe(0);
  });

  it('gives a thread the young generation it asks for under a smaller process-wide cap, and puts the cap back for the next', () => {
    // Each thread churns through short-lived objects until its new space has grown as far as it may, then reports its size.
    const churn = [
      "const v8 = require('node:v8');",
      'let kept = [];',
      'for (let i = 0; i < 3e6; i++) { kept.push({ i }); if (kept.length > 1000) kept = []; }',
      "require('node:worker_threads').parentPort.postMessage(v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);",
    ].join('\n');
    const script = [
      "const { Worker } = require('node:worker_threads');",
      `const { startWithOwnHeapLimits } = require(${JSON.stringify(require.resolve('./heap-limits'))});`,
      `const churn = ${JSON.stringify(churn)};`,
      'const options = { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 48 } };',
      "const sizeOf = (worker) => new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));",
      '(async () => {',
      '  const own = await sizeOf(startWithOwnHeapLimits(() => new Worker(churn, options)));',
      '  const next = await sizeOf(new Worker(churn, options));',
      '  console.log(JSON.stringify({ own, next }));',
      '})();',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--max-semi-space-size=4', '--require', require.resolve('@swc-node/register'), '--eval', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    const { own, next } = JSON.parse(output) as { own: number; next: number };
    const MB = 1024 * 1024;
    // Two semi-spaces: 16 MB each as asked (48 MB of young generation), 4 MB each under the cap.
    expect(own).toBeGreaterThan(8 * MB);
    expect(next).toBeLessThanOrEqual(8 * MB);
  }, 30_000);
});
