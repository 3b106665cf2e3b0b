import type { GeneratedDocument } from './corpus';

/** A request with no answer after this long has hung: the check fails on it. */
export const REQUEST_TIMEOUT_MS = 30_000;

export interface UploadRecord {
  name: string;
  status: number | 'hung' | 'network';
  /** The document id of a 200 or 201. */
  documentId: string | null;
  ms: number;
  /** Deleted on purpose afterwards (the soak keeps its project to a window of documents): not a lost upload. */
  deleted?: boolean;
  /** What the client saw when no answer came. */
  error?: string;
}

export interface Tally {
  uploads: UploadRecord[];
  questions: { status: number | 'hung' | 'network'; ms: number }[];
  other: { what: string; status: number | 'hung' | 'network'; ms: number }[];
}

export const newTally = (): Tally => ({ uploads: [], questions: [], other: [] });

export function hungCount(tally: Tally): number {
  return [...tally.uploads, ...tally.questions, ...tally.other].filter((record) => record.status === 'hung').length;
}

/** A fetch that gives up after REQUEST_TIMEOUT_MS and says whether it answered, hung or could not connect. */
export async function timedFetch(url: string, init: RequestInit): Promise<{ status: number | 'hung' | 'network'; body: unknown; bytes: Buffer | null; ms: number; error?: string }> {
  const started = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const type = response.headers.get('content-type') ?? '';
    const raw = Buffer.from(await response.arrayBuffer());
    const body: unknown = type.includes('json') ? JSON.parse(raw.toString('utf8')) : null;
    return { status: response.status, body, bytes: raw, ms: Date.now() - started };
  } catch (error) {
    // Read without instanceof: the fetch error comes from another realm than the test's.
    const failure = error as { name?: string; message?: string; cause?: { message?: string; code?: string } } | null;
    const name = failure?.name ?? '';
    const reason = failure?.cause;
    const cause = reason ? `: ${[reason.code, reason.message].filter(Boolean).join(' ')}` : '';
    // The deadline can also strike while the body is read, surfacing as another error.
    const hung = name === 'TimeoutError' || name === 'AbortError' || Date.now() - started >= REQUEST_TIMEOUT_MS;
    return { status: hung ? 'hung' : 'network', body: null, bytes: null, ms: Date.now() - started, error: `${failure?.message ?? String(error)}${cause}` };
  }
}

export class Client {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly tally: Tally,
  ) {}

  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}`, Connection: 'close' };
  }

  async upload(projectId: string, document: GeneratedDocument): Promise<UploadRecord> {
    const form = new FormData();
    form.append('project_id', projectId);
    form.append('file', new Blob([new Uint8Array(document.bytes)]), document.name);
    const answer = await timedFetch(`${this.baseUrl}/api/upload/`, { method: 'POST', body: form, headers: this.headers() });
    const id = (answer.status === 200 || answer.status === 201) && typeof answer.body === 'object' && answer.body !== null ? (answer.body as { id?: unknown }).id : null;
    const record: UploadRecord = { name: document.name, status: answer.status, documentId: typeof id === 'string' ? id : null, ms: answer.ms, ...(answer.error ? { error: answer.error } : {}) };
    this.tally.uploads.push(record);
    return record;
  }

  async ask(projectId: string, question: string): Promise<void> {
    const answer = await timedFetch(`${this.baseUrl}/api/projects/${projectId}/qa/`, {
      method: 'POST',
      body: JSON.stringify({ question }),
      headers: { ...this.headers(), 'Content-Type': 'application/json' },
    });
    this.tally.questions.push({ status: answer.status, ms: answer.ms });
  }

  async call(what: string, path: string, init: RequestInit = {}): Promise<{ status: number | 'hung' | 'network'; body: unknown; bytes: Buffer | null; error?: string }> {
    const answer = await timedFetch(`${this.baseUrl}${path}`, { ...init, headers: { ...this.headers(), ...(init.body ? { 'Content-Type': 'application/json' } : {}) } });
    this.tally.other.push({ what, status: answer.status, ms: answer.ms });
    return answer;
  }

  /** Seconds until /api/health/ready answers 200 (polled every 250 ms), or null after `limitMs`. */
  async secondsUntilReady(since: number, limitMs = 60_000): Promise<number | null> {
    while (Date.now() - since < limitMs) {
      const answer = await timedFetch(`${this.baseUrl}/api/health/ready`, { headers: { Connection: 'close' } });
      if (answer.status === 200) return (Date.now() - since) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return null;
  }
}

const QUESTIONS = [
  'What is the governing law?',
  'When does the agreement terminate?',
  'Who are the parties?',
  'Is there a limitation of liability?',
  'What are the payment terms?',
  'Can the agreement be assigned?',
];

/**
 * Steady load until stopped: the documents uploaded one after another `uploadGapMs` apart, and a question every
 * `questionGapMs`. With `keep`, the oldest document is deleted (over the API) once the project holds more than
 * `keep`, so a long run exercises deletion and its project stays one size. Resolves once both loops are done.
 */
export function steadyLoad(
  client: Client,
  projectId: string,
  documents: GeneratedDocument[],
  options: { uploadGapMs: number; questionGapMs: number; keep?: number },
): { stop(): void; done: Promise<void> } {
  let stopped = false;
  const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  const kept: UploadRecord[] = [];
  const uploads = (async () => {
    for (const document of documents) {
      if (stopped) break;
      const record = await client.upload(projectId, document);
      if (record.status === 201) kept.push(record);
      if (options.keep !== undefined && kept.length > options.keep) {
        const oldest = kept.shift() as UploadRecord;
        const answer = await client.call('delete', `/api/projects/${projectId}/files/${encodeURIComponent(oldest.name)}/`, { method: 'DELETE' });
        if (answer.status === 200 || answer.status === 204) oldest.deleted = true;
      }
      await pause(options.uploadGapMs);
    }
  })();
  const questions = (async () => {
    for (let i = 0; !stopped; i++) {
      await client.ask(projectId, QUESTIONS[i % QUESTIONS.length]);
      await pause(options.questionGapMs);
    }
  })();
  return {
    stop: () => (stopped = true),
    done: (async () => {
      await uploads;
      stopped = true;
      await questions;
    })(),
  };
}
