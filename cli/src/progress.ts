/**
 * Progress on a terminal: one line redrawn in place with a bar for the whole run and the file in hand.
 * Not on a terminal (a log, a pipe, cron): one plain line per finished item.
 */
export class Progress {
  private done = 0;
  private readonly tty: boolean;

  constructor(
    private readonly total: number,
    private readonly label: string,
    quiet = false,
  ) {
    this.tty = Boolean(process.stderr.isTTY) && !quiet;
    this.quiet = quiet;
  }

  private readonly quiet: boolean;

  start(item: string): void {
    if (this.tty) this.draw(item);
  }

  finish(item: string, outcome: string): void {
    this.done += 1;
    if (this.quiet) return;
    if (this.tty) {
      process.stderr.write(`\r\x1b[2K${outcome.padEnd(9)} ${item}\n`);
      this.draw('');
    } else {
      process.stderr.write(`${this.label} ${this.done}/${this.total} ${outcome} ${item}\n`);
    }
  }

  end(): void {
    if (this.tty) process.stderr.write('\r\x1b[2K');
  }

  private draw(item: string): void {
    const width = 24;
    const filled = this.total === 0 ? width : Math.round((this.done / this.total) * width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    const line = `${this.label} ${bar} ${this.done}/${this.total} ${item}`;
    process.stderr.write(`\r\x1b[2K${line.slice(0, (process.stderr.columns ?? 100) - 1)}`);
  }
}
