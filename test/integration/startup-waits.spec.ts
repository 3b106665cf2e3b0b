import { connect, createServer, Server, Socket } from 'node:net';
import { join } from 'node:path';
import { closedPort } from '@test/utils/local-server';
import { describeIf } from '@test/utils/requirements';
import { ServerProcess, startProcess } from '@test/utils/server-process';
import { clearRedisPrefix, dropSchema } from '@test/utils/test-app';
import { serverRequirements, services, tempDir, testConfig, uniqueName } from '@test/utils/test-config';

// The server as `npm start` runs it (a process of its own), pointed at servers that are not there yet or never come.

const MAIN = join('apps', 'api', 'src', 'main.ts');

function startServer(env: Record<string, string>): ServerProcess {
  return startProcess(process.execPath, ['-r', '@swc-node/register', MAIN], {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    DATA_DIR: tempDir('casewise-startup-'),
    STARTUP_RETRIES: '4',
    STARTUP_RETRY_DELAY_MS: '300',
    ...env,
  });
}

/** A TCP proxy to `target` that listens on `port` only once `open()` is called, as a server coming up late would. */
function lateProxy(port: number, target: URL): { open(): void; close(): Promise<void> } {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    open() {
      server.listen(port, '127.0.0.1');
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('start-up waits for the servers it is configured with', () => {
  let server: ServerProcess | null = null;

  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('retries PostgreSQL the configured number of times, naming it, then exits non-zero with a message naming it', async () => {
    const port = await closedPort();
    server = startServer({ DATABASE_URL: `postgres://casewise:hunter2-not-logged@127.0.0.1:${port}/casewise`, PORT: String(await closedPort()) });
    const { code } = await server.exited();
    const output = server.output();
    expect(code).toBe(1);
    for (const attempt of [1, 2, 3]) expect(output).toContain(`Waiting for PostgreSQL (127.0.0.1:${port}): attempt ${attempt} of 4 failed`);
    expect(output).toContain(`PostgreSQL (127.0.0.1:${port}) did not answer after 4 attempts 300 ms apart`);
    expect(output).not.toContain('hunter2-not-logged');
    expect(output).not.toContain('listening on');
  }, 60_000);

  it('retries Redis the same way and exits non-zero naming it', async () => {
    const port = await closedPort();
    server = startServer({ REDIS_URL: `redis://127.0.0.1:${port}`, PORT: String(await closedPort()) });
    const { code } = await server.exited();
    expect(code).toBe(1);
    expect(server.output()).toContain(`Waiting for Redis (127.0.0.1:${port}): attempt 1 of 4 failed`);
    expect(server.output()).toContain(`Redis (127.0.0.1:${port}) did not answer after 4 attempts 300 ms apart`);
  }, 60_000);

  it('names Qdrant when it never answers', async () => {
    const port = await closedPort();
    server = startServer({ QDRANT_URL: `http://127.0.0.1:${port}`, PORT: String(await closedPort()), STARTUP_RETRIES: '2' });
    expect((await server.exited()).code).toBe(1);
    expect(server.output()).toContain(`Qdrant (127.0.0.1:${port}) did not answer after 2 attempts 300 ms apart`);
  }, 60_000);

  describeIf(serverRequirements.postgres, 'when PostgreSQL comes up two seconds after the server starts', () => {
    const config = testConfig({}, { redis: false });
    let proxy: { open(): void; close(): Promise<void> } | null = null;

    afterAll(async () => {
      await proxy?.close();
      await dropSchema(config);
    });

    it('waits for it and starts, then answers /api/health/', async () => {
      const port = await closedPort();
      const target = new URL(services.databaseUrl as string);
      proxy = lateProxy(port, target);
      const url = new URL(target);
      url.host = `127.0.0.1:${port}`;
      const httpPort = await closedPort();
      server = startServer({ DATABASE_URL: url.toString(), DATABASE_SCHEMA: config.database.schema ?? uniqueName('t'), PORT: String(httpPort), STARTUP_RETRIES: '30', STARTUP_RETRY_DELAY_MS: '250' });
      await server.waitFor(`Waiting for PostgreSQL (127.0.0.1:${port}): attempt 1 of 30 failed`, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(server.output()).not.toContain('listening on');
      proxy.open();
      await server.waitFor('listening on', 90_000);
      expect(server.output()).toMatch(new RegExp(`PostgreSQL \\(127\\.0\\.0\\.1:${port}\\) answers \\(attempt \\d+ of 30\\)`));
      const health = await fetch(`http://127.0.0.1:${httpPort}/api/health/`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ database: 'postgres' });
    }, 120_000);
  });

  describeIf(serverRequirements.redis, 'when Redis comes up two seconds after the server starts', () => {
    const config = testConfig({}, { redis: true });
    let proxy: { open(): void; close(): Promise<void> } | null = null;

    afterAll(async () => {
      await proxy?.close();
      await clearRedisPrefix(config);
    });

    it('waits for it and starts with the Redis queue', async () => {
      const port = await closedPort();
      proxy = lateProxy(port, new URL(services.redisUrl as string));
      const httpPort = await closedPort();
      server = startServer({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: config.redis.prefix, PORT: String(httpPort), STARTUP_RETRIES: '30', STARTUP_RETRY_DELAY_MS: '250' });
      await server.waitFor(`Waiting for Redis (127.0.0.1:${port}): attempt 1 of 30 failed`, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(server.output()).not.toContain('listening on');
      proxy.open();
      await server.waitFor('listening on', 90_000);
      const health = await fetch(`http://127.0.0.1:${httpPort}/api/health/`);
      expect(await health.json()).toMatchObject({ status: 'ok', queue: 'redis' });
    }, 120_000);
  });
});
