import { randomUUID } from 'node:crypto';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import IORedis from 'ioredis';
import { ConfigService } from '@api/modules/config/config.service';

/** What one process tells the others of a project: its index is stale, or documents of it were made ready. */
interface ProjectMessage {
  from: string;
  projectId: string;
}

/** What a process does with the other processes' messages. */
export interface SearchCacheListeners {
  /** A project's index is stale (the project or one of its documents was deleted): drop it. */
  forget(projectId: string): void;
  /** A worker process made documents of the project ready: the serving processes bring its index up to date. */
  ready(projectId: string): void;
}

function isProjectMessage(value: unknown): value is ProjectMessage {
  if (value === null || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  return typeof message.from === 'string' && typeof message.projectId === 'string';
}

/**
 * Tells the other processes that a project's search index is stale (the project or one of its documents was
 * deleted), so each drops it at once, and, from a worker process, that documents of a project were made ready, so
 * the API processes bring its index up to date and save it before anyone asks (a scaled deployment's first question
 * on a data room would otherwise read and tokenise every passage). With no Redis there is one process and nothing to
 * tell.
 */
@Injectable()
export class SearchCacheBus implements OnModuleDestroy {
  private readonly logger = new Logger(SearchCacheBus.name);
  private readonly id = randomUUID();
  private readonly channels: Record<keyof SearchCacheListeners, string>;
  private readonly url: string | null;
  private publisher: IORedis | null = null;
  private subscriber: IORedis | null = null;

  constructor(config: ConfigService) {
    this.url = config.redis.url?.reveal() ?? null;
    this.channels = { forget: `${config.redis.prefix}:search:forget`, ready: `${config.redis.prefix}:search:ready` };
  }

  /** Calls the listener of every message another process sends; resolves once subscribed. */
  async listen(listeners: SearchCacheListeners): Promise<void> {
    if (this.url === null || this.subscriber !== null) return;
    this.subscriber = new IORedis(this.url, { maxRetriesPerRequest: null });
    this.subscriber.on('error', (error: Error) => this.logger.warn(`Search cache messages paused: ${error.message}`));
    this.subscriber.on('message', (channel: string, raw: string) => {
      const kind = channel === this.channels.forget ? 'forget' : channel === this.channels.ready ? 'ready' : null;
      if (kind === null) return;
      try {
        const message: unknown = JSON.parse(raw);
        if (isProjectMessage(message) && message.from !== this.id) listeners[kind](message.projectId);
      } catch {
        this.logger.warn('A malformed search cache message was ignored.');
      }
    });
    await this.subscriber.subscribe(this.channels.forget, this.channels.ready);
  }

  /** Announces that a project's index is stale; a Redis failure is logged, never thrown (the index also expires by its signature). */
  announce(projectId: string): void {
    this.send('forget', projectId);
  }

  /**
   * Announces that documents of a project were made ready here; a Redis failure is logged, never thrown (the serving
   * processes then bring the index up to date at the project's next question).
   */
  announceReady(projectId: string): void {
    this.send('ready', projectId);
  }

  private send(kind: keyof SearchCacheListeners, projectId: string): void {
    if (this.url === null) return;
    this.publisher ??= new IORedis(this.url, { maxRetriesPerRequest: 2 });
    const message: ProjectMessage = { from: this.id, projectId };
    this.publisher.publish(this.channels[kind], JSON.stringify(message)).catch((error: Error) => this.logger.warn(`Search cache message not sent: ${error.message}`));
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(
      [this.publisher, this.subscriber].map((client) => (client === null || client.status === 'end' ? undefined : client.quit().catch(() => undefined))),
    );
    this.publisher = null;
    this.subscriber = null;
  }
}
