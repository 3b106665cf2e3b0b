import { NestExpressApplication } from '@nestjs/platform-express';
import IORedis from 'ioredis';
import { Client } from 'pg';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { createHttpApp } from '@api/app.factory';
import { AppConfig } from '@api/modules/config/config.types';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
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

/** Boots the real HTTP app in-process (the same factory as `npm start`) and talks to it with supertest. */
export async function startTestApp(config: AppConfig): Promise<TestApp> {
  const app = await createHttpApp(config, { logger: false });
  await app.init();
  return {
    app,
    config,
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
