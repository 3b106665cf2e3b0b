import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@api/modules/config/config.service';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, isRetryableStatus, retryAfterMs, RetryPolicy, sleep } from '@api/modules/common/retry';
import { UpstreamServiceError } from '@api/modules/common/upstream.error';

export type VoyageInputType = 'document' | 'query';

/** Voyage allows 128 inputs per request. */
export const MAX_TEXTS_PER_BATCH = 128;
/**
 * voyage-law-2 takes 120,000 tokens per request; legal English runs about 4 characters a token, so
 * 240,000 characters leaves a wide margin for dense text.
 */
export const MAX_CHARS_PER_BATCH = 240_000;
const REQUEST_TIMEOUT_MS = 120_000;

interface VoyageResponse {
  data: { embedding: number[]; index: number }[];
  usage?: { total_tokens?: number };
}

function isVoyageResponse(value: unknown): value is VoyageResponse {
  if (value === null || typeof value !== 'object') return false;
  const data = (value as { data?: unknown }).data;
  return (
    Array.isArray(data) &&
    data.every(
      (item: unknown) =>
        item !== null &&
        typeof item === 'object' &&
        Number.isInteger((item as { index?: unknown }).index) &&
        Array.isArray((item as { embedding?: unknown }).embedding),
    )
  );
}

/** Groups texts, in order, into batches within the count and character limits. */
export function planBatches(texts: string[], maxTexts = MAX_TEXTS_PER_BATCH, maxChars = MAX_CHARS_PER_BATCH): { start: number; end: number }[] {
  const batches: { start: number; end: number }[] = [];
  let start = 0;
  let chars = 0;
  for (let i = 0; i < texts.length; i++) {
    const length = (texts[i] as string).length;
    if (i > start && (i - start >= maxTexts || chars + length > maxChars)) {
      batches.push({ start, end: i });
      start = i;
      chars = 0;
    }
    chars += length;
  }
  if (start < texts.length) batches.push({ start, end: texts.length });
  return batches;
}

/** Voyage AI embeddings (POST {baseUrl}/embeddings), batched and retried, vectors in input order. */
@Injectable()
export class VoyageEmbeddingClient {
  private readonly logger = new Logger(VoyageEmbeddingClient.name);
  retryPolicy: RetryPolicy = DEFAULT_RETRY_POLICY;
  /** Tokens Voyage reported since this client was made. */
  tokensUsed = 0;

  constructor(private readonly config: ConfigService) {}

  get configured(): boolean {
    return this.config.voyage.apiKey !== null;
  }

  get model(): string {
    return this.config.voyage.model;
  }

  async embed(texts: string[], inputType: VoyageInputType): Promise<number[][]> {
    const vectors: number[][] = [];
    for (const { start, end } of planBatches(texts)) {
      // Voyage rejects empty strings; a single space embeds as "no content" and keeps positions aligned.
      const batch = texts.slice(start, end).map((text) => (text.trim() === '' ? ' ' : text));
      vectors.push(...(await this.embedBatch(batch, inputType)));
    }
    return vectors;
  }

  private async embedBatch(input: string[], inputType: VoyageInputType): Promise<number[][]> {
    const apiKey = this.config.voyage.apiKey?.reveal();
    if (!apiKey) throw new UpstreamServiceError('embedding', null, false, { cause: new Error('VOYAGE_API_KEY is not set') });
    const url = `${this.config.voyage.baseUrl.replace(/\/+$/, '')}/embeddings`;
    const body = JSON.stringify({ input, model: this.model, input_type: inputType });
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        if (attempt >= this.retryPolicy.maxAttempts) throw new UpstreamServiceError('embedding', null, true, { cause: error });
        await this.pause(attempt, null, 'no response');
        continue;
      }
      if (response.ok) return this.read(await response.json(), input.length);
      const detail = (await response.text()).slice(0, 300);
      const retryable = isRetryableStatus(response.status);
      if (!retryable || attempt >= this.retryPolicy.maxAttempts) {
        this.logger.error(`Voyage embeddings failed after ${attempt} ${attempt === 1 ? 'try' : 'tries'}: ${response.status} ${detail}`);
        throw new UpstreamServiceError('embedding', response.status, retryable, { cause: new Error(`${response.status} ${detail}`) });
      }
      await this.pause(attempt, retryAfterMs(response.headers), String(response.status));
    }
  }

  private async pause(attempt: number, hintMs: number | null, status: string): Promise<void> {
    const delay = backoffDelayMs(attempt, this.retryPolicy, hintMs);
    this.logger.warn(`Voyage answered ${status}; try ${attempt + 1} of ${this.retryPolicy.maxAttempts} in ${delay} ms`);
    await sleep(delay);
  }

  private read(json: unknown, expected: number): number[][] {
    if (!isVoyageResponse(json)) throw new UpstreamServiceError('embedding', 200, false, { cause: new Error('Voyage returned an unexpected body') });
    const vectors = new Array<number[] | undefined>(expected).fill(undefined);
    for (const item of json.data) {
      if (item.index >= 0 && item.index < expected) vectors[item.index] = item.embedding;
    }
    if (vectors.some((vector) => vector === undefined)) {
      throw new UpstreamServiceError('embedding', 200, false, { cause: new Error(`Voyage returned ${json.data.length} of ${expected} embeddings`) });
    }
    this.tokensUsed += json.usage?.total_tokens ?? 0;
    return vectors as number[][];
  }
}
