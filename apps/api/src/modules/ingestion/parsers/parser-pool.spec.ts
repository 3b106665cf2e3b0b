import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageMapProblem } from './paged-text';
import { measureExtractionThroughput } from './extraction-throughput';
import { ParseError } from '@api/modules/common/parse-error';
import { ParserPool } from './parser-pool';
import { cuadPdfPath, cuadPdfs } from '@test/utils/fixtures';

/** The smallest of the CUAD fixture PDFs, as paths. */
function smallestCuadPdfs(count: number): string[] {
  return cuadPdfs()
    .map((name) => ({ path: cuadPdfPath(name), size: statSync(cuadPdfPath(name)).size }))
    .sort((a, b) => a.size - b.size)
    .slice(0, count)
    .map((entry) => entry.path);
}

/**
 * The command lines (arguments split) of this process's children that run the parse worker (Linux /proc), by process
 * id. A test file run earlier in the same jest worker may leave a pool's process still exiting: compare before and after.
 */
function parseWorkerCommandLines(): Map<string, string[]> {
  const children = readdirSync('/proc/self/task').flatMap((task) => readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
  const workers = new Map<string, string[]>();
  for (const pid of children) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue; // exited meanwhile
    }
    if (args.some((arg) => /parse-worker\.[jt]s$/.test(arg))) workers.set(pid, args);
  }
  return workers;
}

describe(ParserPool.name, () => {
  it('starts its processes with the collector on their own thread and a bounded heap', async () => {
    const before = parseWorkerCommandLines();
    const pool = new ParserPool({ size: 1, maxHeapMb: 200 });
    try {
      expect((await pool.parse('txt', Buffer.from('Ready.'))).text).toBe('Ready.');
      const [args, ...others] = [...parseWorkerCommandLines()].filter(([pid]) => !before.has(pid)).map(([, line]) => line);
      expect(others).toEqual([]);
      expect(args).toEqual(expect.arrayContaining(['--max-old-space-size=200', '--single-threaded-gc', '--max-semi-space-size=4']));
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('parses several PDFs at once in two processes, each result the same as alone', async () => {
    const files = smallestCuadPdfs(3);
    const single = new ParserPool({ size: 1 });
    const double = new ParserPool({ size: 2 });
    try {
      const alone = [];
      for (const file of files) alone.push(await single.parse('pdf', await readFile(file), { ocr: false }));
      const together = await Promise.all(files.map(async (file) => double.parse('pdf', await readFile(file), { ocr: false })));
      expect(together).toEqual(alone);
      for (const parsed of together) {
        expect(pageMapProblem(parsed)).toBeUndefined();
        expect(parsed.report.pages).toBeGreaterThan(0);
      }
    } finally {
      await Promise.all([single.close(), double.close()]);
    }
  }, 120_000);

  it('stops a parse that makes no progress in time, and carries on with a fresh process', async () => {
    const pool = new ParserPool({ size: 1 });
    try {
      const [file] = smallestCuadPdfs(1);
      const bytes = await readFile(file);
      await expect(pool.parse('pdf', bytes, { stallTimeoutMs: 1 })).rejects.toMatchObject({
        name: 'ParseError',
        code: 'timeout',
        message: 'Reading the document took too long and was stopped.',
      });
      const parsed = await pool.parse('pdf', bytes);
      expect(parsed.report.pages).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('ends a parse that outgrows its heap without harming this process', async () => {
    const pool = new ParserPool({ size: 1, maxHeapMb: 48 });
    try {
      const huge = Buffer.from('<p>' + 'clause text '.repeat(6_000_000) + '</p>');
      await expect(pool.parse('html', huge, { limits: { maxCharacters: 1e9 } })).rejects.toMatchObject({
        code: 'too-complex',
        message: 'The document is too large or too complex to process.',
      });
      const parsed = await pool.parse('txt', Buffer.from('Still working.'));
      expect(parsed.text).toBe('Still working.');
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('detects the type of a file on disk and refuses what is not supported', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'parser-pool-'));
    const pool = new ParserPool({ size: 1 });
    try {
      const note = join(dir, 'note.md');
      await writeFile(note, '# Heads of terms\n\nPrice: USD 10.\n');
      expect((await pool.parseFile(note)).text).toBe('# Heads of terms\n\nPrice: USD 10.\n');
      const program = join(dir, 'setup.txt');
      await writeFile(program, Buffer.from('MZ\x90\0\x03\0\0\0', 'latin1'));
      await expect(pool.parseFile(program)).rejects.toMatchObject({ code: 'unsupported' });
    } finally {
      await pool.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('rejects waiting and new work once closed', async () => {
    const pool = new ParserPool({ size: 1 });
    const [file] = smallestCuadPdfs(1);
    const bytes = await readFile(file);
    const running = expect(pool.parse('pdf', bytes)).rejects.toThrow('The parser pool is closed.');
    const waiting = expect(pool.parse('pdf', bytes)).rejects.toThrow('The parser pool is closed.');
    await pool.close();
    await running;
    await waiting;
    await expect(pool.parse('txt', Buffer.from('x'))).rejects.toThrow('The parser pool is closed.');
    await expect(pool.parse('txt', Buffer.from('x'))).rejects.not.toBeInstanceOf(ParseError);
  }, 60_000);
});

describe(measureExtractionThroughput.name, () => {
  it('reports the pages of every file and the rate at which they were read', async () => {
    const files = smallestCuadPdfs(3);
    const expected = [];
    const pool = new ParserPool({ size: 1 });
    try {
      for (const file of files) expected.push((await pool.parseFile(file, { ocr: false })).report.pages);
    } finally {
      await pool.close();
    }
    const measured = await measureExtractionThroughput(files, { processes: 2, ocr: false });
    expect(measured).toMatchObject({ files: 3, pages: expected.reduce((sum, pages) => sum + pages, 0), processes: 2 });
    expect(measured.pagesPerSecond).toBeCloseTo(measured.pages / measured.seconds, 6);
  }, 60_000);
});
