import { stat } from 'node:fs/promises';
import { ParserPool, type PoolParseOptions } from './parser-pool';

export interface ExtractionThroughput {
  files: number;
  pages: number;
  pagesOcr: number;
  characters: number;
  seconds: number;
  pagesPerSecond: number;
  processes: number;
}

export interface ExtractionThroughputOptions extends PoolParseOptions {
  /** Parsing processes; default the pool's default (the machine's parallelism, at most 4). */
  processes?: number;
}

/**
 * Parses every file through one ParserPool and reports pages per second of wall time. Files are
 * queued largest first so that one long document does not finish alone at the end. The pool's
 * processes are started (and warmed up) before the clock starts.
 */
export async function measureExtractionThroughput(paths: string[], options: ExtractionThroughputOptions = {}): Promise<ExtractionThroughput> {
  const pool = new ParserPool({ size: options.processes });
  try {
    const sized = await Promise.all(paths.map(async (path) => ({ path, size: (await stat(path)).size })));
    sized.sort((a, b) => b.size - a.size);
    await Promise.all(Array.from({ length: pool.size }, () => pool.parse('txt', Buffer.from('warm-up'))));
    const started = process.hrtime.bigint();
    const results = await Promise.all(sized.map(({ path }) => pool.parseFile(path, options)));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const pages = results.reduce((sum, result) => sum + result.report.pages, 0);
    return {
      files: results.length,
      pages,
      pagesOcr: results.reduce((sum, result) => sum + result.report.pagesOcr, 0),
      characters: results.reduce((sum, result) => sum + result.report.characters, 0),
      seconds,
      pagesPerSecond: pages / seconds,
      processes: pool.size,
    };
  } finally {
    await pool.close();
  }
}
