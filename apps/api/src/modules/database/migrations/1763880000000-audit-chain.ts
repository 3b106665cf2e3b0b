import { MigrationInterface, QueryRunner } from 'typeorm';
import { chainHash, chainKey, GENESIS } from '@api/modules/common/hash-chain';

/** Today's action names, renamed to the dotted `area.verb` form the audit log now uses. */
export const RENAMED_ACTIONS: Record<string, string> = {
  signup: 'auth.signup',
  'signup.existing': 'auth.signup_existing',
  'signup.password-conflict': 'auth.signup_conflict',
  verify: 'auth.verify',
  'verify.failed': 'auth.verify_failed',
  login: 'auth.login',
  'login.failed': 'auth.login_failed',
  'login.paused': 'auth.login_paused',
  'login.slowed': 'auth.login_slowed',
  'login.notice': 'auth.login_notice',
  logout: 'auth.logout',
  'logout.all': 'auth.logout_all',
  'password-reset.request': 'auth.password_reset_request',
  'password-reset': 'auth.password_reset',
  'document.integrity-failure': 'document.integrity_failure',
};

interface LegacyRow {
  id: string;
  seq: string;
  firm_id: string | null;
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  email: string | null;
  ip: string | null;
  created_at: Date;
  details: Record<string, unknown>;
}

/**
 * The audit log becomes a hash chain per firm: each event gets its firm, a target, an order (`seq`) and a
 * hash over its content and the previous event's hash. Events already logged are renamed, placed in their
 * firm and chained here, in the order they were written, so the upgraded log verifies.
 */
export class AuditChain1763880000000 implements MigrationInterface {
  name = 'AuditChain1763880000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE audit_events ADD COLUMN firm_id uuid, ADD COLUMN target_type text, ADD COLUMN target_id text, ADD COLUMN seq bigserial,
      ADD COLUMN prev_hash text, ADD COLUMN hash text`);
    await runner.query(`UPDATE audit_events e SET seq = o.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM audit_events) o WHERE o.id = e.id`);
    await runner.query(`SELECT setval(pg_get_serial_sequence('audit_events', 'seq'), GREATEST((SELECT max(seq) FROM audit_events), 1))`);
    for (const [from, to] of Object.entries(RENAMED_ACTIONS)) await runner.query(`UPDATE audit_events SET action = $2 WHERE action = $1`, [from, to]);
    await runner.query(`UPDATE audit_events e SET firm_id = u.firm_id FROM users u WHERE u.id = e.actor_id`);
    await runner.query(`UPDATE audit_events e SET firm_id = p.firm_id FROM projects p WHERE e.firm_id IS NULL AND p.id::text = e.details->>'projectId'`);
    await runner.query(`UPDATE audit_events SET target_type = 'document', target_id = details->>'documentId' WHERE details->>'documentId' IS NOT NULL`);
    await runner.query(`UPDATE audit_events SET target_type = 'project', target_id = details->>'projectId' WHERE target_type IS NULL AND details->>'projectId' IS NOT NULL`);
    await runner.query(`UPDATE audit_events SET target_type = 'user', target_id = actor_id::text WHERE target_type IS NULL AND actor_id IS NOT NULL`);
    await runner.query(`CREATE TABLE audit_chain_heads (chain_key text PRIMARY KEY, last_hash text NOT NULL, count bigint NOT NULL DEFAULT 0)`);

    const rows: LegacyRow[] = await runner.query(
      `SELECT id, seq, firm_id, actor_id, action, target_type, target_id, email, ip, created_at, details FROM audit_events ORDER BY seq`,
    );
    const heads = new Map<string, { hash: string; count: number }>();
    for (const row of rows) {
      const key = chainKey(row.firm_id);
      const head = heads.get(key) ?? { hash: GENESIS, count: 0 };
      const at = new Date(row.created_at);
      const hash = chainHash(head.hash, {
        id: row.id,
        firmId: row.firm_id,
        actorId: row.actor_id,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        email: row.email,
        ip: row.ip,
        at,
        details: row.details,
      });
      // The time is stored as hashed (to the millisecond), so verifying reads back exactly what was hashed.
      await runner.query(`UPDATE audit_events SET prev_hash = $2, hash = $3, created_at = $4 WHERE id = $1`, [row.id, head.hash, hash, at]);
      heads.set(key, { hash, count: head.count + 1 });
    }
    for (const [key, head] of heads) await runner.query(`INSERT INTO audit_chain_heads (chain_key, last_hash, count) VALUES ($1, $2, $3)`, [key, head.hash, head.count]);
    await runner.query(`ALTER TABLE audit_events ALTER COLUMN prev_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL`);
    await runner.query(`CREATE INDEX audit_events_firm_seq_idx ON audit_events (firm_id, seq)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE audit_chain_heads`);
    for (const [from, to] of Object.entries(RENAMED_ACTIONS)) await runner.query(`UPDATE audit_events SET action = $1 WHERE action = $2`, [from, to]);
    await runner.query(`ALTER TABLE audit_events DROP COLUMN firm_id, DROP COLUMN target_type, DROP COLUMN target_id, DROP COLUMN seq, DROP COLUMN prev_hash, DROP COLUMN hash`);
  }
}
