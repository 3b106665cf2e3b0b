import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { childModule } from '@api/modules/common/node-module';
import { DATABASE_THREAD_NICENESS, SCORING_THREAD_NICENESS } from '@api/modules/common/thread-priority';
import { EMBEDDED_SETTINGS, openEmbeddedDatabase } from '@api/modules/database/embedded-database';
import { DatabaseHandle, healthCheckApplication } from '@api/modules/database/database.handle';
import { STATEMENT_CACHE_SIZE } from '@api/modules/database/embedded-thread';
import { MIGRATIONS } from '@api/modules/database/migrations';
import { BinaryVectors1763910000000 } from '@api/modules/database/migrations/1763910000000-binary-vectors';
import { DocumentCounts1763940000000 } from '@api/modules/database/migrations/1763940000000-document-counts';
import { decodeVector, encodeVector } from '@api/modules/vectors/vector-bytes';
import { dropSchema } from '../utils/test-app';
import { describeIf } from '../utils/requirements';
import { startedSince, threadNiceness, threadNicenessReadable } from '../utils/threads';
import { serverRequirements, services, testConfig } from '../utils/test-config';

const VECTOR_ROW = '00000000-0000-4000-8000-0000000000a1';
const EMPTY_ROW = '00000000-0000-4000-8000-0000000000a2';

describe(DatabaseHandle.name, () => {
  const config = testConfig();

  afterAll(() => dropSchema(config));

  it(`opens ${services.databaseUrl ? 'PostgreSQL' : 'PGlite'} and applies every migration`, async () => {
    const handle = await DatabaseHandle.open(config.database, [], MIGRATIONS);
    try {
      expect(handle.kind).toBe(services.databaseUrl ? 'postgres' : 'pglite');
      const applied: { name: string }[] = await handle.dataSource.query('SELECT name FROM migrations ORDER BY id');
      expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
      expect(await handle.ping()).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('keeps its data across a reopen and does not re-run migrations', async () => {
    const first = await DatabaseHandle.open(config.database, [], MIGRATIONS);
    await first.dataSource.query(
      `INSERT INTO jobs (id, name, queue, payload, status, transport, max_attempts, backoff_ms) VALUES (gen_random_uuid(), 'probe', 'q', '{}', 'completed', 'inline', 1, 1)`,
    );
    await first.close();
    const second = await DatabaseHandle.open(config.database, [], MIGRATIONS);
    try {
      const rows: { count: string }[] = await second.dataSource.query(`SELECT count(*) AS count FROM jobs WHERE name = 'probe'`);
      expect(Number(rows[0].count)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('never synchronises the schema from entities: every table comes from a migration', async () => {
    const handle = await DatabaseHandle.open(config.database, [], MIGRATIONS);
    try {
      expect(handle.dataSource.options.synchronize).toBe(false);
      expect(handle.dataSource.options.migrationsRun ?? false).toBe(false);
      const pending = await handle.dataSource.showMigrations();
      expect(pending).toBe(false);
    } finally {
      await handle.close();
    }
  });
});

describeIf(serverRequirements.postgres, 'DATABASE_URL options with DATABASE_SCHEMA', () => {
  const url = new URL(services.databaseUrl ?? 'postgres://absent');
  url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c statement_timeout=4321`.trim());
  const config = testConfig({ DATABASE_URL: url.toString() });

  afterAll(() => dropSchema(config));

  it('applies the options the URL gives and keeps every table and query in the schema', async () => {
    const handle = await DatabaseHandle.open(config.database, [], MIGRATIONS);
    try {
      const [timeout] = (await handle.dataSource.query('SHOW statement_timeout')) as { statement_timeout: string }[];
      expect(timeout.statement_timeout).toBe('4321ms');
      const [where] = (await handle.dataSource.query('SELECT current_schema() AS schema, to_regclass($1) IS NOT NULL AS migrated', [`"${config.database.schema}".migrations`])) as { schema: string; migrated: boolean }[];
      expect(where).toEqual({ schema: config.database.schema, migrated: true });
    } finally {
      await handle.close();
    }
  });
});

describe('the binary vectors migration', () => {
  const config = testConfig();

  afterAll(() => dropSchema(config));

  it('converts the vectors stored as real[] into their float bytes, bit for bit, and back', async () => {
    const values = [0.1, -1 / 3, 1e-7, 123456.789, -2.5e-5, Math.PI];
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(BinaryVectors1763910000000));
    const old = await DatabaseHandle.open(config.database, [], before);
    try {
      // One chunk row of the old form, its document and project left out (foreign keys not checked for this row).
      await old.dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL session_replication_role = replica`);
        await manager.query(
          `INSERT INTO chunks (id, document_id, project_id, ordinal, start, "end", page_start, page_end, heading_path, text, vector)
           VALUES ($1, gen_random_uuid(), gen_random_uuid(), 0, 0, 1, 1, 1, '\\x00', '\\x00', $2), ($3, gen_random_uuid(), gen_random_uuid(), 0, 0, 1, 1, 1, '\\x00', '\\x00', NULL)`,
          [VECTOR_ROW, values, EMPTY_ROW],
        );
      });
    } finally {
      await old.close();
    }
    const migrated = await DatabaseHandle.open(config.database, [], MIGRATIONS);
    try {
      const rows: { id: string; vector: Uint8Array | null }[] = await migrated.dataSource.query(`SELECT id, vector FROM chunks WHERE id IN ($1, $2)`, [VECTOR_ROW, EMPTY_ROW]);
      const stored = rows.find((row) => row.id === VECTOR_ROW)?.vector;
      expect(Buffer.from(stored ?? [])).toEqual(encodeVector(values));
      expect(Buffer.from(new Float32Array(decodeVector(stored ?? new Uint8Array())).buffer)).toEqual(Buffer.from(new Float32Array(values).buffer));
      expect(rows.find((row) => row.id === EMPTY_ROW)?.vector).toBeNull();
      // And down again (the migrations after it first): the real[] holds the same floats.
      for (let undo = MIGRATIONS.length - MIGRATIONS.indexOf(BinaryVectors1763910000000); undo > 0; undo--) await migrated.dataSource.undoLastMigration({ transaction: 'each' });
      const [back] = (await migrated.dataSource.query(`SELECT vector FROM chunks WHERE id = $1`, [VECTOR_ROW])) as { vector: number[] }[];
      expect(Buffer.from(new Float32Array(back.vector).buffer)).toEqual(Buffer.from(new Float32Array(values).buffer));
      await migrated.dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await migrated.dataSource.query(`DELETE FROM chunks WHERE id IN ($1, $2)`, [VECTOR_ROW, EMPTY_ROW]);
      await migrated.close();
    }
  });
});

describe('the document counts migration', () => {
  const config = testConfig();
  const PROJECTS = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-0000000000b3'];
  let documentNumber = 0;

  afterAll(() => dropSchema(config));

  type Counts = { project_id: string; queued: number; processing: number; ready: number; failed: number; ready_version: string };
  const countsOf = async (handle: DatabaseHandle): Promise<Record<string, Omit<Counts, 'project_id'>>> => {
    const rows: Counts[] = await handle.dataSource.query(`SELECT * FROM project_document_counts WHERE project_id = ANY($1) ORDER BY project_id`, [PROJECTS]);
    return Object.fromEntries(rows.map(({ project_id, ...counts }) => [project_id, counts]));
  };
  const insertDocuments = async (handle: DatabaseHandle, project: string, statuses: string[]): Promise<void> => {
    await handle.dataSource.transaction(async (manager) => {
      // The project's owner and firm are left out (foreign keys not checked for this row): the counts read neither.
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(`INSERT INTO projects (id, owner_id, firm_id, name) VALUES ($1, gen_random_uuid(), gen_random_uuid(), 'Counted') ON CONFLICT DO NOTHING`, [project]);
    });
    for (const status of statuses) {
      documentNumber += 1;
      await handle.dataSource.query(`INSERT INTO documents (project_id, filename, type, size, sha256, storage_key, status) VALUES ($1, $2, 'txt', 1, 'x', $2, $3)`, [project, `counted-${documentNumber}.txt`, status]);
    }
  };

  it('counts the documents already stored, then follows every insert, move and deletion, and goes down and up again', async () => {
    const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(DocumentCounts1763940000000));
    const old = await DatabaseHandle.open(config.database, [], before);
    try {
      await insertDocuments(old, PROJECTS[0], ['ready', 'ready', 'queued', 'failed']);
      await insertDocuments(old, PROJECTS[1], ['processing']);
    } finally {
      await old.close();
    }
    const migrated = await DatabaseHandle.open(config.database, [], MIGRATIONS);
    try {
      expect(await countsOf(migrated)).toEqual({
        [PROJECTS[0]]: { queued: 1, processing: 0, ready: 2, failed: 1, ready_version: '2' },
        [PROJECTS[1]]: { queued: 0, processing: 1, ready: 0, failed: 0, ready_version: '0' },
      });
      const query = (sql: string, parameters: unknown[]): Promise<unknown> => migrated.dataSource.query(sql, parameters);
      // The queued document is read: it leaves the queue, passes through processing and counts as ready.
      await query(`UPDATE documents SET status = 'processing' WHERE project_id = $1 AND status = 'queued'`, [PROJECTS[0]]);
      await query(`UPDATE documents SET status = 'ready' WHERE project_id = $1 AND status = 'processing'`, [PROJECTS[0]]);
      // An update that moves nothing changes no count; one of a ready document moves the version on.
      await query(`UPDATE documents SET error = 'kept' WHERE project_id = $1 AND status = 'failed'`, [PROJECTS[0]]);
      await query(`UPDATE documents SET pages = 3 WHERE id = (SELECT id FROM documents WHERE project_id = $1 AND status = 'ready' ORDER BY id LIMIT 1)`, [PROJECTS[0]]);
      // One ready document deleted; a project counted for the first time by its first document.
      await query(`DELETE FROM documents WHERE id = (SELECT id FROM documents WHERE project_id = $1 AND status = 'ready' ORDER BY id LIMIT 1)`, [PROJECTS[0]]);
      await insertDocuments(migrated, PROJECTS[2], ['queued']);
      expect(await countsOf(migrated)).toEqual({
        [PROJECTS[0]]: { queued: 0, processing: 0, ready: 2, failed: 1, ready_version: '6' },
        [PROJECTS[1]]: { queued: 0, processing: 1, ready: 0, failed: 0, ready_version: '0' },
        [PROJECTS[2]]: { queued: 1, processing: 0, ready: 0, failed: 0, ready_version: '0' },
      });
      // A project deleted takes its documents and its counts with it.
      await query(`DELETE FROM projects WHERE id = $1`, [PROJECTS[1]]);
      expect(Object.keys(await countsOf(migrated))).toEqual([PROJECTS[0], PROJECTS[2]]);

      await migrated.dataSource.undoLastMigration({ transaction: 'each' });
      expect(await migrated.dataSource.query(`SELECT to_regclass('project_document_counts') AS counts`)).toEqual([{ counts: null }]);
      await query(`DELETE FROM documents WHERE project_id = $1`, [PROJECTS[2]]);
      await migrated.dataSource.runMigrations({ transaction: 'each' });
      expect(await countsOf(migrated)).toEqual({ [PROJECTS[0]]: { queued: 0, processing: 0, ready: 2, failed: 1, ready_version: '2' } });
    } finally {
      await migrated.dataSource.query(`DELETE FROM projects WHERE id = ANY($1)`, [PROJECTS]);
      await migrated.close();
    }
  });
});

describeIf(serverRequirements.postgres, 'DatabaseHandle on a shared PostgreSQL', () => {
  const config = testConfig();

  afterAll(() => dropSchema(config));

  it('runs the migrations once when three processes start together on an empty database', async () => {
    const handles = await Promise.all([1, 2, 3].map(() => DatabaseHandle.open(config.database, [], MIGRATIONS)));
    try {
      const applied: { name: string }[] = await handles[0].dataSource.query('SELECT name FROM migrations ORDER BY id');
      expect(applied.map((row) => row.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
      for (const handle of handles) expect(await handle.dataSource.showMigrations()).toBe(false);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  it('answers a health ping while every connection of its pool is busy', async () => {
    const [handle, observer] = await Promise.all([1, 2].map(() => DatabaseHandle.open(config.database, [], MIGRATIONS)));
    try {
      // Ten queries hold the pool's ten connections for three seconds; a ping through the pool would wait them out.
      const held = Array.from({ length: 10 }, () => handle.dataSource.query('SELECT pg_sleep(3)'));
      await waitFor(async () => (await sessions(observer, "query = 'SELECT pg_sleep(3)' AND state = 'active'")) === 10, 2000);
      expect(await handle.ping(1000)).toBe(true);
      await Promise.all(held);
    } finally {
      await Promise.all([handle.close(), observer.close()]);
    }
  });

  it('connects its health ping again once PostgreSQL has closed the connection, and closes it with the handle', async () => {
    const [handle, observer] = await Promise.all([1, 2].map(() => DatabaseHandle.open(config.database, [], MIGRATIONS)));
    const ownProbe = `application_name = '${healthCheckApplication()}'`;
    try {
      expect(await handle.ping()).toBe(true);
      expect(await sessions(observer, ownProbe)).toBe(1);
      await observer.dataSource.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE ${ownProbe}`);
      await waitFor(async () => (await sessions(observer, ownProbe)) === 0, 2000);
      await waitFor(() => handle.ping(), 3000);
      expect(await sessions(observer, ownProbe)).toBe(1);
      await handle.close();
      await waitFor(async () => (await sessions(observer, ownProbe)) === 0, 2000);
    } finally {
      await Promise.all([handle.close(), observer.close()]);
    }
  });
});

/** How many sessions PostgreSQL lists that match `where`. */
async function sessions(handle: DatabaseHandle, where: string): Promise<number> {
  const rows: { n: string }[] = await handle.dataSource.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE ${where}`);
  return Number(rows[0].n);
}

/** Resolves once `condition` holds, asking every 50 ms; fails after `timeoutMs`. */
async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`the condition did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the embedded database', () => {
  let root: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'casewise-embedded-'));
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('creates a new cluster in a child process and opens it with its own settings', async () => {
    const directory = join(root, 'db');
    const db = await openEmbeddedDatabase(directory, null);
    try {
      expect(existsSync(join(directory, 'PG_VERSION'))).toBe(true);
      // Nothing left of the staging folder; the lock names this process while it has the database open.
      expect(readdirSync(root).sort()).toEqual(['db', 'db.lock']);
      const [setting] = (await db.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows;
      expect(`shared_buffers=${setting.shared_buffers}`).toBe(EMBEDDED_SETTINGS[0]);
    } finally {
      await db.close();
    }
  });

  it('unpacks a new cluster from the template the build writes', async () => {
    const template = join(root, 'template.tar.gz');
    const { path, execArgv } = childModule(resolve(__dirname, '../../apps/api/src/modules/database'), 'pglite-init');
    await promisify(execFile)(process.execPath, [...execArgv, path, '--template', template]);
    const directory = join(root, 'from-template');
    const db = await openEmbeddedDatabase(directory, template);
    try {
      await db.exec('CREATE TABLE probe (id int); INSERT INTO probe VALUES (1)');
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM probe')).rows).toEqual([{ n: 1 }]);
      expect(readdirSync(root).sort()).toEqual(['db', 'from-template', 'from-template.lock', 'template.tar.gz']);
    } finally {
      await db.close();
    }
  });

  it('is held by one process at a time: a live holder is named, a lock left by an exited process is taken over', async () => {
    const directory = join(root, 'db');
    writeFileSync(join(root, 'db.lock'), String(process.ppid));
    await expect(openEmbeddedDatabase(directory)).rejects.toThrow(`The embedded database in ${directory} is in use by process ${process.ppid}; stop that process first`);
    const exited = await new Promise<number>((done) => {
      const child = execFile(process.execPath, ['-e', '0'], () => done(child.pid as number));
    });
    writeFileSync(join(root, 'db.lock'), String(exited));
    const db = await openEmbeddedDatabase(directory);
    expect(readFileSync(join(root, 'db.lock'), 'utf8')).toBe(String(process.pid));
    await db.close();
    expect(existsSync(join(root, 'db.lock'))).toBe(false);
  });

  it('refuses a folder that holds files but no database, and leaves them alone', async () => {
    const directory = join(root, 'not-a-db');
    mkdirSync(directory);
    writeFileSync(join(directory, 'notes.txt'), 'keep me');
    await expect(openEmbeddedDatabase(directory)).rejects.toThrow(`${directory} is not empty and holds no database`);
    expect(readdirSync(directory)).toEqual(['notes.txt']);
  });
});

describe('the embedded database in its own thread', () => {
  let root: string;
  let handle: DatabaseHandle;
  /** The process's threads before the database's started. */
  let threadsBefore: Map<number, number>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'casewise-thread-'));
    threadsBefore = threadNicenessReadable ? threadNiceness() : new Map();
    handle = await DatabaseHandle.open({ kind: 'pglite', url: null, pgliteDir: join(root, 'db'), schema: null }, [], MIGRATIONS);
  });

  (threadNicenessReadable ? it : it.skip)('runs below the event loop’s CPU priority, above the scoring threads’, and leaves the loop’s own', () => {
    const mine = threadsBefore.get(process.pid) as number;
    expect(startedSince(threadsBefore)).toContain(Math.min(19, mine + DATABASE_THREAD_NICENESS));
    expect(DATABASE_THREAD_NICENESS).toBeLessThan(SCORING_THREAD_NICENESS);
    expect(threadNiceness().get(process.pid)).toBe(mine);
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('runs a long query beside the event loop: timers keep firing while it works', async () => {
    const gaps: number[] = [];
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const [row]: { n: string }[] = await handle.dataSource.query('SELECT count(*) AS n FROM generate_series(1, 3000000) AS s WHERE s % 7 = 0');
    const took = performance.now() - started;
    clearInterval(timer);
    // The gap still open when the query returned counts too (on the event loop no timer would have fired at all).
    gaps.push(performance.now() - last);
    expect(Number(row.n)).toBe(428571);
    // On the event loop the query would be one gap as long as itself.
    expect(took).toBeGreaterThan(150);
    expect(Math.max(...gaps)).toBeLessThan(took / 2);
  });

  it('answers a health ping while its one session is held by an open transaction', async () => {
    const runner = handle.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await runner.query('SELECT 1');
      expect(await handle.ping(1000)).toBe(true);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('keeps nothing of the rows it has handed back: its heap stays small however much is read through it', async () => {
    // 160 MB of rows read, as a data room's ingestion and questions read them; PGlite's raw call kept each one parsed.
    const row = 'Confidential Information shall be returned. '.repeat(23_000);
    for (let i = 0; i < 160; i++) {
      const [read]: { t: string }[] = await handle.dataSource.query('SELECT $1::text || $2::text AS t', [row, String(i)]);
      expect(read.t.length).toBe(row.length + String(i).length);
    }
    expect(await handle.embeddedHeapUsed()).toBeLessThan(64 * 1024 * 1024);
  });

  it('hands back large values bit for bit, reports an error with PostgreSQL’s message and goes on serving', async () => {
    const text = 'Indemnification. '.repeat(200_000);
    const bytes = Buffer.from(Array.from({ length: 1 << 20 }, (_, i) => (i * 131) % 256));
    const [large]: { t: string; b: Buffer }[] = await handle.dataSource.query('SELECT $1::text AS t, $2::bytea AS b', [text, bytes]);
    expect(large.t).toBe(text);
    expect(Buffer.compare(Buffer.from(large.b), bytes)).toBe(0);
    await expect(handle.dataSource.query('SELECT * FROM no_such_table')).rejects.toThrow('relation "no_such_table" does not exist');
    // A failed statement inside a transaction is rolled back with it; the session serves the next query.
    await expect(
      handle.dataSource.transaction(async (manager) => {
        await manager.query(`INSERT INTO jobs (id, name, queue, payload, status, transport, max_attempts, backoff_ms) VALUES (gen_random_uuid(), 'rolled back', 'q', '{}', 'completed', 'inline', 1, 1)`);
        await manager.query('SELECT 1/0');
      }),
    ).rejects.toThrow('division by zero');
    const rows: { n: number }[] = await handle.dataSource.query(`SELECT count(*)::int AS n FROM jobs WHERE name = $1`, ['rolled back']);
    expect(rows).toEqual([{ n: 0 }]);
  });

  describe('statements asked for again', () => {
    const kept = async (text: string): Promise<number> => {
      const rows: { n: number }[] = await handle.dataSource.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = '${text.replace(/'/g, "''")}'`);
      return rows[0].n;
    };

    it('are prepared once in the session and then run by name, each with its own values', async () => {
      const text = 'SELECT $1::int * 2 AS doubled, $2::text AS word';
      expect(await handle.dataSource.query(text, [1, 'one'])).toEqual([{ doubled: 2, word: 'one' }]);
      expect(await kept(text)).toBe(1);
      for (let i = 2; i < 12; i++) expect(await handle.dataSource.query(text, [i, `w${i}`])).toEqual([{ doubled: 2 * i, word: `w${i}` }]);
      expect(await kept(text)).toBe(1);
      // Inside a transaction, and after one rolled back, the kept statement answers as before.
      await handle.dataSource.transaction(async (manager) => {
        expect(await manager.query(text, [21, 'in'])).toEqual([{ doubled: 42, word: 'in' }]);
      });
      await expect(
        handle.dataSource.transaction(async (manager) => {
          await manager.query(text, [1, 'x']);
          await manager.query('SELECT 1/$1::int', [0]);
        }),
      ).rejects.toThrow('division by zero');
      expect(await handle.dataSource.query(text, [50, 'after'])).toEqual([{ doubled: 100, word: 'after' }]);
    });

    it('are not kept when they fail to parse, and a failing run by name is reported as PostgreSQL reports it', async () => {
      const broken = 'SELEC $1::int AS n';
      for (let i = 0; i < 2; i++) await expect(handle.dataSource.query(broken, [1])).rejects.toThrow('syntax error at or near "SELEC"');
      expect(await kept(broken)).toBe(0);
      const text = 'SELECT 10 / $1::int AS n';
      expect(await handle.dataSource.query(text, [5])).toEqual([{ n: 2 }]);
      await expect(handle.dataSource.query(text, [0])).rejects.toThrow('division by zero');
      expect(await handle.dataSource.query(text, [2])).toEqual([{ n: 5 }]);
    });

    it('are prepared again after the schema changes, so a statement reading every column sees the new one', async () => {
      await handle.dataSource.query('CREATE TABLE kept_probe (id int PRIMARY KEY, a text)');
      await handle.dataSource.query(`INSERT INTO kept_probe VALUES (1, 'first')`);
      const text = 'SELECT * FROM kept_probe WHERE id = $1';
      for (let i = 0; i < 3; i++) expect(await handle.dataSource.query(text, [1])).toEqual([{ id: 1, a: 'first' }]);
      await handle.dataSource.query(`ALTER TABLE kept_probe ADD COLUMN b text NOT NULL DEFAULT 'second'`);
      expect(await handle.dataSource.query(text, [1])).toEqual([{ id: 1, a: 'first', b: 'second' }]);
      await handle.dataSource.query('DROP TABLE kept_probe');
    });

    it(`are kept at most ${STATEMENT_CACHE_SIZE} at a time, the least recently used closed first`, async () => {
      const texts = Array.from({ length: STATEMENT_CACHE_SIZE + 40 }, (_, i) => `SELECT $1::int + ${i} AS n`);
      for (const [i, text] of texts.entries()) expect(await handle.dataSource.query(text, [1])).toEqual([{ n: i + 1 }]);
      // One more batch sends the closes the last statements left pending.
      await handle.dataSource.query(texts[texts.length - 1], [0]);
      const rows: { n: number }[] = await handle.dataSource.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'casewise%'`);
      expect(rows[0].n).toBeLessThanOrEqual(STATEMENT_CACHE_SIZE);
      expect(await kept(texts[0])).toBe(0);
      expect(await kept(texts[texts.length - 1])).toBe(1);
      expect(await handle.dataSource.query(texts[0], [2])).toEqual([{ n: 2 }]);
    });
  });

  it('gives the cluster back on close: the lock is released and the thread no longer answers', async () => {
    const lock = join(root, 'db.lock');
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await handle.close();
    expect(existsSync(lock)).toBe(false);
    expect(await handle.ping(200)).toBe(false);
  });
});
