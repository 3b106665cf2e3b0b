import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..');
const OUTPUT_KEPT = 200_000;
const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface ServerProcess {
  readonly pid: number;
  /** Everything the process printed so far (stdout and stderr interleaved), to assert on and to explain a failure. */
  output(): string;
  /** Resolves with the exit code (or the signal) once the process has exited. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until the output contains `text`; fails naming it, with the output, after `timeoutMs` or when the process exits first. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Sends `signal` to the process's group (its parser and PGlite children too); a no-op once it has exited. */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILLs what is left, for afterEach/afterAll. */
  stop(): Promise<void>;
}

/** Starts `command args` as a process group of its own, with exactly `env` (plus PATH) and cwd at the repository root. */
export function startProcess(command: string, args: readonly string[], env: Record<string, string | undefined>): ServerProcess {
  const child: ChildProcess = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (data: Buffer): void => {
    output = (output + data.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  exit.catch(() => undefined);
  const done = (): boolean => child.exitCode !== null || child.signalCode !== null;
  const process_: ServerProcess = {
    pid: child.pid as number,
    output: () => output,
    exited: () => exit,
    async waitFor(text, timeoutMs = 60_000) {
      const seen = (): boolean => (typeof text === 'string' ? output.includes(text) : text.test(output));
      const deadline = Date.now() + timeoutMs;
      while (!seen()) {
        if (done()) {
          // Let the last of its output arrive.
          await delay(200);
          if (seen()) return;
          throw new Error(`the process exited before printing ${String(text)}; it printed:\n${output.slice(-4000)}`);
        }
        if (Date.now() > deadline) throw new Error(`the process did not print ${String(text)} within ${timeoutMs} ms; it printed:\n${output.slice(-4000)}`);
        await delay(50);
      }
    },
    signal(signal) {
      if (done()) return;
      try {
        process.kill(-(child.pid as number), signal);
      } catch {
        // The group is already gone.
      }
    },
    async stop() {
      process_.signal('SIGKILL');
      await exit;
    },
  };
  return process_;
}
