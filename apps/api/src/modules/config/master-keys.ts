import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { statSync } from 'node:fs';
import { ConfigService } from './config.service';
import { readStoredSecrets, storedMasterKeysOf, storedSecretsPath } from './stored-secrets';

/** How often a server looks whether secrets.json has changed. */
export const SECRETS_WATCH_MS = 1000;

/**
 * The deployment's master key, which wraps every data key, and the one being rotated away from. It is the one
 * setting that may change while the server runs: when the keys are kept in DATA_DIR/secrets.json, every
 * process follows that file, so `npm run rotate-keys` can put a new key there and rewrap while servers run
 * (PostgreSQL), or ask the server holding the embedded database to do it (see OperationsResponder).
 * Whatever wraps or unwraps reads the keys here at the moment it does.
 */
@Injectable()
export class MasterKeys implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(MasterKeys.name);
  private wrapping: Buffer;
  private previous: Buffer | null;
  private timer: NodeJS.Timeout | null = null;
  private seen = '';

  constructor(private readonly config: ConfigService) {
    this.wrapping = config.storage.filesKey.reveal();
    this.previous = config.storage.filesKeyPrevious?.reveal() ?? null;
  }

  onModuleInit(): void {
    if (!this.config.storage.filesKeyInDataDir) return;
    this.seen = this.version();
    this.timer = setInterval(() => this.follow(), SECRETS_WATCH_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The key that wraps new data keys. */
  get current(): Buffer {
    return this.wrapping;
  }

  /** The keys a wrapped key may be under, the current one first. */
  get readable(): Buffer[] {
    return this.previous ? [this.wrapping, this.previous] : [this.wrapping];
  }

  adopt(current: Buffer, previous: Buffer | null): void {
    this.wrapping = current;
    this.previous = previous;
  }

  /** Whether `key` is the current or the previous master key. */
  knows(key: Buffer): boolean {
    return this.readable.some((known) => known.equals(key));
  }

  /** secrets.json is replaced by rename, so a new inode or time tells that it changed. */
  private version(): string {
    const info = statSync(storedSecretsPath(this.config.app.dataDir), { throwIfNoEntry: false });
    return info ? `${info.ino}:${info.mtimeMs}` : '';
  }

  /**
   * Adopts the keys secrets.json holds after a rotation step: a new key with the old one kept, then the old
   * one forgotten. A file whose keys are unrelated to this server's (copied from another deployment) is not
   * followed: what the server wrote would become unreadable.
   */
  private follow(): void {
    const version = this.version();
    if (version === this.seen || version === '') return;
    this.seen = version;
    let stored: ReturnType<typeof readStoredSecrets>;
    try {
      stored = readStoredSecrets(this.config.app.dataDir);
    } catch {
      return;
    }
    if (!stored) return;
    const { current, previous } = storedMasterKeysOf(stored);
    if (current.length !== 32 || (previous && previous.length !== 32)) return;
    if (!this.knows(current) && !(previous && this.knows(previous))) {
      this.logger.error('secrets.json now holds master keys unrelated to the ones this server runs with: not followed (restart to use them)');
      return;
    }
    const unchanged = current.equals(this.wrapping) && (previous === null ? this.previous === null : this.previous !== null && previous.equals(this.previous));
    if (unchanged) return;
    this.adopt(current, previous);
    this.logger.log(previous ? 'Following secrets.json: a new master key, the previous one kept for reading' : 'Following secrets.json: the previous master key is forgotten');
  }
}
