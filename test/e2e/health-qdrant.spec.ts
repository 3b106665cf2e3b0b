import type { Server } from 'node:http';
import { api, ok } from '@test/utils/api';
import { closeServer, listenLocally, localOrigin } from '@test/utils/local-server';
import { startTestApp, TestApp } from '@test/utils/test-app';
import { testConfig } from '@test/utils/test-config';

// No Qdrant server can be installed here: a stand-in answers its readiness route as Qdrant does, behind its api-key.

const QDRANT_KEY = 'qdrant-key-not-in-health';

describe('GET /api/health/ with QDRANT_URL', () => {
  let qdrant: Server;
  let ctx: TestApp;
  let answering = true;
  const seenKeys: (string | undefined)[] = [];

  beforeAll(async () => {
    qdrant = await listenLocally((request, response) => {
      seenKeys.push(request.headers['api-key'] as string | undefined);
      const ready = answering && request.url === '/readyz' && request.headers['api-key'] === QDRANT_KEY;
      response.writeHead(ready ? 200 : 503, { 'Content-Type': 'text/plain' }).end(ready ? 'all shards are ready' : 'not ready');
    });
    ctx = await startTestApp(testConfig({ QDRANT_URL: localOrigin(qdrant), QDRANT_API_KEY: QDRANT_KEY }));
  });

  afterAll(async () => {
    await ctx?.close();
    await closeServer(qdrant);
  });

  it('reports Qdrant as the vector index, up, with its key sent and never shown', async () => {
    const { data, response } = await api(ctx).GET('/api/health/');
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ status: 'ok', vectors: 'qdrant', qdrant: 'up' });
    expect(seenKeys).toContain(QDRANT_KEY);
    expect(JSON.stringify(data)).not.toContain(QDRANT_KEY);
  });

  it('is degraded, naming Qdrant down, when Qdrant does not answer; still ready for the load balancer', async () => {
    answering = false;
    try {
      const health = await ok(api(ctx).GET('/api/health/'));
      expect(health).toMatchObject({ status: 'degraded', vectors: 'qdrant', qdrant: 'down' });
      await ok(api(ctx).GET('/api/health/ready/'));
    } finally {
      answering = true;
    }
  });
});

describe('GET /api/health/ without QDRANT_URL', () => {
  let ctx: TestApp;
  beforeAll(async () => (ctx = await startTestApp(testConfig())));
  afterAll(async () => ctx?.close());

  it('reports the vectors in the database and says nothing of Qdrant', async () => {
    const health = await ok(api(ctx).GET('/api/health/'));
    expect(health).toMatchObject({ status: 'ok', vectors: 'database' });
    expect(health).not.toHaveProperty('qdrant');
  });
});
