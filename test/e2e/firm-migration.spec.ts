import { hash, argon2id } from 'argon2';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { MIGRATIONS } from '@api/modules/database/migrations';
import { api, fails, ok } from '../utils/api';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// An upgrade from the schema before firms: every account becomes the administrator of a firm of its own,
// and its matters, chats and sign-in keep working.
describe('migration to firms, from a database made by the previous schema', () => {
  const config = testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false });
  const password = 'quiet meadow lantern 42';
  let ctx: TestApp;

  beforeAll(async () => {
    const firms = MIGRATIONS.findIndex((migration) => migration.name === 'Firms1763850000000');
    expect(firms).toBeGreaterThan(0);
    const old = await DatabaseHandle.open(config.database, [], MIGRATIONS.slice(0, firms));
    const passwordHash = await hash(password, { type: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const query = (sql: string, params: unknown[]) => old.dataSource.query(sql, params);
    const users: [string, string, string][] = [
      ['a0000000-0000-4000-8000-000000000001', 'alice@alpha.example', 'active'],
      ['a0000000-0000-4000-8000-000000000002', 'bob@beta.example', 'active'],
      ['a0000000-0000-4000-8000-000000000003', 'carol@alpha.example', 'disabled'],
    ];
    for (const [id, email, status] of users) {
      await query(`INSERT INTO users (id, email, password_hash, status, role, verified_at) VALUES ($1, $2, $3, $4, 'user', now())`, [id, email, passwordHash, status]);
      await query(`INSERT INTO projects (id, owner_id, name, description) VALUES (gen_random_uuid(), $1, $2, 'Before firms')`, [id, `Matter of ${email}`]);
    }
    await query(
      `INSERT INTO chat_messages (project_id, user_id, question, answer, citations, engine)
       SELECT p.id, p.owner_id, convert_to('Who are the parties?', 'UTF8'), convert_to('Alpha and Beta.', 'UTF8'), convert_to('[]', 'UTF8'), 'offline'
       FROM projects p WHERE p.owner_id = $1`,
      [users[0][0]],
    );
    await old.close();
    ctx = await startTestApp(config);
  }, 120_000);

  afterAll(() => ctx?.close());

  async function signIn(email: string): Promise<string> {
    return (await ok(api(ctx).POST('/api/login/', { body: { email, password } }))).token;
  }

  it('makes each existing account the administrator of a firm of its own, named after its domain', async () => {
    const alice = await ok(api(ctx, await signIn('alice@alpha.example')).GET('/api/me/'));
    const bob = await ok(api(ctx, await signIn('bob@beta.example')).GET('/api/me/'));
    expect(alice).toMatchObject({ email: 'alice@alpha.example', role: 'admin', firm: { name: 'alpha.example' } });
    expect(bob).toMatchObject({ email: 'bob@beta.example', role: 'admin', firm: { name: 'beta.example' } });
    expect(alice.firm.id).not.toBe(bob.firm.id);
  });

  it('keeps each account’s matters and chat history working, and nobody else’s visible', async () => {
    const token = await signIn('alice@alpha.example');
    const projects = await ok(api(ctx, token).GET('/api/projects/'));
    expect(projects.projects).toEqual([expect.objectContaining({ name: 'Matter of alice@alpha.example', role: 'owner', document_count: 0 })]);
    const history = await ok(api(ctx, token).GET('/api/projects/{id}/chat_history/', { params: { path: { id: projects.projects[0].id } } }));
    expect(history.history).toEqual([expect.objectContaining({ message: 'Who are the parties?', response: 'Alpha and Beta.' })]);
    const admin = await ok(api(ctx, token).GET('/api/admin/projects/', { params: { query: { range: '[0,99]' } } }));
    expect(admin.map((row) => row.name)).toEqual(['Matter of alice@alpha.example']);
  });

  it('keeps a disabled account disabled', async () => {
    await fails(api(ctx).POST('/api/login/', { body: { email: 'carol@alpha.example', password } }), 403);
  });

  it('puts every migrated account, and its matters, in a firm of its own', async () => {
    const rows: { firm_id: string; project_firm: string }[] = await ctx.app
      .get(DatabaseHandle)
      .dataSource.query(`SELECT u.firm_id, p.firm_id AS project_firm FROM users u JOIN projects p ON p.owner_id = u.id`);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.firm_id)).size).toBe(3);
    for (const row of rows) expect(row.project_firm).toBe(row.firm_id);
  });
});
