/** Where results go: one JSON document on stdout with --json, else readable lines; messages always on stderr. */
export class Output {
  constructor(readonly json: boolean) {}

  /** A message for the person (stderr), never part of the machine-readable result. */
  note(message: string): void {
    process.stderr.write(`${message}\n`);
  }

  /** The command's result: the JSON value with --json, else the text lines. */
  result(value: unknown, lines: () => string[]): void {
    if (this.json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    else for (const line of lines()) process.stdout.write(`${line}\n`);
  }
}

/** Columns padded to their widest cell, for lists on a terminal. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]))).join('  '));
}
