import { once } from 'node:events';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createUser, TestUser } from '../utils/factory';
import { bearer } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

interface RawResponse {
  status: number;
  body: unknown;
}

/** Sends bytes exactly as given (a wrong Content-Length included) and reads the first response. */
async function rawRequest(port: number, head: string, body: Buffer, options: { halfClose?: boolean } = {}): Promise<RawResponse> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), body]));
  if (options.halfClose) socket.end();
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await Promise.race([once(socket, 'end'), once(socket, 'close')]);
  socket.destroy();
  const text = Buffer.concat(chunks).toString('utf8');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
  const payload = text.slice(text.indexOf('\r\n\r\n') + 4);
  let parsed: unknown = payload;
  try {
    parsed = JSON.parse(payload);
  } catch {
    // Not JSON: the assertion on the body shape reports it.
  }
  return { status, body: parsed };
}

/** Sends the bytes as they are: superagent would otherwise serialise a Buffer as JSON (its typings say string). */
const asIs = (data: Buffer): string => data as unknown as string;

const deep = (levels: number): string => `{"name": ${'['.repeat(levels)}${']'.repeat(levels)}, "description": ""}`;

describe('malformed request bodies', () => {
  let ctx: TestApp;
  let user: TestUser;
  let port: number;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({}, { redis: false }));
    user = await createUser(ctx, 'bodies');
    // The test app already listens on a port of 127.0.0.1.
    port = Number(new URL(ctx.baseUrl).port);
  });

  afterAll(() => ctx.close());

  const post = (path: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    let request = ctx.http.post(path).set(...bearer(user)).set('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
    return request.serialize(asIs).send(Buffer.isBuffer(body) ? body : Buffer.from(body));
  };

  function expectError(response: { status: number; body: unknown }, status: number, detail: string | RegExp): void {
    expect(response.status).toBe(status);
    const body = response.body as { statusCode: number; detail: string; error: string };
    expect(Object.keys(body).sort()).toEqual(['detail', 'error', 'statusCode']);
    expect(body.statusCode).toBe(status);
    expect(body.detail).toEqual(typeof detail === 'string' ? detail : expect.stringMatching(detail));
    expect(body.error).toBe(body.detail);
  }

  it.each([
    ['an escaped NUL in a string', '{"name": "Matter\\u0000", "description": ""}'],
    ['an escaped NUL in a key', '{"name": "Matter", "description": "", "x\\u0000": 1}'],
  ])('refuses %s with 400', async (_case, body) => {
    expectError(await post('/api/projects/', body), 400, 'The request body must not contain NUL characters (\\u0000).');
  });

  it.each([
    ['/api/signup/', '{"email": "x\\udc00y@firm.example", "password": "long enough password"}'],
    ['/api/login/', '{"email": "\\ud800", "password": "long enough password"}'],
    ['/api/projects/', '{"name": "Matter \\ud83d", "description": ""}'],
  ])('refuses an escaped lone surrogate sent to %s with 400', async (path, body) => {
    expectError(await post(path, body), 400, 'The request body must be valid Unicode: it contains an unpaired surrogate (\\uD800-\\uDFFF).');
  });

  it('accepts a well-formed pair of surrogates (an emoji)', async () => {
    const response = await post('/api/projects/', '{"name": "Matter \\ud83d\\udcc4", "description": ""}');
    expect(response.status).toBe(201);
    expect(response.body.name).toBe('Matter 📄');
  });

  it('refuses a raw NUL byte inside JSON as invalid JSON', async () => {
    expectError(await post('/api/projects/', Buffer.from('{"name": "Mat\u0000ter", "description": ""}')), 400, 'The request body is not valid JSON.');
  });

  it.each([
    ['gzip', Buffer.from('this is not gzip at all')],
    ['deflate', Buffer.from('neither is this deflate')],
    ['br', Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x13, 0x37])],
    ['gzip', gzipSync(Buffer.from('{"name": "Matter", "description": ""}')).subarray(0, 12)],
  ])('refuses a body that says it is %s but is not with 400', async (encoding, bytes) => {
    expectError(await post('/api/projects/', bytes, { 'Content-Encoding': encoding }), 400, `The request body is not valid ${encoding} data.`);
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('still accepts a real %s body', async (encoding, compress) => {
    const response = await post('/api/projects/', compress(Buffer.from('{"name": "Compressed matter", "description": ""}')), { 'Content-Encoding': encoding });
    expect(response.status).toBe(201);
  });

  it('refuses an unknown content encoding with 415', async () => {
    expectError(await post('/api/projects/', Buffer.from('{}'), { 'Content-Encoding': 'compress' }), 415, 'The request body has an unsupported encoding.');
  });

  it('refuses JSON nested 5,000 deep with 400, and accepts the ordinary depth', async () => {
    expectError(await post('/api/projects/', deep(5000)), 400, 'The request body is nested too deeply: at most 32 levels are accepted.');
    expectError(await post('/api/projects/', deep(40)), 400, /nested too deeply/);
    const response = await post('/api/projects/', deep(3));
    expect(response.status).toBe(400);
    expect((response.body as { detail: string }).detail).not.toMatch(/nested/);
  });

  it.each(['null', '42', '"a string"', 'true', '[]', '[{"name": "Matter", "description": ""}]'])('refuses the top-level JSON %s where an object is expected', async (body) => {
    expectError(await post('/api/projects/', body), 400, /^The request body (is not valid JSON|must be a JSON object)\.$/);
  });

  it.each(['__proto__', 'constructor', 'prototype'])('refuses the key %s at any depth', async (key) => {
    expectError(await post('/api/projects/', `{"name": "Matter", "description": "", "${key}": {"isAdmin": true}}`), 400, `The request body must not contain the key "${key}".`);
    expectError(await post('/api/login/', `{"email": "a@firm.example", "password": "x", "nested": {"${key}": {"polluted": 1}}}`), 400, `The request body must not contain the key "${key}".`);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses invalid UTF-8 with 400, in JSON and in a form', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name": "Matter '), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('", "description": ""}')]);
    expectError(await post('/api/projects/', bytes), 400, 'The request body is not valid UTF-8.');
    const form = await ctx.http
      .post('/api/login/')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .serialize(asIs)
      .send(Buffer.concat([Buffer.from('email=a%40firm.example&password='), Buffer.from([0xff, 0xfe])]));
    expectError(form, 400, 'The request body is not valid UTF-8.');
  });

  it('refuses a body longer than its Content-Length says, and one cut short of it', async () => {
    const json = '{"email": "a@firm.example", "password": "long enough password"}';
    const shorter = await rawRequest(port, `POST /api/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: 20`, Buffer.from(json));
    expectError(shorter, 400, 'The request is not valid HTTP: for example, more body bytes than its Content-Length states.');
    const cut = await rawRequest(port, `POST /api/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${json.length + 50}`, Buffer.from(json), { halfClose: true });
    expectError(cut, 400, 'The request ended before its body was complete.');
  });

  it.each([
    ['password', { email: 'nobody@firm.example', otp: '123456', password: null }, 'Please enter a new password.'],
    ['new_password', { email: 'nobody@firm.example', otp: '123456', new_password: null }, 'Please enter a new password.'],
  ])('takes a null %s as absent, not as a value to read', async (_field, body, detail) => {
    expectError(await post('/api/reset-password/', JSON.stringify(body)), 400, detail);
  });

  it('still refuses a null where a field is required', async () => {
    const response = await post('/api/projects/', '{"name": null, "description": ""}');
    expect(response.status).toBe(400);
  });

  it('stays healthy after all of it', async () => {
    await ctx.http.get('/api/health/').expect(200);
    const response = await post('/api/projects/', '{"name": "Afterwards", "description": "ok"}');
    expect(response.status).toBe(201);
  });
});
