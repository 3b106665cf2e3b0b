import { Injectable, Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigService } from '@api/modules/config/config.service';
import { AppError } from '@api/modules/common/app-error';

const MAGIC = Buffer.from('CWF1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const WRAPPED_KEY_BYTES = IV_BYTES + 32 + TAG_BYTES;
const HEADER_BYTES = MAGIC.length + WRAPPED_KEY_BYTES + IV_BYTES;
const INCOMING = '.incoming';

/** The stored bytes do not match what was written: tampered with, or damaged on disk. */
export class IntegrityError extends AppError {
  constructor(message = 'The stored copy of this file failed its integrity check, so it was not used. Please upload the document again.') {
    super(500, message);
  }
}

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Documents on disk under $DATA_DIR/files, encrypted with AES-256-GCM under a key of their own,
 * which is itself wrapped by the deployment key. Layout: magic, wrapped key, IV, ciphertext, tag.
 */
@Injectable()
export class StorageRepository {
  private readonly logger = new Logger(StorageRepository.name);
  private readonly root: string;
  private readonly masterKey: Buffer;

  constructor(config: ConfigService) {
    this.root = config.storage.filesDir;
    this.masterKey = config.storage.filesKey.reveal();
  }

  /** A private path where an upload lands in plaintext for the length of one request. */
  async incomingPath(): Promise<string> {
    const dir = join(this.root, INCOMING);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return join(dir, randomUUID());
  }

  /** Streams an upload to a private incoming file, hashing as it goes; nothing is held whole in memory. */
  async receive(stream: Readable): Promise<{ path: string; size: number; sha256: string }> {
    const path = await this.incomingPath();
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, meter, createWriteStream(path, { mode: 0o600 }));
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return { path, size, sha256: hash.digest('hex') };
  }

  /** Encrypts a plaintext file into the store, durably (fsync of file and folder), and returns its key. */
  async storeFile(plaintextPath: string): Promise<StoredFile> {
    const key = randomUUID();
    const finalPath = this.pathOf(key);
    await mkdir(dirname(finalPath), { recursive: true, mode: 0o700 });
    const temporary = `${finalPath}.tmp`;
    const fileKey = randomBytes(32);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', fileKey, iv);
    const hash = createHash('sha256');
    let size = 0;
    const out = await open(temporary, 'w', 0o600);
    try {
      await out.write(Buffer.concat([MAGIC, this.wrap(fileKey), iv]));
      for await (const chunk of createReadStream(plaintextPath, { highWaterMark: 1 << 20 })) {
        const bytes = chunk as Buffer;
        size += bytes.length;
        hash.update(bytes);
        await out.write(cipher.update(bytes));
      }
      await out.write(Buffer.concat([cipher.final(), cipher.getAuthTag()]));
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(temporary, finalPath);
    await this.syncDir(dirname(finalPath));
    return { key, size, sha256: hash.digest('hex') };
  }

  /** Reads and decrypts a stored file; throws IntegrityError when the bytes were changed. */
  async read(key: string): Promise<Buffer> {
    const data = await readFile(this.pathOf(key));
    if (data.length < HEADER_BYTES + TAG_BYTES || !data.subarray(0, MAGIC.length).equals(MAGIC)) throw new IntegrityError();
    try {
      const fileKey = this.unwrap(data.subarray(MAGIC.length, MAGIC.length + WRAPPED_KEY_BYTES));
      const iv = data.subarray(MAGIC.length + WRAPPED_KEY_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', fileKey, iv);
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      return Buffer.concat([decipher.update(data.subarray(HEADER_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new IntegrityError();
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removeIncoming(path: string): Promise<void> {
    await rm(path, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  /**
   * Deletes stored files that no document references any more (left by a deletion cut off half-way,
   * or an upload whose row never committed) and stale plaintext uploads. Young files are kept, since
   * an upload in flight writes its file before its row.
   */
  async sweep(isReferenced: (keys: string[]) => Promise<Set<string>>, minAgeMs = 10 * 60_000): Promise<number> {
    let removed = 0;
    const cutoff = Date.now() - minAgeMs;
    let shards: string[];
    try {
      shards = await readdir(this.root);
    } catch {
      return 0;
    }
    for (const shard of shards) {
      const dir = join(this.root, shard);
      const names = await readdir(dir).catch(() => [] as string[]);
      const old: { name: string; key: string }[] = [];
      for (const name of names) {
        const info = await stat(join(dir, name)).catch(() => null);
        if (info && info.mtimeMs < cutoff) old.push({ name, key: name.replace(/\.bin(\.tmp)?$/, '') });
      }
      if (old.length === 0) continue;
      const referenced = shard === INCOMING ? new Set<string>() : await isReferenced(old.map((file) => file.key));
      for (const file of old) {
        if (referenced.has(file.key)) continue;
        await rm(join(dir, file.name), { force: true });
        removed++;
      }
    }
    if (removed > 0) this.logger.log(`Removed ${removed} unreferenced stored file(s)`);
    return removed;
  }

  pathOf(key: string): string {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('Invalid storage key');
    return join(this.root, key.slice(0, 2), `${key}.bin`);
  }

  private wrap(fileKey: Buffer): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.masterKey, iv);
    return Buffer.concat([iv, cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
  }

  private unwrap(wrapped: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.masterKey, wrapped.subarray(0, IV_BYTES));
    decipher.setAuthTag(wrapped.subarray(IV_BYTES + 32));
    return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, IV_BYTES + 32)), decipher.final()]);
  }

  private async syncDir(dir: string): Promise<void> {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}
