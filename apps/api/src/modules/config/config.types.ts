export type AppRole = 'api' | 'worker' | 'all';
export type RunMode = 'development' | 'production' | 'test';
/** Who may read the Swagger UI at /api/docs and its JSON: nobody, or anyone who can reach the server. */
export type ApiDocsAccess = 'off' | 'public';

/** A value that must never be logged or serialised; `toJSON` and `toString` hide it. */
export class Secret<T = string> {
  constructor(private readonly value: T) {}
  reveal(): T {
    return this.value;
  }
  toJSON(): string {
    return '[secret]';
  }
  toString(): string {
    return '[secret]';
  }
}

export interface AppConfig {
  app: { role: AppRole; mode: RunMode; dataDir: string; version: string; logLevel: 'debug' | 'info' | 'warn' | 'error' };
  http: {
    port: number;
    host: string;
    publicUrl: string;
    webDir: string | null;
    /** The built firm console, served at /admin/; null: apps/console/dist. */
    consoleDir: string | null;
    /** Express's `trust proxy` (hop count or addresses); null trusts no proxy, so the socket is the client. */
    trustProxy: number | string | null;
    apiDocs: ApiDocsAccess;
    /** Strict-Transport-Security max-age; 0 sends no HSTS header. */
    hstsMaxAgeSeconds: number;
  };
  database: { kind: 'pglite' | 'postgres'; url: Secret | null; pgliteDir: string; schema: string | null };
  redis: { url: Secret | null; prefix: string };
  /** A running job's lock or lease; a crashed worker's jobs are taken back once it runs out. */
  jobs: { lockSeconds: number };
  /** Tries (and the pause between them) for PostgreSQL, Redis and Qdrant to answer before the process gives up. */
  startup: { retries: number; retryDelayMs: number };
  /** After SIGTERM or SIGINT: how long in-flight requests and running jobs get before the jobs are handed back and the process exits. */
  shutdown: { timeoutSeconds: number };
  /** The bearer token /api/metrics answers; null: it answers 404 to everyone. */
  metrics: { token: Secret | null };
  qdrant: { url: string | null; apiKey: Secret | null; collection: string };
  /**
   * cacheMb: memory the per-project search indexes may hold together; the least recently used are dropped beyond it.
   * vectorWeight: weight of the vector ranking fused with the lexical one; 0 leaves vectors out of search and out of
   * ingestion (none are computed or stored).
   */
  search: { cacheMb: number; vectorWeight: number };
  /** Worker threads that score questions and compose offline answers (0: all on the event loop). */
  workers: { threads: number };
  anthropic: { apiKey: Secret | null; model: string; baseUrl: string | null };
  voyage: { apiKey: Secret | null; model: string; baseUrl: string };
  mail: { smtpUrl: Secret | null; from: string; outboxDir: string };
  /** filesKeyPrevious: the master key being rotated away from; data keys still wrapped by it are read until `npm run rotate-keys` rewraps them. */
  /** filesKeyInDataDir: the master keys are kept in DATA_DIR/secrets.json (FILES_KEY not set), which a rotation changes while servers run. */
  storage: { filesDir: string; maxUploadMb: number; filesKey: Secret<Buffer>; filesKeyPrevious: Secret<Buffer> | null; filesKeyInDataDir: boolean };
  pdf: { chromiumPath: string | null };
  /** Requests per signed-in user within one window, per kind of costly work. */
  rateLimits: { windowSeconds: number; questions: number; uploads: number; reports: number };
  auth: {
    jwtSecret: Secret;
    /** The secret before the last change: tokens it signed are accepted until they expire; new ones use jwtSecret. */
    jwtSecretPrevious: Secret | null;
    jwtExpiresIn: string;
    limits: AuthLimits;
  };
}

/** Sign-in and account-route limits; counters live in the database, so they hold across processes. */
export interface AuthLimits {
  /** Flood ceiling: account-route requests per client address per window (THROTTLE_LIMIT, THROTTLE_TTL_SECONDS). */
  requestsPerAddress: number;
  addressWindowSeconds: number;
  /** Failed sign-ins to one account from one client address before that client is paused (and the owner is mailed). */
  failuresPerClient: number;
  /** Failed sign-ins to one account from all addresses before new addresses are slowed for it. */
  failuresPerAccount: number;
  /** Mails (codes and notices) to one address per hour. */
  codeMailsPerAddress: number;
}
