/** A small command-line reader for the benchmarks: `--name value` options and `--flag` switches. */
export class BenchArgs {
  private readonly values = new Map<string, string>();
  private readonly switches = new Set<string>();

  constructor(argv: readonly string[], spec: { options: readonly string[]; switches: readonly string[] }) {
    for (let i = 0; i < argv.length; i++) {
      const token = argv[i];
      if (token === '--') continue;
      const [flag, inline] = token.includes('=') ? [token.slice(0, token.indexOf('=')), token.slice(token.indexOf('=') + 1)] : [token, undefined];
      const name = flag.replace(/^--/, '');
      if (spec.switches.includes(name) && inline === undefined) {
        this.switches.add(name);
      } else if (spec.options.includes(name)) {
        const value = inline ?? argv[++i];
        if (value === undefined) throw new Error(`${flag} needs a value`);
        this.values.set(name, value);
      } else {
        throw new Error(`Unknown option ${token}. Options: ${[...spec.options, ...spec.switches].map((o) => `--${o}`).join(' ')}`);
      }
    }
  }

  has(name: string): boolean {
    return this.switches.has(name);
  }

  string(name: string): string | undefined {
    return this.values.get(name);
  }

  required(name: string): string {
    const value = this.values.get(name);
    if (value === undefined) throw new Error(`--${name} is required`);
    return value;
  }

  /** A whole number of at least `minimum` (1 unless given), or the fallback when absent. */
  count(name: string, fallback: number, minimum = 1): number {
    const raw = this.values.get(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < minimum) throw new Error(`--${name} must be a whole number of at least ${minimum}, not "${raw}"`);
    return value;
  }

  /** Comma-separated non-negative numbers. */
  numbers(name: string): number[] | undefined {
    const raw = this.values.get(name);
    if (raw === undefined) return undefined;
    return raw.split(',').map((part) => {
      const value = Number(part);
      if (part.trim() === '' || !Number.isFinite(value) || value < 0) throw new Error(`--${name} takes non-negative numbers, not "${part}"`);
      return value;
    });
  }
}

/** Runs a benchmark's main function and turns a failure into a message and exit code 1. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    },
  );
}
