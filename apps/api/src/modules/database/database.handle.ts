import { Client } from 'pg';
import { DataSource, DataSourceOptions, MixedList } from 'typeorm';
import { AppConfig } from '@api/modules/config/config.types';
import { EmbeddedConnection, EmbeddedDatabaseThread } from './embedded-thread';
import { EmbeddedUpkeep } from './embedded-upkeep';

export type EntityClass = new (...args: never[]) => unknown;
type EntityList = MixedList<string | EntityClass>;
type MigrationList = MixedList<string | (new (...args: never[]) => unknown)>;

const MIGRATION_LOCK_KEY = 724_119_301;
/** Connections of the PostgreSQL pool of one process. */
const POOL_SIZE = 10;
/** How long the health check's own connection may take to open. */
const PROBE_CONNECT_TIMEOUT_MS = 2000;
/** The name the health check's connection of process `pid` gives PostgreSQL (`pg_stat_activity.application_name`). */
export function healthCheckApplication(pid: number = process.pid): string {
  return `casewise health check ${pid}`;
}

/**
 * How to reach PostgreSQL: the URL, and the pool's settings. A schema is the session's search_path, set through the
 * startup options; options the URL gives itself (`?options=-c statement_timeout=5000`) are kept beside it. node-postgres
 * lets a URL's options replace those of the settings, which would put every query of a deployment with
 * DATABASE_SCHEMA in the public schema, so they are moved out of the URL and joined.
 */
export function postgresConnection(url: string, schema: string | null): { url: string; extra: { max: number; options?: string } } {
  if (!schema) return { url, extra: { max: POOL_SIZE } };
  const parsed = new URL(url);
  const own = parsed.searchParams.get('options');
  parsed.searchParams.delete('options');
  const options = [own, `-c search_path=${schema}`].filter((option) => option !== null && option.trim() !== '').join(' ');
  return { url: own === null ? url : parsed.toString(), extra: { max: POOL_SIZE, options } };
}

/** PostgreSQL's settings for one connection of its own, as the pool's connections are made. */
type ProbeSettings = { connectionString: string; options?: string };

/** Owns the TypeORM DataSource and, in embedded mode, the thread running PGlite behind it. */
export class DatabaseHandle {
  /** Embedded only: the tidying PostgreSQL's autovacuum would do. */
  private readonly upkeep: EmbeddedUpkeep | null;
  /**
   * PostgreSQL only: the health check's connection, outside the pool. Through the pool, a ping waited for one of its
   * ten connections behind whatever held them: ten slow queries made the check time out and report the database
   * down while it answered, and a load balancer would take the server out for a busy pool. Made at the first ping;
   * a ping that fails or times out closes it, and the next one connects again.
   */
  private probe: Promise<Client> | null = null;

  private constructor(
    readonly dataSource: DataSource,
    private readonly pglite: EmbeddedDatabaseThread | null,
    private readonly probeSettings: ProbeSettings | null,
  ) {
    this.upkeep = pglite ? new EmbeddedUpkeep((sql) => dataSource.query(sql)) : null;
  }

  static async open(config: AppConfig['database'], entities: EntityList, migrations: MigrationList): Promise<DatabaseHandle> {
    const common = { type: 'postgres' as const, entities, migrations, synchronize: false, installExtensions: false, migrationsTableName: 'migrations' };
    let options: DataSourceOptions;
    let pglite: EmbeddedDatabaseThread | null = null;
    let probeSettings: ProbeSettings | null = null;
    if (config.kind === 'pglite') {
      pglite = await EmbeddedDatabaseThread.open(config.pgliteDir);
      // PGlite is a single session: one pooled client, never closed while idle.
      options = { ...common, poolSize: 1, extra: { connection: new EmbeddedConnection(pglite), max: 1, idleTimeoutMillis: 0 } };
    } else if (config.url) {
      const connection = postgresConnection(config.url.reveal(), config.schema);
      probeSettings = { connectionString: connection.url, options: connection.extra.options };
      options = { ...common, ...connection, schema: config.schema ?? undefined };
    } else {
      throw new Error('PostgreSQL needs DATABASE_URL');
    }
    const dataSource = new DataSource(options);
    try {
      await dataSource.initialize();
      const handle = new DatabaseHandle(dataSource, pglite, probeSettings);
      await handle.migrate(config.schema);
      if (pglite && (await handle.lacksStatistics())) handle.noteWrites();
      return handle;
    } catch (error) {
      if (dataSource.isInitialized) await dataSource.destroy();
      await pglite?.close();
      throw error;
    }
  }

  get kind(): 'pglite' | 'postgres' {
    return this.pglite ? 'pglite' : 'postgres';
  }

  /** Runs pending migrations; on a shared server an advisory lock keeps concurrent start-ups from racing. */
  private async migrate(schema: string | null): Promise<void> {
    if (this.pglite) {
      await this.dataSource.runMigrations({ transaction: 'each' });
      return;
    }
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      // The lock comes first: two starts creating the schema at once collide even with IF NOT EXISTS.
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        if (schema) await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        await this.dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      await runner.release();
    }
  }

  async ping(timeoutMs = 2000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    // The database is asked directly, not through the pool every query waits for: the embedded thread, or PostgreSQL
    // on a connection of the check's own.
    const answer = this.pglite ? this.pglite.ping() : this.pingPostgres();
    let answered = false;
    try {
      answered = await Promise.race([answer.then(() => true), timeout]);
      return answered;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      if (!answered) {
        answer.catch(() => undefined);
        if (!this.pglite) void this.dropProbe();
      }
    }
  }

  private async pingPostgres(): Promise<void> {
    if (this.probe === null) {
      // A connection PostgreSQL closes (a restart, an idle timeout) is reported on it; the next ping makes a new one.
      const probe = this.connectProbe(() => {
        if (this.probe === probe) void this.dropProbe();
      });
      this.probe = probe;
    }
    const client = await this.probe;
    await client.query('SELECT 1');
  }

  private async connectProbe(onLost: () => void): Promise<Client> {
    if (!this.probeSettings) throw new Error('The health check has no PostgreSQL settings.');
    // A server that takes the connection but never answers must not leave one attempt behind per check.
    const client = new Client({ ...this.probeSettings, connectionTimeoutMillis: PROBE_CONNECT_TIMEOUT_MS, application_name: healthCheckApplication() });
    client.on('error', onLost);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  /** Closes the health check's connection, if there is one: the next ping connects again. */
  private async dropProbe(): Promise<void> {
    const probe = this.probe;
    this.probe = null;
    await probe?.then((client) => client.end()).catch(() => undefined);
  }

  /** The embedded database thread's JavaScript heap in use, in bytes; null on PostgreSQL, which runs elsewhere. */
  async embeddedHeapUsed(): Promise<number | null> {
    return this.pglite ? this.pglite.heapUsed() : null;
  }

  /** Whether a table has never been analysed (a database written before upkeep, or a table a migration made). */
  private async lacksStatistics(): Promise<boolean> {
    const rows: { n: string }[] = await this.dataSource.query(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.reltuples < 0`,
    );
    return Number(rows[0]?.n ?? 0) > 0;
  }

  /**
   * Many rows were written or removed (a document read, a project deleted): on the embedded database, its statistics
   * are brought up to date once the writes settle. PostgreSQL's autovacuum does this for a server.
   */
  noteWrites(): void {
    this.upkeep?.noteWrites();
  }

  async close(): Promise<void> {
    await this.dropProbe();
    await this.upkeep?.stop();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    if (this.pglite && !this.pglite.closed) await this.pglite.close();
  }
}
