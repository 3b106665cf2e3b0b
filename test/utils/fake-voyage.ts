import { createHash } from 'node:crypto';
import { IncomingHttpHeaders, Server } from 'node:http';
import { closeServer, listenLocally, localOrigin } from './local-server';

export interface VoyageRequestBody {
  input: string[];
  model: string;
  input_type?: string;
}

export interface RecordedVoyageRequest {
  headers: IncomingHttpHeaders;
  body: VoyageRequestBody;
}

export interface FakeVoyageFailure {
  status: number;
  headers?: Record<string, string>;
}

/** A deterministic unit vector per (text, input type), so tests can tell which text a vector belongs to. */
export function fakeEmbedding(text: string, inputType: string | undefined, dimensions: number): number[] {
  const digest = createHash('sha256').update(`${inputType ?? ''}\u0000${text}`).digest();
  const raw = Array.from({ length: dimensions }, (_, i) => (digest[i % digest.length] as number) - 127.5 + i / dimensions);
  const norm = Math.hypot(...raw);
  return raw.map((value) => value / norm);
}

/**
 * A local stand-in for Voyage's POST /v1/embeddings: checks the bearer key and the 128-input limit,
 * records requests, can fail on demand, and answers with data[] shuffled so callers must use `index`.
 */
export class FakeVoyage {
  readonly requests: RecordedVoyageRequest[] = [];
  private readonly failures: FakeVoyageFailure[] = [];
  private server: Server | null = null;

  private constructor(
    readonly apiKey: string,
    readonly dimensions: number,
  ) {}

  static async start(apiKey = 'pa-fake-key', dimensions = 16): Promise<FakeVoyage> {
    const fake = new FakeVoyage(apiKey, dimensions);
    fake.server = await listenLocally((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const reply = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        if (req.method !== 'POST' || req.url !== '/v1/embeddings') return reply(404, { detail: 'Not found' });
        if (req.headers.authorization !== `Bearer ${fake.apiKey}`) return reply(401, { detail: 'Provided API key is invalid.' });
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as VoyageRequestBody;
        fake.requests.push({ headers: req.headers, body });
        const failure = fake.failures.shift();
        if (failure) return reply(failure.status, { detail: `fake failure ${failure.status}` }, failure.headers);
        if (!Array.isArray(body.input) || body.input.length === 0 || body.input.length > 128) {
          return reply(400, { detail: 'input must hold 1 to 128 texts' });
        }
        if (body.input.some((text) => text === '')) return reply(400, { detail: 'input contains an empty string' });
        const data = body.input.map((text, index) => ({ object: 'embedding', embedding: fakeEmbedding(text, body.input_type, fake.dimensions), index }));
        const shuffled = [...data.filter((_, i) => i % 2 === 1), ...data.filter((_, i) => i % 2 === 0)];
        const tokens = body.input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
        return reply(200, { object: 'list', data: shuffled, model: body.model, usage: { total_tokens: tokens } });
      });
    });
    return fake;
  }

  get baseUrl(): string {
    return `${localOrigin(this.server)}/v1`;
  }

  failNext(...failures: FakeVoyageFailure[]): this {
    this.failures.push(...failures);
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.failures.length = 0;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await closeServer(server);
  }
}
