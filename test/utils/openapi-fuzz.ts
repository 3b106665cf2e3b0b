import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import fc, { type Arbitrary } from 'fast-check';
import { load } from 'js-yaml';

/** The slice of OpenAPI 3 the generator reads. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  items?: Schema;
}

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface RawOperation {
  operationId: string;
  parameters?: RawParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  security?: unknown[];
}

interface RawDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  pathParams: RawParameter[];
  queryParams: RawParameter[];
  body?: { contentType: string; schema: Schema; required: boolean };
  secured: boolean;
}

/** Every operation of the contract, with its body schema resolved. */
export function loadOperations(file: string): Operation[] {
  const document = load(readFileSync(file, 'utf8')) as RawDocument;
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(document.components.schemas[name]);
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
      operations.push({
        id: operation.operationId,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: content ? { contentType: content[0], schema: resolve(content[1].schema), required: operation.requestBody?.required ?? false } : undefined,
        secured: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** One signed-in user's world: what it owns, and the unique strings that must never reach anybody else. */
export interface Tenant {
  label: string;
  email: string;
  password: string;
  token: string;
  /** Holds the planted document; the owner never deletes it during a run. */
  projectId: string;
  projectName: string;
  /** What the owner's own DELETE requests aim at. */
  scratchProjectId: string;
  scratchProjectName: string;
  /** A file in the scratch project, for the owner's own DELETE requests. */
  scratchFilename: string;
  documentId: string;
  filename: string;
  textMarker: string;
  /** Earlier scratch projects' ids and names (a run may delete one; a fresh one takes its place). */
  formerMarkers: string[];
}

export function markersOf(tenant: Tenant): string[] {
  return [tenant.email, tenant.projectId, tenant.projectName, tenant.scratchProjectId, tenant.scratchProjectName, tenant.documentId, tenant.filename, tenant.textMarker, ...tenant.formerMarkers];
}

export type Actor = 'anonymous' | 'forged' | 'a' | 'b';

export interface FuzzRequest {
  actor: Actor;
  method: string;
  /** Exactly as sent: already percent-encoded where it should be, and raw where the case is about that. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** For the report: what was generated, before encoding. */
  summary: string;
}

export interface FuzzResponse {
  status: number;
  contentType: string;
  text: string;
}

/** Percent-encodes a value for a path segment or query; lone surrogates go as their UTF-8 replacement bytes. */
export function encodeComponent(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '        ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  'invoice\u202Efdp.exe',
  '\u200B\u200C\u200D\uFEFF',
  '\u202B\u0645\u0631\u062D\u0628\u0627\u202C',
  '👩‍⚖️📄🏳️‍🌈',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '../../etc/passwd',
  '..',
  '%00',
  '%2e%2e%2f',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}#{7*7}',
  '\r\nSet-Cookie: x=1',
  '\\..\\..\\windows',
  'null',
  '-1',
  '1e309',
  'NaN',
  'x'.repeat(10_000),
  'é'.repeat(100_000),
];

/** Raw path segments, sent without further encoding. */
const HOSTILE_SEGMENTS = ['..', '.', '%2e%2e', '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd', '%00', '%', '%E0%A4%A', '%FF%FE', '%C0%AE%C0%AE', 'a'.repeat(5_000), '%2F', ';x=1', '%20', '-1', '0', 'null', '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'];

const hostileString: Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 2_000 }) },
);

const wrongType: Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constant({ $gt: '' }),
);

/** What the generator draws on for one request: the acting user (if any) and the other user. */
export interface Pools {
  self?: Tenant;
  other: Tenant;
  /** DELETE requests of the owner aim at the scratch project, so the planted one stays for the whole run. */
  destructive: boolean;
}

function idValues(pools: Pools): Arbitrary<string> {
  const own = pools.self ? [pools.destructive ? pools.self.scratchProjectId : pools.self.projectId] : [];
  return fc.oneof(
    { weight: 4, arbitrary: own.length > 0 ? fc.constantFrom(...own) : fc.uuid() },
    { weight: 3, arbitrary: fc.constantFrom(pools.other.projectId, pools.other.scratchProjectId) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

function documentIdValues(pools: Pools): Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: pools.self ? fc.constant(pools.self.documentId) : fc.uuid() },
    { weight: 3, arbitrary: fc.constant(pools.other.documentId) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

function filenameValues(pools: Pools): Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: pools.self ? fc.constant(pools.destructive ? pools.self.scratchFilename : pools.self.filename) : fc.constant('absent.txt') },
    { weight: 3, arbitrary: fc.constant(pools.other.filename) },
    { weight: 2, arbitrary: fc.constantFrom('notes.txt', 'Exhibit A — “Settlement”.txt', '合同.txt', 'a..b.txt') },
  );
}

function emailValues(pools: Pools): Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(/^[0-9a-f]{10}$/).map((hex) => `fuzz-${hex}@firm.example`) },
    { weight: 2, arbitrary: pools.self ? fc.constant(pools.self.email) : fc.constant('nobody@firm.example') },
    { weight: 1, arbitrary: fc.constant(pools.other.email) },
    { weight: 1, arbitrary: fc.constantFrom('not-an-email', 'a@b', 'UPPER@FIRM.EXAMPLE', ` ${pools.other.email} `, 'a@firm.example\u0000b') },
  );
}

/** A valid value for a property the contract names, so a good share of requests get past validation. */
function plausible(name: string, schema: Schema, pools: Pools): Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (name === 'id' || name === 'project_id' || schema.format === 'uuid') return idValues(pools);
  if (name === 'documentId') return documentIdValues(pools);
  if (name === 'filename') return filenameValues(pools);
  if (name === 'email') return emailValues(pools);
  if (name.includes('password')) return fc.constantFrom('correct horse battery staple 7', 'short', 'Tr0ub4dor&3-fuzz');
  if (name === 'otp') return fc.stringMatching(/^\d{6}$/);
  if (name === 'question') return fc.constantFrom('What is the governing law?', 'Who are the parties?', 'Summarize the main points', 'Is there a cap on liability?');
  if (name === 'name') return fc.constantFrom('Fuzz matter', 'Acme v. Globex', 'Matter 2');
  if (name === 'description') return fc.constantFrom('', 'A matter under review.');
  if (schema.type === 'number' || schema.type === 'integer') return fc.integer({ min: 0, max: 1_000 });
  if (schema.type === 'boolean') return fc.boolean();
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) });
}

function fieldValue(name: string, schema: Schema, pools: Pools): Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: plausible(name, schema, pools) },
    { weight: 3, arbitrary: hostileString },
    { weight: 1, arbitrary: wrongType },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...(schema.maxLength ? ['x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1)] : ['x'.repeat(300)]), ...(schema.minLength ? ['x'.repeat(schema.minLength - 1)] : [])),
    },
  );
}

/** Present in about one request in six. */
function rarely<T>(arbitrary: Arbitrary<T>): Arbitrary<T | undefined> {
  return fc.oneof({ weight: 1, arbitrary }, { weight: 5, arbitrary: fc.constant(undefined) });
}

const extraKey: Arbitrary<string> = fc.oneof(fc.constantFrom('extra', 'isAdmin', 'user_id', 'owner', '$where', '__proto__', 'constructor', ''), fc.string({ maxLength: 10 }));

/** A JSON object for the schema: required fields mostly present, optional ones sometimes, extra ones now and then. */
function objectFor(schema: Schema, pools: Pools): Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).map(([name, property]) =>
    fc.option(fieldValue(name, property, pools), { nil: undefined, freq: required.has(name) ? 12 : 2 }).map((value) => [name, value] as const),
  );
  const extras = rarely(fc.dictionary(extraKey, fc.oneof(hostileString, wrongType), { minKeys: 1, maxKeys: 2 }));
  return fc.tuple(fc.tuple(...entries), extras).map(([pairs, extra]) => {
    const body: Record<string, unknown> = {};
    for (const [name, value] of pairs) if (value !== undefined) body[name] = value;
    // Extra keys go in through JSON text, so "__proto__" stays an own key as a client would send it.
    return extra ? { ...body, ...JSON.parse(JSON.stringify(extra)) } : body;
  });
}

type JsonBody = { kind: 'json'; value: unknown; contentType: string } | { kind: 'raw'; bytes: Buffer; contentType: string; encoding?: string };

function jsonBody(schema: Schema, pools: Pools): Arbitrary<JsonBody> {
  return fc.oneof(
    { weight: 12, arbitrary: objectFor(schema, pools).map((value): JsonBody => ({ kind: 'json', value, contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.oneof(wrongType, hostileString).map((value): JsonBody => ({ kind: 'json', value, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<[string, Buffer, string | undefined]>(
          ['application/json', Buffer.from('{"unterminated": '), undefined],
          ['application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), undefined],
          ['application/json', Buffer.from('not gzip'), 'gzip'],
          ['application/json', Buffer.from('x'.repeat(1_100_000)), undefined],
          ['application/json; charset=latin1', Buffer.from('{}'), undefined],
          ['text/plain', Buffer.from('question=hi'), undefined],
          ['application/x-www-form-urlencoded', Buffer.from('email=a%40b.c&password=x&password=y'), undefined],
          ['application/json', Buffer.from(`{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`), undefined],
        )
        .map(([contentType, bytes, encoding]): JsonBody => ({ kind: 'raw', bytes, contentType, encoding })),
    },
  );
}

interface Part {
  name: string;
  value: string | { filename: string; bytes: Buffer; contentType: string };
}

const FILE_BYTES: Arbitrary<Buffer> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('SECTION 1. TERM. This Agreement lasts five years.', '# Memo\n\nThe laws of Delaware govern.').map((text) => Buffer.from(text)) },
  fc.constantFrom(
    Buffer.alloc(0),
    Buffer.from('%PDF-1.7\n%%EOF'),
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
    Buffer.from('PK\u0003\u0004 not really a zip'),
    Buffer.from('   \n\t  \n'),
  ),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
);

const UPLOAD_NAMES: Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('fuzz.txt', 'Brief (draft) #2.md', 'contract.pdf', 'scan.png', 'mail.eml', 'page.html') },
  { weight: 2, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom('../../etc/passwd.txt', 'C:\\evil.txt', 'a/b.txt', `${'n'.repeat(300)}.txt`, '.txt', '.', 'con.txt') },
);

function multipartParts(schema: Schema, pools: Pools): Arbitrary<Part[]> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  // Plain fields first, as forms send them (the upload reads project_id before the file); sometimes the other way round.
  properties.sort(([, x], [, y]) => Number(x.format === 'binary') - Number(y.format === 'binary'));
  const parts = properties.map(([name, property]) => {
    const value: Arbitrary<Part[]> =
      property.format === 'binary'
        ? fc
            .tuple(fc.record({ filename: UPLOAD_NAMES, bytes: FILE_BYTES, contentType: fc.constantFrom('text/plain', 'application/pdf', 'application/octet-stream', 'image/png') }), rarely(fc.record({ filename: UPLOAD_NAMES, bytes: FILE_BYTES, contentType: fc.constant('text/plain') })))
            .map((files) => files.flatMap((file) => (file ? [{ name, value: file }] : [])))
        : fc.oneof(
            { weight: 9, arbitrary: fieldValue(name, property, pools).map((v) => [{ name, value: typeof v === 'string' ? v : (JSON.stringify(v) ?? '') }]) },
            { weight: 1, arbitrary: fc.constant<Part[]>([{ name, value: pools.other.projectId }, { name, value: pools.self?.projectId ?? pools.other.projectId }]) },
          );
    return fc.option(value, { nil: undefined, freq: required.has(name) ? 12 : 2 });
  });
  const extra = rarely(fc.tuple(extraKey, hostileString).map(([name, value]) => [{ name: name || 'extra', value }]));
  const reversed = fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 4, arbitrary: fc.constant(false) });
  return fc.tuple(fc.tuple(...parts), extra, reversed).map(([chosen, more, reverse]) => {
    const all = [...chosen.flatMap((p) => p ?? []), ...(more ?? [])];
    return reverse ? all.reverse() : all;
  });
}

/** A part name or file name as a browser sends it: quotes and line breaks escaped, the rest as UTF-8. */
function quoted(value: string): string {
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function multipartBody(parts: Part[]): { bytes: Buffer; contentType: string } {
  const boundary = `----casewise-fuzz-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (typeof part.value === 'string') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${quoted(part.name)}"\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${quoted(part.name)}"; filename="${quoted(part.value.filename)}"\r\nContent-Type: ${part.value.contentType}\r\n\r\n`),
        part.value.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { bytes: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function pathValue(name: string, schema: Schema, pools: Pools): Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: plausible(name, schema, pools).map((v) => encodeComponent(String(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0).map(encodeComponent) },
  );
}

function queryString(operation: Operation, pools: Pools): Arbitrary<string> {
  const params = operation.queryParams.map((param) =>
    fc
      .option(
        fc.oneof(
          { weight: 8, arbitrary: fieldValue(param.name, param.schema ?? {}, pools).map((v) => [`${param.name}=${encodeComponent(typeof v === 'string' ? v : JSON.stringify(v) ?? '')}`]) },
          { weight: 1, arbitrary: fc.tuple(idValues(pools), idValues(pools)).map(([x, y]) => [`${param.name}=${x}`, `${param.name}=${y}`]) },
          { weight: 1, arbitrary: fc.constantFrom(`${param.name}[]=x`, `${param.name}[a]=b`, param.name, `${param.name}=%`, `${param.name}=%00`) .map((s) => [s]) },
        ),
        { nil: undefined, freq: param.required ? 12 : 3 },
      )
      .map((value) => value ?? []),
  );
  const extra = rarely(fc.constantFrom('x=1', 'format=../../x', 'limit=-1', 'page=999999999999', '__proto__[x]=1'));
  return fc.tuple(fc.tuple(...params), extra).map(([chosen, more]) => {
    const all = [...chosen.flat(), ...(more ? [more] : [])];
    return all.length > 0 ? `?${all.join('&')}` : '';
  });
}

/** Tokens that must never authenticate: unsigned, re-signed, cut or in the wrong scheme. */
function forgedAuthorization(tenants: Tenant[]): Arbitrary<string> {
  const [header, payload] = tenants[0].token.split('.');
  const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
  return fc.constantFrom('Bearer ', 'Bearer x.y.z', `Bearer ${header}.${payload}.AAAA`, `Bearer ${none}`, `Bearer ${tenants[0].token.slice(0, -3)}`, `Basic ${Buffer.from('a:b').toString('base64')}`, `Bearer ${'a'.repeat(9_000)}`);
}

/** Requests for one operation: each actor, each kind of value, each kind of body. */
export function requestsFor(operation: Operation, tenants: [Tenant, Tenant]): Arbitrary<FuzzRequest> {
  const actors: Actor[] = ['a', 'b', 'anonymous', 'forged'];
  const actorWeights: Record<Actor, number> = operation.secured ? { a: 4, b: 4, anonymous: 1, forged: 1 } : { a: 2, b: 2, anonymous: 3, forged: 1 };
  const actor = fc.oneof(...actors.map((a) => ({ weight: actorWeights[a], arbitrary: fc.constant(a) })));
  return actor.chain((who) => {
    const self = who === 'a' ? tenants[0] : who === 'b' ? tenants[1] : undefined;
    const other = who === 'b' ? tenants[0] : tenants[1];
    const pools: Pools = { self, other, destructive: operation.method === 'DELETE' };
    const path = fc.tuple(...operation.pathParams.map((param) => pathValue(param.name, param.schema ?? {}, pools).map((value) => [param.name, value] as const)));
    const authorization: Arbitrary<string | undefined> = self ? fc.constant(`Bearer ${self.token}`) : who === 'forged' ? forgedAuthorization(tenants) : fc.constant(undefined);
    const body: Arbitrary<JsonBody | { kind: 'multipart'; parts: Part[] } | undefined> = !operation.body
      ? rarely(fc.constant<JsonBody>({ kind: 'json', value: { unexpected: 'body' }, contentType: 'application/json' }))
      : operation.body.contentType.startsWith('multipart/')
        ? multipartParts(operation.body.schema, pools).map((parts) => ({ kind: 'multipart' as const, parts }))
        : jsonBody(operation.body.schema, pools);
    return fc.tuple(path, queryString(operation, pools), authorization, body).map(([pathValues, query, auth, content]): FuzzRequest => {
      let url = operation.path;
      for (const [name, value] of pathValues) url = url.replace(`{${name}}`, value);
      const headers: Record<string, string> = {};
      if (auth !== undefined) headers.authorization = auth;
      let bytes: Buffer | undefined;
      let shown = '';
      if (content?.kind === 'multipart') {
        const encoded = multipartBody(content.parts);
        bytes = encoded.bytes;
        headers['content-type'] = encoded.contentType;
        shown = JSON.stringify(content.parts.map((p) => (typeof p.value === 'string' ? [p.name, p.value] : [p.name, p.value.filename, p.value.bytes.length])));
      } else if (content?.kind === 'json') {
        bytes = Buffer.from(JSON.stringify(content.value) ?? 'null');
        headers['content-type'] = content.contentType;
        shown = bytes.toString('utf8');
      } else if (content?.kind === 'raw') {
        bytes = content.bytes;
        headers['content-type'] = content.contentType;
        if (content.encoding) headers['content-encoding'] = content.encoding;
        shown = `raw ${content.contentType}${content.encoding ? ` ${content.encoding}` : ''} (${bytes.length} bytes)`;
      }
      if (bytes) headers['content-length'] = String(bytes.length);
      const summary = `${who} ${operation.method} ${url}${query}${shown ? ` ${shown.length > 300 ? `${shown.slice(0, 300)}… (${shown.length} chars)` : shown}` : ''}`;
      return { actor: who, method: operation.method, path: `${url}${query}`, headers, body: bytes, summary };
    });
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** Sends a request as generated (no client-side normalisation of the path), and reads the whole answer. */
export function send(port: number, fuzz: FuzzRequest): Promise<FuzzResponse> {
  return new Promise((resolvePromise, reject) => {
    const req = request({ host: '127.0.0.1', port, method: fuzz.method, path: fuzz.path, headers: fuzz.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(fuzz.body);
  });
}

export function closeAgent(): void {
  agent.destroy();
}

/** What is wrong with one response, if anything: a 5xx, an error body off the contract, another user's data. */
export function problemsOf(fuzz: FuzzRequest, response: FuzzResponse, foreignMarkers: string[]): string[] {
  const problems: string[] = [];
  if (response.status >= 500) problems.push(`status ${response.status}`);
  if (response.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(response.text);
    } catch {
      body = undefined;
    }
    const shape = body as { statusCode?: unknown; detail?: unknown; error?: unknown } | undefined;
    const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
    const ok =
      keys === 'detail,error,statusCode' &&
      shape?.statusCode === response.status &&
      typeof shape.detail === 'string' &&
      shape.detail.length > 0 &&
      typeof shape.error === 'string' &&
      shape.error.length > 0 &&
      response.contentType.startsWith('application/json');
    if (!ok) problems.push(`error body off the contract (${response.contentType}): ${response.text.slice(0, 200)}`);
  }
  const sent = `${decodeSafely(fuzz.path)} ${fuzz.path} ${fuzz.body?.toString('utf8') ?? ''}`;
  for (const marker of foreignMarkers) {
    if (response.text.includes(marker) && !sent.includes(marker)) problems.push(`another user's data in the response: ${marker}`);
  }
  return problems;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
