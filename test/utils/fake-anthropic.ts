import { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeServer, listenLocally, localOrigin } from './local-server';

/** One request the fake received, its body parsed. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: FakeMessagesRequest;
}

/** The parts of a Messages API request the tests look at. */
export interface FakeMessagesRequest {
  model: string;
  max_tokens: number;
  system?: string | { type: 'text'; text: string }[];
  messages: { role: string; content: string | FakeContentBlock[] }[];
}

export interface FakeContentBlock {
  type: string;
  text?: string;
  title?: string | null;
  source?: { type: string; media_type?: string; data?: string };
  citations?: { enabled?: boolean } | null;
}

export interface FakeCharCitation {
  type: 'char_location';
  cited_text: string;
  document_index: number;
  document_title: string | null;
  start_char_index: number;
  end_char_index: number;
  file_id: null;
}

export interface FakeTextBlock {
  type: 'text';
  text: string;
  citations: FakeCharCitation[] | null;
}

export interface FakeReply {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export type FakeReplySource = FakeReply | ((request: FakeMessagesRequest) => FakeReply);

let messageCounter = 0;

/** A successful Messages API reply made of text blocks. */
export function messageReply(blocks: (FakeTextBlock | string)[], usage = { input_tokens: 100, output_tokens: 20 }, stopReason = 'end_turn'): FakeReply {
  return {
    status: 200,
    body: {
      id: `msg_fake_${++messageCounter}`,
      type: 'message',
      role: 'assistant',
      model: 'fake-model',
      content: blocks.map((block) => (typeof block === 'string' ? { type: 'text', text: block, citations: null } : block)),
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { ...usage, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
  };
}

/** A text block citing `quote`, which must occur in `documentText` (the data of document block `documentIndex`). */
export function citedText(text: string, documentIndex: number, documentText: string, quote: string): FakeTextBlock {
  const start = documentText.indexOf(quote);
  if (start < 0) throw new Error(`fake-anthropic: "${quote}" is not in document ${documentIndex}`);
  return { type: 'text', text, citations: [charCitation(documentIndex, start, start + quote.length, quote)] };
}

export function charCitation(documentIndex: number, start: number, end: number, citedText: string): FakeCharCitation {
  return { type: 'char_location', cited_text: citedText, document_index: documentIndex, document_title: null, start_char_index: start, end_char_index: end, file_id: null };
}

export function errorReply(status: number, type: string, message: string, headers: Record<string, string> = {}): FakeReply {
  return { status, headers, body: { type: 'error', error: { type, message } } };
}

export function rateLimited(retryAfterSeconds: number): FakeReply {
  return errorReply(429, 'rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit', { 'retry-after': String(retryAfterSeconds) });
}

export function overloaded(): FakeReply {
  return errorReply(529, 'overloaded_error', 'Overloaded');
}

/** The document blocks of the last user turn of a request. */
export function documentBlocks(request: FakeMessagesRequest): FakeContentBlock[] {
  const last = request.messages[request.messages.length - 1];
  return Array.isArray(last?.content) ? last.content.filter((block) => block.type === 'document') : [];
}

export function systemText(request: FakeMessagesRequest): string {
  const { system } = request;
  if (system === undefined) return '';
  return typeof system === 'string' ? system : system.map((block) => block.text).join('\n');
}

/**
 * A local stand-in for the Anthropic Messages API (POST /v1/messages on 127.0.0.1): it checks the key
 * (x-api-key or a bearer token), records every request and answers from a programmable queue.
 */
export class FakeAnthropic {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: FakeReplySource[] = [];
  private fallback: ((request: FakeMessagesRequest) => FakeReply) | null = null;
  private server: Server | null = null;

  private constructor(readonly apiKey: string) {}

  static async start(apiKey = 'sk-ant-fake-key'): Promise<FakeAnthropic> {
    const fake = new FakeAnthropic(apiKey);
    fake.server = await listenLocally((req, res) => {
      fake.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: String(error) } }));
      });
    });
    return fake;
  }

  get url(): string {
    return localOrigin(this.server);
  }

  /** Queues replies, each used once in order. */
  enqueue(...replies: FakeReplySource[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Answers every request the queue does not cover. */
  otherwise(reply: (request: FakeMessagesRequest) => FakeReply): this {
    this.fallback = reply;
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.queue.length = 0;
    this.fallback = null;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await closeServer(server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (reply: FakeReply): void => {
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_fake_${this.requests.length}`, ...reply.headers });
      res.end(JSON.stringify(reply.body));
    };
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method !== 'POST' || path !== '/v1/messages') {
      send(errorReply(404, 'not_found_error', `fake-anthropic: no route ${req.method} ${req.url}`));
      return;
    }
    const key = req.headers['x-api-key'] ?? /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (key !== this.apiKey) {
      send(errorReply(401, 'authentication_error', 'invalid x-api-key'));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeMessagesRequest;
    this.requests.push({ method: req.method, path, headers: req.headers, body });
    const next = this.queue.shift() ?? this.fallback;
    if (!next) {
      send(errorReply(400, 'invalid_request_error', 'fake-anthropic: no reply queued for this request'));
      return;
    }
    send(typeof next === 'function' ? next(body) : next);
  }
}
