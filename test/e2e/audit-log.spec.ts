import { DataSource } from 'typeorm';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import { MIGRATIONS } from '@api/modules/database/migrations';
import { api, expectStatus, fails, ok } from '../utils/api';
import { createUser, TestUser } from '../utils/factory';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

// The audit trail an administrator can show: scoped to the firm, hash-chained, and checked end to end.
describe('audit log: firm-scoped, tamper-evident', () => {
  let ctx: TestApp;
  let admin: TestUser;
  let stranger: TestUser;
  let firmId: string;
  let adminId: string;

  const as = (user: TestUser | null) => api(ctx, user);
  const list = (query: { sort?: string; range?: string; filter?: string }) => ({ params: { query } });
  const db = () => ctx.app.get(DataSource);
  const verify = () => ok(as(admin).GET('/api/admin/audit-events/verify/'));

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    admin = await createUser(ctx, 'audit-admin');
    stranger = await createUser(ctx, 'audit-stranger');
    const me = await ok(as(admin).GET('/api/me/'));
    firmId = me.firm.id;
    adminId = me.id;
    await ok(as(admin).POST('/api/projects/', { body: { name: 'Audited matter', description: '' } }), 201);
    await fails(as(null).POST('/api/login/', { body: { email: admin.email, password: 'not the password at all' } }), 401);
  });

  afterAll(() => ctx?.close());

  it("lists the firm's events with dotted actions, targets and filters, and nothing of another firm", async () => {
    const all = await expectStatus(as(admin).GET('/api/admin/audit-events/', list({ sort: '["seq","ASC"]', range: '[0,99]' })), 200);
    const events = all.data ?? [];
    const actions = events.map((event) => event.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.signup', 'auth.verify', 'auth.login', 'project.create', 'auth.login_failed']));
    expect(all.response.headers.get('content-range')).toMatch(/^audit-events 0-\d+\/\d+$/);
    const create = events.find((event) => event.action === 'project.create');
    expect(create).toMatchObject({ actor_id: adminId, target_type: 'project', target_id: expect.any(String) });

    const auth = await ok(as(admin).GET('/api/admin/audit-events/', list({ filter: JSON.stringify({ action: 'auth.', actor_id: adminId }), range: '[0,99]' })));
    expect(auth.every((event) => event.action.startsWith('auth.'))).toBe(true);
    expect(auth.length).toBeGreaterThanOrEqual(4);

    const theirs = await ok(as(stranger).GET('/api/admin/audit-events/', list({ range: '[0,999]' })));
    expect(theirs.map((event) => event.actor_id)).not.toContain(adminId);
    const one = { params: { path: { id: `${create?.id}` } } };
    await fails(as(stranger).GET('/api/admin/audit-events/{id}/', one), 404);
    await ok(as(admin).GET('/api/admin/audit-events/{id}/', one));
    expect((await fails(as(admin).GET('/api/admin/audit-events/', list({ filter: '{"from":"soon"}' })), 400)).detail).toBe('The "from" filter must be a date or a date and time (ISO 8601).');
  });

  it('verifies the chain, and names the first event edited or the one after an event removed', async () => {
    expect(await verify()).toMatchObject({ ok: true, first_bad_id: null });
    const [second] = (await db().query(`SELECT id, details FROM audit_events WHERE firm_id = $1 ORDER BY seq OFFSET 1 LIMIT 1`, [firmId])) as { id: string; details: object }[];
    await db().query(`UPDATE audit_events SET details = '{"forged":true}' WHERE id = $1`, [second.id]);
    expect(await verify()).toEqual({ ok: false, count: 1, first_bad_id: second.id });
    await db().query(`UPDATE audit_events SET details = $2 WHERE id = $1`, [second.id, JSON.stringify(second.details)]);
    expect((await verify()).ok).toBe(true);

    const [third, fourth] = (await db().query(`SELECT id FROM audit_events WHERE firm_id = $1 ORDER BY seq OFFSET 2 LIMIT 2`, [firmId])) as { id: string }[];
    const saved = (await db().query(`SELECT * FROM audit_events WHERE id = $1`, [third.id])) as Record<string, unknown>[];
    await db().query(`DELETE FROM audit_events WHERE id = $1`, [third.id]);
    expect(await verify()).toMatchObject({ ok: false, first_bad_id: fourth.id });
    const row = saved[0];
    await db().query(
      `INSERT INTO audit_events (id, seq, firm_id, actor_id, action, target_type, target_id, email, ip, details, created_at, prev_hash, hash) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [row.id, row.seq, row.firm_id, row.actor_id, row.action, row.target_type, row.target_id, row.email, row.ip, JSON.stringify(row.details), row.created_at, row.prev_hash, row.hash],
    );
    expect((await verify()).ok).toBe(true);

    const [last] = (await db().query(`SELECT id FROM audit_events WHERE firm_id = $1 ORDER BY seq DESC LIMIT 1`, [firmId])) as { id: string }[];
    const tail = (await db().query(`SELECT * FROM audit_events WHERE id = $1`, [last.id])) as Record<string, unknown>[];
    await db().query(`DELETE FROM audit_events WHERE id = $1`, [last.id]);
    // Removing the newest event leaves every link intact; the chain head still names it.
    expect(await verify()).toMatchObject({ ok: false, first_bad_id: null });
    const t = tail[0];
    await db().query(
      `INSERT INTO audit_events (id, seq, firm_id, actor_id, action, target_type, target_id, email, ip, details, created_at, prev_hash, hash) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
      [t.id, t.seq, t.firm_id, t.actor_id, t.action, t.target_type, t.target_id, t.email, t.ip, JSON.stringify(t.details), t.created_at, t.prev_hash, t.hash],
    );
    expect((await verify()).ok).toBe(true);
  });

  it('keeps one unforked chain when many events are written at once', async () => {
    const before = (await verify()).count;
    const audit = ctx.app.get(AuditRepository);
    await Promise.all(Array.from({ length: 50 }, (_, index) => audit.record({ action: 'settings.change', firmId, actorId: adminId, details: { index } })));
    const verdict = await verify();
    expect(verdict).toEqual({ ok: true, count: before + 50, first_bad_id: null });
    const links = (await db().query(`SELECT count(DISTINCT prev_hash) AS links, count(*) AS events FROM audit_events WHERE firm_id = $1`, [firmId])) as { links: string; events: string }[];
    expect(Number(links[0].links)).toBe(Number(links[0].events));
  });

  it('exports the filtered events as CSV with a header row and defused formulas', async () => {
    await ctx.app.get(AuditRepository).record({ action: 'settings.change', firmId, actorId: adminId, details: { name: '=HYPERLINK("http://x")' } });
    const csv = await expectStatus(as(admin).GET('/api/admin/audit-events/export.csv/', { ...list({ filter: JSON.stringify({ action: 'settings.change' }) }), parseAs: 'text' }), 200);
    expect(csv.response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = csv.data ?? '';
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('seq,at,id,actor_id,email,action,target_type,target_id,ip,details,prev_hash,hash');
    expect(lines).toHaveLength(52);
    expect(lines.every((line, index) => index === 0 || line.includes('"settings.change"'))).toBe(true);
    expect(text).toContain('"{""name"":""=HYPERLINK(\\""http://x\\"")""}"');
  });

  it('is for administrators only', async () => {
    const member = await createUser(ctx, 'audit-member');
    const memberId = (await as(member).GET('/api/me/')).data?.id;
    await db().query(`UPDATE users SET firm_id = $1, role = 'member' WHERE id = $2`, [firmId, memberId]);
    await fails(as(member).GET('/api/admin/audit-events/'), 403);
    await fails(as(member).GET('/api/admin/audit-events/verify/'), 403);
    await fails(as(member).GET('/api/admin/audit-events/export.csv/'), 403);
  });
});

describe('audit log: upgrade from the schema before the chain', () => {
  const config = testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false });
  let ctx: TestApp;

  afterAll(() => ctx?.close());

  it('renames, places and chains the events already logged, so the upgraded chain verifies', async () => {
    const chain = MIGRATIONS.findIndex((migration) => migration.name === 'AuditChain1763880000000');
    const old = await DatabaseHandle.open(config.database, [], MIGRATIONS.slice(0, chain));
    const user = 'b0000000-0000-4000-8000-000000000001';
    await old.dataSource.query(`INSERT INTO firms (id, name) VALUES ($1, 'old.example')`, [user]);
    await old.dataSource.query(`INSERT INTO users (id, email, password_hash, status, role, firm_id) VALUES ($1, 'old@old.example', '!unset', 'active', 'admin', $1)`, [user]);
    for (const [action, seconds] of [['signup', 3], ['verify', 2], ['login.failed', 1], ['login', 0]] as const) {
      await old.dataSource.query(`INSERT INTO audit_events (actor_id, action, email, created_at) VALUES ($1, $2, 'old@old.example', now() - make_interval(secs => $3))`, [user, action, seconds]);
    }
    await old.dataSource.query(`INSERT INTO audit_events (action, email) VALUES ('login.failed', 'nobody@else.example')`);
    await old.close();

    ctx = await startTestApp(config);
    const audit = ctx.app.get(AuditRepository);
    expect((await audit.list({ firmId: user })).map((event) => event.action)).toEqual(['auth.signup', 'auth.verify', 'auth.login_failed', 'auth.login']);
    expect(await audit.verify(user)).toEqual({ ok: true, count: 4, first_bad_id: null });
    await audit.record({ action: 'settings.change', firmId: user, actorId: user });
    expect(await audit.verify(user)).toEqual({ ok: true, count: 5, first_bad_id: null });
  }, 120_000);
});
