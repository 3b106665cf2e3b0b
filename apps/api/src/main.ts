import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createHttpApp, createWorkerContext } from './app.factory';
import { ConfigError } from '@api/modules/config/config.error';
import { loadConfig } from '@api/modules/config/load-config';
import { JsonLogger } from '@api/modules/logging/json-logger';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { Server } from 'node:http';
import { stopGracefullyOnSignals } from './startup/graceful-shutdown';
import { configuredDependencies, DependencyUnavailableError, waitForDependencies } from './startup/wait-for-dependencies';

async function main(): Promise<void> {
  // Nothing the app writes under DATA_DIR is for other accounts on the machine.
  process.umask(0o077);
  const config = loadConfig(process.env);
  // Every line the process writes is one JSON object, from the first.
  Logger.overrideLogger(new JsonLogger(config.app.logLevel));
  const logger = new Logger('Casewise');
  await waitForDependencies(configuredDependencies(config), { attempts: config.startup.retries, delayMs: config.startup.retryDelayMs }, logger);
  const timeoutMs = config.shutdown.timeoutSeconds * 1000;
  if (config.app.role === 'worker') {
    const context = await createWorkerContext(config);
    const jobs = context.get(JobRepository);
    stopGracefullyOnSignals({ context, server: null, drainJobs: (ms) => jobs.drain(ms), timeoutMs, log: logger });
    logger.log(`Worker started (database: ${config.database.kind}, queue: ${config.redis.url ? 'redis' : 'inline'})`);
    return;
  }
  const app = await createHttpApp(config);
  const jobs = app.get(JobRepository);
  stopGracefullyOnSignals({ context: app, server: app.getHttpServer() as Server, drainJobs: (ms) => jobs.drain(ms), timeoutMs, log: logger });
  await app.listen(config.http.port, config.http.host);
  logger.log(`Casewise ${config.app.version} listening on http://localhost:${config.http.port} (role: ${config.app.role}, database: ${config.database.kind}, queue: ${config.redis.url ? 'redis' : 'inline'})`);
}

main().catch((error: unknown) => {
  const logger = new JsonLogger();
  if (error instanceof ConfigError || error instanceof DependencyUnavailableError) {
    logger.error(error.message, 'Casewise');
  } else {
    logger.error(`Casewise could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, 'Casewise');
  }
  process.exit(1);
});
