import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateChromium, type ExecutableLookup } from './chromium-locator';

describe('locateChromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'casewise-locator-'));
  const executable = join(dir, 'chromium-bin');
  const plain = join(dir, 'not-executable');
  writeFileSync(executable, '#!/bin/sh\n');
  chmodSync(executable, 0o755);
  writeFileSync(plain, 'text');
  chmodSync(plain, 0o644);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const lookupOf =
    (found: Record<string, string>): ExecutableLookup =>
    (name) =>
      Promise.resolve(found[name] ?? null);

  it('uses the configured path when it is an executable file', async () => {
    await expect(locateChromium(executable, lookupOf({ chromium: plain }))).resolves.toBe(executable);
  });

  it('does not fall back to PATH when the configured path is not executable', async () => {
    await expect(locateChromium(plain, lookupOf({ chromium: executable }))).resolves.toBeNull();
    await expect(locateChromium(join(dir, 'missing'), lookupOf({ chromium: executable }))).resolves.toBeNull();
  });

  it('takes the first of chromium, chromium-browser and google-chrome found on PATH', async () => {
    await expect(locateChromium(null, lookupOf({ 'google-chrome': executable, 'chromium-browser': executable }))).resolves.toBe(executable);
    const seen: string[] = [];
    await locateChromium(null, (name) => {
      seen.push(name);
      return Promise.resolve(null);
    });
    expect(seen).toEqual(['chromium', 'chromium-browser', 'google-chrome']);
  });

  it('skips a name whose resolved file is not executable', async () => {
    await expect(locateChromium(null, lookupOf({ chromium: plain, 'google-chrome': executable }))).resolves.toBe(executable);
  });

  it('returns null when nothing is found', async () => {
    await expect(locateChromium(null, lookupOf({}))).resolves.toBeNull();
  });
});
