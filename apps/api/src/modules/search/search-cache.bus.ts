import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import IORedis from 'ioredis';
import { ConfigService } from '@api/modules/config/config.service';

interface ForgetMessage {
  from: string;
  projectId: string;
}

function isForgetMessage(value: unknown): value is ForgetMessage {
  if (value === null || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  return typeof message.from === 'string' && typeof message.projectId === 'string';
}

/**
 * Tells the other API processes that a project's search index is stale (the project or one of its documents was
 * deleted), so each drops it at once. With no Redis there is one process and nothing to tell.
 */
@Injectable()
export class SearchCacheBus implements OnModuleDestroy {
  private readonly logger = new Logger(SearchCacheBus.name);
  private readonly id = randomUUID();
  private readonly channel: string;
  private readonly url: string | null;
  private publisher: IORedis | null = null;
  private subscriber: IORedis | null = null;

  constructor(config: ConfigService) {
    this.url = config.redis.url?.reveal() ?? null;
    this.channel = `${config.redis.prefix}:search:forget`;
  }

  /** Calls `onForget` for every project another process announces; resolves once subscribed. */
  async listen(onForget: (projectId: string) => void): Promise<void> {
    if (this.url === null || this.subscriber !== null) return;
    this.subscriber = new IORedis(this.url, { maxRetriesPerRequest: null });
    this.subscriber.on('error', (error: Error) => this.logger.warn(`Search cache messages paused: ${error.message}`));
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        const message: unknown = JSON.parse(raw);
        if (isForgetMessage(message) && message.from !== this.id) onForget(message.projectId);
      } catch {
        this.logger.warn('A malformed search cache message was ignored.');
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  /** Announces that a project's index is stale; a Redis failure is logged, never thrown (the index also expires by its signature). */
  announce(projectId: string): void {
    if (this.url === null) return;
    this.publisher ??= new IORedis(this.url, { maxRetriesPerRequest: 2 });
    const message: ForgetMessage = { from: this.id, projectId };
    this.publisher.publish(this.channel, JSON.stringify(message)).catch((error: Error) => this.logger.warn(`Search cache message not sent: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(
      [this.publisher, this.subscriber].map((client) => (client === null || client.status === 'end' ? undefined : client.quit().catch(() => undefined))),
    );
    this.publisher = null;
    this.subscriber = null;
  }
}
