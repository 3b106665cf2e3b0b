/** Right-aligned fixed-width table with a header row and a rule under it. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[], firstLeft = true): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]): string =>
    row.map((cell, column) => (column === 0 && firstLeft ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [line(cells[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

export function fixed(value: number, digits = 1): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '-';
}

/** A share in 0..1 as a percentage with one decimal. */
export function percent(share: number): number {
  return Math.round(share * 1000) / 10;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

/** Runs the tasks with at most `limit` at a time, results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
