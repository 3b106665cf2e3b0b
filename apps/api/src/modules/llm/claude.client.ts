import { Injectable, Logger } from '@nestjs/common';
import Anthropic, { APIConnectionError, APIError } from '@anthropic-ai/sdk';
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages/messages';
import { isRetryableStatus } from '@api/modules/common/retry';
import { UpstreamServiceError } from '@api/modules/common/upstream.error';
import { ConfigService } from '@api/modules/config/config.service';
import { TokenUsage } from './llm.types';

export interface ClaudeRequest {
  system: string;
  messages: MessageParam[];
  maxTokens: number;
}

export interface ClaudeResponse {
  message: Message;
  usage: TokenUsage;
}

/** Long report calls write thousands of tokens; the SDK's own ten-minute default is kept well below. */
const REQUEST_TIMEOUT_MS = 5 * 60_000;

/**
 * Retries after the first try. The SDK retries connection failures, timeouts, 408, 409, 429 and 5xx
 * (529 overloaded included), waiting what retry-after or retry-after-ms asks, else backing off with jitter.
 */
const MAX_RETRIES = 3;

/**
 * The Anthropic Messages API behind one adapter: the SDK's own retries and timeout, configured here, its
 * failures turned into UpstreamServiceError, and the token usage of every call.
 */
@Injectable()
export class ClaudeClient {
  private readonly logger = new Logger(ClaudeClient.name);
  private sdk: Anthropic | null = null;

  constructor(private readonly config: ConfigService) {}

  get configured(): boolean {
    return this.config.anthropic.apiKey !== null;
  }

  get model(): string {
    return this.config.anthropic.model;
  }

  async createMessage(request: ClaudeRequest): Promise<ClaudeResponse> {
    const client = this.client();
    try {
      const message = await client.messages.create({ model: this.model, max_tokens: request.maxTokens, system: request.system, messages: request.messages });
      return { message, usage: { inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0 } };
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      const status = error.status ?? null;
      // Whether trying again later may help: then the client sees a 503, else a 502.
      const retryable = error instanceof APIConnectionError || isRetryableStatus(status);
      this.logger.error(`Claude request failed (${status ?? 'no response'}) after the SDK's retries: ${error.message}`);
      throw new UpstreamServiceError('language model', status, retryable, { cause: error });
    }
  }

  private client(): Anthropic {
    if (this.sdk) return this.sdk;
    const apiKey = this.config.anthropic.apiKey?.reveal();
    if (!apiKey) throw new UpstreamServiceError('language model', null, false, { cause: new Error('ANTHROPIC_API_KEY is not set') });
    // baseURL null (not undefined) keeps the SDK from reading the environment itself.
    this.sdk = new Anthropic({ apiKey, baseURL: this.config.anthropic.baseUrl ?? null, maxRetries: MAX_RETRIES, timeout: REQUEST_TIMEOUT_MS });
    return this.sdk;
  }
}
