import { AddressInfo } from 'node:net';
import { NestExpressApplication } from '@nestjs/platform-express';
import IORedis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createHttpApp } from '@api/app.factory';
import { AppConfig } from '@api/modules/config/config.types';
import { seedEmbeddedCluster } from './embedded-cluster';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** http://127.0.0.1:{port}: where the typed client (test/utils/api.ts) sends its requests. */
  baseUrl: string;
  /** Raw HTTP, for requests the contract cannot describe (malformed bodies, header tricks, raw bytes). */
  http: TestAgent;
  close(options?: { keepData?: boolean }): Promise<void>;
}

export async function dropSchema(config: AppConfig): Promise<void> {
  if (config.database.kind !== 'postgres' || !config.database.schema) return;
  const client = new Client({ connectionString: config.database.url?.reveal() });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${config.database.schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

export async function clearRedisPrefix(config: AppConfig): Promise<void> {
  const url = config.redis.url?.reveal();
  if (!url) return;
  const redis = new IORedis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${config.redis.prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Boots the real HTTP app in-process (the same factory as `npm start`) on a free port of 127.0.0.1, for the typed
 * client over fetch (test/utils/api.ts) and for supertest.
 */
export async function startTestApp(config: AppConfig): Promise<TestApp> {
  await seedEmbeddedCluster(config);
  const app = await createHttpApp(config, { logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    app,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    http: request(app.getHttpServer()),
    async close(options = {}) {
      await app.close();
      if (!options.keepData) {
        await dropSchema(config);
        await clearRedisPrefix(config);
      }
    },
  };
}
