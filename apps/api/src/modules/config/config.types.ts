export type AppRole = 'api' | 'worker' | 'all';
export type RunMode = 'development' | 'production' | 'test';

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
  http: { port: number; host: string; publicUrl: string; webDir: string | null };
  database: { kind: 'pglite' | 'postgres'; url: Secret | null; pgliteDir: string; schema: string | null };
  redis: { url: Secret | null; prefix: string };
  /** A running job's lock or lease; a crashed worker's jobs are taken back once it runs out. */
  jobs: { lockSeconds: number };
  qdrant: { url: string | null; apiKey: Secret | null; collection: string };
  anthropic: { apiKey: Secret | null; model: string; baseUrl: string | null };
  voyage: { apiKey: Secret | null; model: string; baseUrl: string };
  mail: { smtpUrl: Secret | null; from: string; outboxDir: string };
  storage: { filesDir: string; maxUploadMb: number; filesKey: Secret<Buffer> };
  pdf: { chromiumPath: string | null };
  auth: {
    jwtSecret: Secret;
    jwtExpiresIn: string;
    throttleLimit: number;
    throttleTtlSeconds: number;
  };
}
