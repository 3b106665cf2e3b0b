import { type Connection, connect } from './client';
import { credentials } from './config';
import { Output } from './output';

export interface CommonOptions {
  json?: boolean;
}

/** What every signed-in command starts from: the output mode, the connection, and Ctrl-C as an abort signal. */
export interface Context {
  out: Output;
  connection: Connection;
  signal: AbortSignal;
}

const interrupt = new AbortController();
let interrupted = false;

/** Ctrl-C: stop starting work, abort what is in flight; a second Ctrl-C exits at once. */
export function installInterruptHandler(): void {
  process.on('SIGINT', () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write('\nStopping: finishing nothing new, removing partial files. Run the same command again to resume.\n');
    interrupt.abort(new Error('aborted'));
  });
}

export function isInterrupted(): boolean {
  return interrupted;
}

export function signedIn(options: CommonOptions): Context {
  const out = new Output(Boolean(options.json));
  const { url, token } = credentials();
  const connection = connect(url, token, interrupt.signal, (reason, ms) => out.note(`${reason}: trying again in ${(ms / 1000).toFixed(1)} s`));
  return { out, connection, signal: interrupt.signal };
}
