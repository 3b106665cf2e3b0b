import { Injectable, Logger } from '@nestjs/common';
import Anthropic, { APIConnectionError, APIError } from '@anthropic-ai/sdk';
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { ConfigService } from '@api/modules/config/config.service';
import { TokenUsage } from './llm.types';
import { backoffDelayMs, DEFAULT_RETRY_POLICY, isRetryableStatus, retryAfterMs, RetryPolicy, sleep } from '@api/modules/common/retry';
import { UpstreamServiceError } from '@api/modules/common/upstream.error';

export interface ClaudeRequest {
  system: string;
  messages: MessageParam[];
  maxTokens: number;
}

export interface ClaudeResponse {
  message: Message;
  usage: TokenUsage;
  /** Tries it took, the successful one included. */
  attempts: number;
}

/** Long report calls write thousands of tokens; the SDK's own ten-minute default is kept well below. */
const REQUEST_TIMEOUT_MS = 5 * 60_000;

/**
 * The Anthropic Messages API behind one adapter: our own retries (429, 529 and transient 5xx, honouring
 * retry-after) instead of the SDK's, and the token usage of every call.
 */
@Injectable()
export class ClaudeClient {
  private readonly logger = new Logger(ClaudeClient.name);
  private sdk: Anthropic | null = null;
  retryPolicy: RetryPolicy = DEFAULT_RETRY_POLICY;

  constructor(private readonly config: ConfigService) {}

  get configured(): boolean {
    return this.config.anthropic.apiKey !== null;
  }

  get model(): string {
    return this.config.anthropic.model;
  }

  async createMessage(request: ClaudeRequest): Promise<ClaudeResponse> {
    const client = this.client();
    for (let attempt = 1; ; attempt++) {
      try {
        const message = await client.messages.create(
          { model: this.model, max_tokens: request.maxTokens, system: request.system, messages: request.messages },
          { timeout: REQUEST_TIMEOUT_MS },
        );
        return {
          message,
          usage: { inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0 },
          attempts: attempt,
        };
      } catch (error) {
        const status = error instanceof APIError ? (error.status ?? null) : null;
        const retryable = error instanceof APIConnectionError || isRetryableStatus(status);
        if (!(error instanceof APIError)) throw error;
        if (!retryable || attempt >= this.retryPolicy.maxAttempts) {
          this.logger.error(`Claude request failed after ${attempt} ${attempt === 1 ? 'try' : 'tries'}: ${error.message}`);
          throw new UpstreamServiceError('language model', status, retryable, { cause: error });
        }
        const delay = backoffDelayMs(attempt, this.retryPolicy, retryAfterMs(error.headers));
        this.logger.warn(`Claude answered ${status ?? 'no response'}; try ${attempt + 1} of ${this.retryPolicy.maxAttempts} in ${delay} ms`);
        await sleep(delay);
      }
    }
  }

  private client(): Anthropic {
    if (this.sdk) return this.sdk;
    const apiKey = this.config.anthropic.apiKey?.reveal();
    if (!apiKey) throw new UpstreamServiceError('language model', null, false, { cause: new Error('ANTHROPIC_API_KEY is not set') });
    // baseURL null (not undefined) keeps the SDK from reading the environment itself.
    this.sdk = new Anthropic({ apiKey, baseURL: this.config.anthropic.baseUrl ?? null, maxRetries: 0 });
    return this.sdk;
  }
}
