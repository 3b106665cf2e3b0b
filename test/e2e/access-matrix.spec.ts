import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Response } from 'superagent';
import { DataSource } from 'typeorm';
import { ACCESS, Actor, ACTOR_DESCRIPTIONS, ACTORS, disagreements, Fixture, Row } from '../utils/access-matrix';
import { api, ok, Outcome, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { loadOperations, Operation } from '../utils/openapi-fuzz';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// The authorization matrix, generated: every operation of openapi.yaml that needs a session is called by
// every actor of the table, each case on a project planted for it alone, so no case's delete can make another pass.
const operations = loadOperations(join(__dirname, '..', '..', 'openapi.yaml'));

type Scoped = { operation: Operation; row: Exclude<Row, { scope: 'public' }> };
const scoped: Scoped[] = operations.flatMap((operation) => {
  const row = ACCESS[operation.id];
  return row && row.scope !== 'public' ? [{ operation, row }] : [];
});
const cases = scoped.flatMap(({ operation, row }) => ACTORS.map((actor) => ({ name: `${operation.id} as ${actor} (${ACTOR_DESCRIPTIONS[actor]})`, operation, row, actor })));

/**
 * What one case planted for the owner. `contents` are strings only the matter's contents hold; `personal`
 * only the owner's own chat, which no one else may read even on a shared matter.
 */
interface Planted {
  projectId: string;
  documentId?: string;
  filename?: string;
  /** The matter's name: metadata a firm administrator may see, no one outside the matter. */
  name: string;
  /** The audit event of the project's creation, in the owner's firm. */
  auditEventId: string;
  /** An open invitation of the owner's firm, when the case needs one. */
  invitationId?: string;
  /** An API key of the owner's, when the case needs one. */
  apiKeyId?: string;
  contents: string[];
  personal: string[];
}

/** Operations that, when allowed, change what the owner sees of the matter (so its snapshot may differ). */
const CHANGES_MATTER = new Set(['deleteProject', 'deleteFile', 'uploadDocument', 'shareProject', 'changeMemberRole', 'removeMember', 'addWall']);

/** Values one operation needs in place of the common ones: the planted wall is the walled member's. */
const OVERRIDES: Record<string, (people: Record<string, { id: string }>, planted: Planted) => Record<string, string>> = {
  removeWall: (people) => ({ userId: people.walledMember.id }),
  addWall: (people) => ({ user_id: people.editor.id }),
  getAdminDocument: (_, planted) => ({ id: planted.documentId ?? '' }),
  retryDocument: (_, planted) => ({ id: planted.documentId ?? '' }),
  getAuditEvent: (_, planted) => ({ id: planted.auditEventId }),
  getUser: (people) => ({ id: people.editor.id }),
  changeUser: (people) => ({ id: people.editor.id }),
  // Disabling oneself is refused after the gate, so the case changes no one.
  disableUser: (people) => ({ id: people.firmAdmin.id }),
  getInvitation: (_, planted) => ({ id: planted.invitationId ?? '' }),
  resendInvitation: (_, planted) => ({ id: planted.invitationId ?? '' }),
  revokeInvitation: (_, planted) => ({ id: planted.invitationId ?? '' }),
  revokeFirmApiKey: (_, planted) => ({ id: planted.apiKeyId ?? '' }),
  revokeApiKey: () => ({ keyId: randomUUID() }),
  createApiKey: () => ({ name: `Batch ${hex()}`, scope: 'read' }),
};
const ON_PROJECT = new Set<Actor>(['owner', 'editor', 'viewer']);

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

function hex(): string {
  return randomBytes(6).toString('hex');
}

/** An HS256 token with the given claims, signed with `secret`. */
function signToken(claims: Record<string, unknown>, secret: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

function collect(res: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('access matrix (openapi.yaml × actors)', () => {
  let ctx: TestApp;
  type Person = TestUser & { id: string };
  const people = {} as Record<'owner' | 'editor' | 'viewer' | 'walledMember' | 'unsharedMember' | 'firmAdmin' | 'otherFirmAdmin', Person>;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    for (const name of Object.keys(ACTOR_DESCRIPTIONS) as Actor[]) {
      if (name === 'anonymous' || name === 'revokedToken' || name === 'expiredToken' || name === 'forgedToken') continue;
      const user = await createUser(ctx, `matrix-${name.toLowerCase()}`);
      const me = await ok(api(ctx, user).GET('/api/me/'));
      people[name] = { ...user, id: me.id };
    }
    // The firm's people join the administrator's firm as members (each sign-up made a firm of its own).
    const firm = (await ok(api(ctx, people.firmAdmin).GET('/api/me/'))).firm.id;
    const members = [people.owner, people.editor, people.viewer, people.walledMember, people.unsharedMember].map((person) => person.id);
    await ctx.app.get(DataSource).query(`UPDATE users SET firm_id = $1, role = 'member' WHERE id = ANY($2)`, [firm, members]);
  });

  const owner = (): Person => people.owner;

  afterAll(() => ctx?.close());

  async function login(user: TestUser): Promise<string> {
    return (await ok(api(ctx).POST('/api/login/', { body: { email: user.email, password: user.password } }))).token;
  }

  /**
   * Sessions kept from case to case, one per use: a case that ends one (a logout) makes the next case that needs it
   * log in again, found by asking who the token belongs to. Logging in for every case spent most of the matrix's time
   * hashing passwords.
   */
  const sessions = new Map<string, string>();
  async function session(use: string, user: TestUser): Promise<string> {
    const kept = sessions.get(use);
    if (kept !== undefined && (await ctx.http.get('/api/me/').set('Authorization', `Bearer ${kept}`)).status === 200) return kept;
    const token = await login(user);
    sessions.set(use, token);
    return token;
  }
  /** The owner's session that plants each case's project and reads it back; not the one the owner acts with. */
  const planterSession = (): Promise<string> => session('planter', owner());

  // Raw: the matrix builds each request from the operation read out of openapi.yaml at run time, so its paths
  // and bodies are data, not literals the typed client could check.
  async function send(operation: Operation, values: Record<string, string>, token: string | undefined): Promise<Answer> {
    const value = (name: string): string => {
      if (values[name] === undefined) throw new Error(`${operation.id}: no value for "${name}"; give the access matrix one`);
      return values[name];
    };
    const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
    const query = operation.queryParams.filter((param) => param.required).map((param) => `${param.name}=${encodeURIComponent(value(param.name))}`);
    const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
    const verb = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let request = ctx.http[verb](url);
    if (token !== undefined) request = request.set('Authorization', `Bearer ${token}`);
    const body = operation.body;
    if (body?.contentType.startsWith('multipart/')) {
      for (const [name, property] of Object.entries(body.schema.properties ?? {})) {
        if (property.format === 'binary') request = request.attach(name, Buffer.from(`SECTION 1. NOTICE. Uploaded in the matrix ${hex()}.`), { filename: `upload-${hex()}.txt` });
        else if (body.schema.required?.includes(name)) request = request.field(name, value(name));
      }
    } else if (body) {
      const json: Record<string, string | boolean> = {};
      for (const name of body.schema.required ?? []) json[name] = body.schema.properties?.[name]?.type === 'boolean' ? value(name) === 'true' : value(name);
      request = request.send(json);
    }
    const response = await request.buffer(true).parse(collect);
    return { status: response.status, contentType: String(response.headers['content-type'] ?? ''), text: (response.body as Buffer).toString('utf8') };
  }

  async function plant(token: string, needs: Fixture[]): Promise<Planted> {
    const asOwner = api(ctx, token);
    const name = `Matter ${hex()}`;
    const description = `Brief ${hex()}`;
    const project = await ok(asOwner.POST('/api/projects/', { body: { name, description } }), 201);
    const [created] = (await ctx.app.get(DataSource).query(`SELECT id FROM audit_events WHERE action = 'project.create' AND target_id = $1`, [project.id])) as { id: string }[];
    const planted: Planted = { projectId: project.id, name, auditEventId: created.id, contents: [description], personal: [] };
    const onProject = { params: { path: { id: planted.projectId } } };
    const share = (person: Person, role: 'editor' | 'viewer') => ok(asOwner.POST('/api/projects/{id}/members/', { ...onProject, body: { email: person.email, role } }), 201);
    await share(people.editor, 'editor');
    await share(people.viewer, 'viewer');
    await share(people.walledMember, 'editor');
    await ctx.app.get(DataSource).query('INSERT INTO walls (project_id, user_id) VALUES ($1, $2)', [planted.projectId, people.walledMember.id]);
    if (needs.includes('invitation')) {
      const invited = await ok(api(ctx, await session('firmAdmin', people.firmAdmin)).POST('/api/admin/invitations/', { body: { email: `invitee-${hex()}@firm.example`, role: 'member' } }), 201);
      planted.invitationId = invited.id;
    }
    if (needs.includes('apiKey')) {
      const key = await ok(asOwner.POST('/api/api-keys/', { body: { name: `Batch ${hex()}`, scope: 'read' } }), 201);
      planted.apiKeyId = key.id;
    }
    if (!needs.some((need) => need !== 'invitation' && need !== 'apiKey')) return planted;
    const filename = `brief-${hex()}.txt`;
    const clause = `CLAUSE${hex().toUpperCase()}`;
    const text = `SECTION 1. TERM. This Agreement with ${clause} lasts five years.\n\nSECTION 2. GOVERNING LAW. The laws of Delaware govern this Agreement.`;
    const uploaded = await ok(uploadFile(ctx, token, planted.projectId, filename, text), 201);
    Object.assign(planted, { documentId: uploaded.id, filename });
    planted.contents.push(filename, clause);
    await waitForDocuments(ctx, token, planted.projectId);
    if (needs.includes('chat')) {
      const question = `What is the governing law of matter Q${hex()}?`;
      await ok(asOwner.POST('/api/projects/{id}/qa/', { ...onProject, body: { question } }));
      planted.personal.push(question);
    }
    if (needs.includes('caseSummary')) await ok(asOwner.POST('/api/generate_case_summary/', { body: { project_id: planted.projectId } }));
    if (needs.includes('liabilityAnalysis')) await ok(asOwner.POST('/api/generate_liability_analysis/', { body: { project_id: planted.projectId } }));
    return planted;
  }

  /** What the owner sees of the project: a refused call must leave all of it as it was. */
  async function snapshot(token: string, projectId: string): Promise<unknown> {
    const asOwner = api(ctx, token);
    const onProject = { params: { path: { id: projectId } } };
    const seen = async <T, E>(pending: Promise<Outcome<T, E>>) => {
      const { response, data, error } = await pending;
      return [response.status, response.ok ? data : error];
    };
    return [
      await seen(asOwner.GET('/api/projects/{id}/', onProject)),
      await seen(asOwner.GET('/api/projects/{id}/documents/', onProject)),
      await seen(asOwner.GET('/api/projects/{id}/chat_history/', onProject)),
      await seen(asOwner.GET('/api/projects/{id}/members/', onProject)),
    ];
  }

  /** The token the actor presents, from a session of its own. */
  async function tokenOf(actor: Actor): Promise<string | undefined> {
    const secret = ctx.config.auth.jwtSecret.reveal();
    switch (actor) {
      case 'owner':
      case 'editor':
      case 'viewer':
      case 'walledMember':
      case 'unsharedMember':
      case 'firmAdmin':
      case 'otherFirmAdmin':
        return session(actor, people[actor]);
      case 'anonymous':
        return undefined;
      case 'revokedToken': {
        const token = await login(owner());
        await ok(api(ctx, token).POST('/api/logout/'));
        return token;
      }
      case 'expiredToken':
      case 'forgedToken': {
        const claims = claimsOf(await planterSession());
        const now = Math.floor(Date.now() / 1000);
        // The same claims re-signed with the real key and a live expiry are accepted, so the case tests only the flaw it names.
        await ok(api(ctx, signToken({ ...claims, exp: now + 600 }, secret)).GET('/api/me/'));
        if (actor === 'expiredToken') return signToken({ ...claims, iat: now - 3600, exp: now - 60 }, secret);
        return signToken({ ...claims, exp: now + 600 }, randomBytes(48).toString('base64url'));
      }
      default: {
        // A new column must say how its actor gets a token; falling through would quietly test "anonymous".
        const unhandled: never = actor;
        throw new Error(`No token for actor ${String(unhandled)}`);
      }
    }
  }

  /** The planted strings this actor must not get back from this call. */
  function forbiddenMarkers(planted: Planted, actor: Actor, row: Scoped['row'], expected: number): string[] {
    if (actor === 'owner') return [];
    const outside = (row.scope === 'own' && !ON_PROJECT.has(actor)) || (row.scope === 'admin' && actor !== 'firmAdmin');
    if (expected >= 400 || outside) return [planted.name, ...planted.contents, ...planted.personal, owner().email];
    // Allowed: a member sees the matter, never the owner's own chat; the administrator sees membership, not contents.
    return actor === 'firmAdmin' ? [...planted.contents, ...planted.personal] : planted.personal;
  }

  function leaks(answer: Answer, markers: string[], sent: Record<string, string>): string[] {
    const carried = Object.values(sent).join(' ');
    return markers.filter((marker) => answer.text.includes(marker) && !carried.includes(marker));
  }

  function errorBody(answer: Answer): unknown {
    expect(answer.contentType).toMatch(/^application\/json/);
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['detail', 'error', 'statusCode']);
    expect(body.statusCode).toBe(answer.status);
    return body;
  }

  it('has a row for every operation of openapi.yaml, in the scope the contract implies', () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(disagreements(operations, ACCESS)).toEqual([]);
  });

  it.each(cases)('$name', async ({ operation, row, actor }) => {
    const ownerToken = await planterSession();
    const planted = await plant(ownerToken, row.scope === 'own' ? [] : row.needs);
    const values: Record<string, string> = {
      id: planted.projectId,
      project_id: planted.projectId,
      documentId: planted.documentId ?? randomUUID(),
      filename: planted.filename ?? `absent-${hex()}.txt`,
      question: 'What is the governing law?',
      name: `Matter ${hex()}`,
      userId: people.editor.id,
      email: people.unsharedMember.email,
      role: 'viewer',
      resend: 'true',
      ...OVERRIDES[operation.id]?.(people, planted),
    };
    const before = row.scope === 'own' ? undefined : await snapshot(ownerToken, planted.projectId);
    const token = await tokenOf(actor);
    const answer = await send(operation, values, token);
    const expected = row.expect[actor];
    expect({ status: answer.status, body: answer.text.slice(0, 300) }).toEqual({ status: expected, body: expect.any(String) });

    expect(leaks(answer, forbiddenMarkers(planted, actor, row, expected), values)).toEqual([]);
    const mayChange = expected < 400 && CHANGES_MATTER.has(operation.id);
    if (actor !== 'owner' && before !== undefined && !mayChange) expect(await snapshot(ownerToken, planted.projectId)).toEqual(before);
    if (expected === 401) expect(errorBody(answer)).toMatchObject({ statusCode: 401 });
    if (expected === 403) expect(errorBody(answer)).toMatchObject({ statusCode: 403 });
    if (expected === 404 && row.scope !== 'own') {
      // The refusal reads exactly as for a project that does not exist.
      const absent = await send(operation, { ...values, id: randomUUID(), project_id: randomUUID() }, token);
      expect(errorBody(answer)).toEqual(errorBody(absent));
    }
  }, 60_000);

  // The owner's document or file named under a project the other user owns: the sub-resource is looked up in that project only.
  const nested = scoped.filter(({ row, operation }) => row.scope === 'project' && operation.pathParams.some((param) => param.name !== 'id'));

  it('names operations whose path reaches into a project (documents, files, members)', () => {
    expect(nested.map(({ operation }) => operation.id).sort()).toEqual(['changeMemberRole', 'deleteFile', 'downloadDocument', 'removeMember']);
  });

  it.each(nested.map(({ operation, row }) => ({ name: operation.id, operation, row })))('$name: the owner’s document or member named under another owner’s project is 404', async ({ operation, row }) => {
    const ownerToken = await planterSession();
    const otherToken = await session('unsharedMember', people.unsharedMember);
    const planted = await plant(ownerToken, row.scope === 'project' ? row.needs : []);
    const theirs = await ok(api(ctx, otherToken).POST('/api/projects/', { body: { name: `Matter ${hex()}` } }), 201);
    const values = { id: theirs.id, project_id: theirs.id, documentId: planted.documentId ?? '', filename: planted.filename ?? '', userId: people.editor.id, role: 'viewer' };
    const before = await snapshot(ownerToken, planted.projectId);
    const answer = await send(operation, values, otherToken);
    expect(answer.status).toBe(404);
    expect(leaks(answer, [planted.name, ...planted.contents, ...planted.personal], values)).toEqual([]);
    expect(await snapshot(ownerToken, planted.projectId)).toEqual(before);
  }, 60_000);
});
