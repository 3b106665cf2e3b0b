const WIDTH = 20;

function bar(fraction: number): string {
  const filled = Math.max(0, Math.min(WIDTH, Math.round(fraction * WIDTH)));
  return `${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}`;
}

/**
 * Progress on a terminal: one line redrawn in place with a bar for the whole run and one for the file in hand
 * (its bytes as they are sent). Not on a terminal (a log, a pipe, cron): one plain line per finished item.
 */
export class Progress {
  private done = 0;
  private readonly tty: boolean;
  private current = '';
  private fraction = 0;
  private lastDraw = 0;

  constructor(
    private readonly total: number,
    private readonly label: string,
    private readonly quiet = false,
  ) {
    this.tty = Boolean(process.stderr.isTTY) && !quiet;
  }

  start(item: string): void {
    this.current = item;
    this.fraction = 0;
    if (this.tty) this.draw();
  }

  /** How much of the current file has been sent (0 to 1); redrawn at most every 50 ms. */
  advance(fraction: number): void {
    this.fraction = fraction;
    const now = Date.now();
    if (this.tty && (now - this.lastDraw > 50 || fraction >= 1)) this.draw();
  }

  finish(item: string, outcome: string): void {
    this.done += 1;
    this.current = '';
    this.fraction = 0;
    if (this.quiet) return;
    if (this.tty) {
      process.stderr.write(`\r\x1b[2K${outcome.padEnd(12)} ${item}\n`);
      this.draw();
    } else {
      process.stderr.write(`${this.label} ${this.done}/${this.total} ${outcome} ${item}\n`);
    }
  }

  end(): void {
    if (this.tty) process.stderr.write('\r\x1b[2K');
  }

  private draw(): void {
    this.lastDraw = Date.now();
    const overall = this.total === 0 ? 1 : (this.done + this.fraction) / this.total;
    const file = this.current ? `  ${bar(this.fraction)} ${this.current}` : '';
    const line = `${this.label} ${bar(overall)} ${this.done}/${this.total}${file}`;
    // A pseudo-terminal may report 0 columns: then the line is not cut.
    process.stderr.write(`\r\x1b[2K${line.slice(0, (process.stderr.columns || 100) - 1)}`);
  }
}
