import { INestApplicationContext } from '@nestjs/common';
import { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface ShutdownLog {
  log(message: string): void;
  error(message: string): void;
}

export interface ShutdownOptions {
  context: INestApplicationContext;
  /** The HTTP server; null in a worker. */
  server: Server | null;
  /** Stops taking jobs and waits for the running ones at most this long, then hands them back. */
  drainJobs(timeoutMs: number): Promise<void>;
  timeoutMs: number;
  log: ShutdownLog;
}

/** Past the drain, what closing the modules may take before the process gives up and exits anyway. */
const CLOSE_MARGIN_MS = 4_000;

/**
 * Stops taking requests (the listening socket closes; a keep-alive connection closes after the answer it is
 * giving) while those in flight finish, stops taking jobs while those running finish, each for at most
 * `timeoutMs`; then hands back the jobs still running, closes the app and re-raises the signal.
 */
export function stopGracefullyOnSignals(options: ShutdownOptions): void {
  const { server } = options;
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server?.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) response.shouldKeepAlive = false;
    inFlight.add(response);
    response.on('close', () => inFlight.delete(response));
  });

  const onSignal = (signal: NodeJS.Signals): void => {
    process.removeListener('SIGTERM', onSignal);
    process.removeListener('SIGINT', onSignal);
    draining = true;
    void shutdown(signal);
  };

  const closeServer = async (): Promise<void> => {
    if (server === null) return;
    for (const response of inFlight) response.shouldKeepAlive = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Connections that finish their last answer after close() was called go idle; close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    const forced = new Promise<void>((resolve) =>
      setTimeout(() => {
        if (inFlight.size > 0) options.log.error(`${inFlight.size} request(s) still running after ${options.timeoutMs} ms: their connections are closed.`);
        server.closeAllConnections();
        resolve();
      }, options.timeoutMs).unref(),
    );
    await Promise.race([closed, forced]);
    clearInterval(sweep);
  };

  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    const seconds = Math.round(options.timeoutMs / 1000);
    options.log.log(`${signal}: taking no new requests or jobs; finishing those running (at most ${seconds} s).`);
    setTimeout(() => {
      options.log.error(`Still not stopped ${Math.round((options.timeoutMs + CLOSE_MARGIN_MS) / 1000)} s after ${signal}: exiting now.`);
      process.exit(1);
    }, options.timeoutMs + CLOSE_MARGIN_MS).unref();
    try {
      await Promise.all([closeServer(), options.drainJobs(options.timeoutMs)]);
      await options.context.close();
      options.log.log('Stopped.');
    } catch (error) {
      options.log.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
    // As Node would have without a handler: the exit is by the signal.
    process.kill(process.pid, signal);
  };

  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
