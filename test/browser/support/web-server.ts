import { existsSync, mkdirSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createHttpApp } from '@api/app.factory';
import { AppConfig } from '@api/modules/config/config.types';
import { seedEmbeddedCluster } from '../../utils/embedded-cluster';
import { factory } from '../../utils/factory';
import { latestCode } from '../../utils/outbox';
import { clearRedisPrefix, dropSchema } from '../../utils/test-app';
import { testConfig } from '../../utils/test-config';

export const ROOT = join(__dirname, '..', '..', '..');
export const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');
export const CONSOLE_DIST = join(ROOT, 'apps', 'console', 'dist');
export const SCREENS_DIR = join(ROOT, 'test-output', 'screens');

export interface WebServer {
  app: NestExpressApplication;
  config: AppConfig;
  /** http://127.0.0.1:{port}, serving the API under /api, the console under /admin/ and the web app everywhere else. */
  baseUrl: string;
  /** A JSON call to the API from the test itself (not through the browser). */
  call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T>;
  close(): Promise<void>;
}

/** The real product in-process: the same factory as `npm start`, listening on a free port of 127.0.0.1. */
export async function startWebServer(): Promise<WebServer> {
  for (const dist of [WEB_DIST, CONSOLE_DIST]) {
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`No build in ${dist}: run "npm run build" (npm run test:browser does).`);
  }
  const config = testConfig({ WEB_DIR: WEB_DIST, CONSOLE_DIR: CONSOLE_DIST });
  await seedEmbeddedCluster(config);
  const app = await createHttpApp(config, { logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  return {
    app,
    config,
    baseUrl,
    call,
    async close() {
      await app.close();
      await dropSchema(config);
      await clearRedisPrefix(config);
    },
  };
}

export interface Account {
  email: string;
  password: string;
  token: string;
}

/** A verified account made through the API, for tests whose subject is not the sign-up screens. */
export async function createAccount(server: WebServer, label: string): Promise<Account> {
  const email = factory.email(label);
  const password = factory.password();
  await server.call('POST', '/api/signup/', { email, password });
  await server.call('POST', '/api/verify-otp/', { email, otp: await latestCode(server.config, email) });
  const { token } = await server.call<{ token: string }>('POST', '/api/login/', { email, password });
  return { email, password, token };
}

export function screenPath(name: string): string {
  mkdirSync(SCREENS_DIR, { recursive: true });
  return join(SCREENS_DIR, `${name}.png`);
}
