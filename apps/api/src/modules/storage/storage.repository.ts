import { Injectable, Logger } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigService } from '@api/modules/config/config.service';
import { MasterKeys } from '@api/modules/config/master-keys';
import { AppError } from '@api/modules/common/app-error';

/** Files written before the key was bound to its document: no authenticated data. */
const MAGIC_V1 = Buffer.from('CWF1');
/** The file key is wrapped with the document id and the plaintext's sha256 as authenticated data. */
const MAGIC_V2 = Buffer.from('CWF2');
const MAGIC_BYTES = 4;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FILE_KEY_BYTES = 32;
const WRAPPED_KEY_BYTES = IV_BYTES + FILE_KEY_BYTES + TAG_BYTES;
const HEADER_BYTES = MAGIC_BYTES + WRAPPED_KEY_BYTES + IV_BYTES;
const AES_BLOCK = 16;
const INCOMING = '.incoming';

/** The stored bytes do not match what was written: tampered with, swapped, or damaged on disk. */
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

/** What a stored file is checked against on every read: the document it belongs to. */
export interface StoredFileRef {
  id: string;
  storageKey: string;
  sha256: string;
}

/** Random access to a file's plaintext, read in bounded pieces. */
export interface PlaintextSource {
  readonly size: number;
  read(position: number, length: number): Promise<Buffer>;
}

/**
 * An upload received into the private incoming folder as ciphertext, under a fresh key that only this
 * object holds: an upload cut off half-way, or a crash, leaves nothing readable behind.
 */
export class IncomingFile {
  constructor(
    readonly path: string,
    readonly size: number,
    readonly sha256: string,
    readonly fileKey: Buffer,
    readonly iv: Buffer,
    readonly tag: Buffer,
  ) {}
}

/**
 * Documents on disk under $DATA_DIR/files, encrypted with AES-256-GCM under a key of their own, which is
 * itself wrapped by the deployment key with the document's id and sha256 as authenticated data, so a file
 * only decrypts as the document it was stored for. Layout: magic, wrapped key, IV, ciphertext, tag.
 */
@Injectable()
export class StorageRepository {
  private readonly logger = new Logger(StorageRepository.name);
  private readonly root: string;

  constructor(
    config: ConfigService,
    private readonly masterKeys: MasterKeys,
  ) {
    this.root = config.storage.filesDir;
  }

  private async incomingPath(): Promise<string> {
    const dir = join(this.root, INCOMING);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return join(dir, randomUUID());
  }

  /**
   * Streams an upload into an incoming file, encrypting and hashing as it goes: no plaintext reaches the
   * disk and nothing is held whole in memory. Room for the header is left at the start, so storing it is
   * a header write and a rename.
   */
  async receive(stream: Readable): Promise<IncomingFile> {
    const path = await this.incomingPath();
    const fileKey = randomBytes(FILE_KEY_BYTES);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', fileKey, iv);
    cipher.setAAD(MAGIC_V2);
    const hash = createHash('sha256');
    let size = 0;
    const seal = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, cipher.update(chunk));
      },
      flush(done) {
        done(null, cipher.final());
      },
    });
    try {
      const out = createWriteStream(path, { mode: 0o600 });
      out.write(Buffer.alloc(HEADER_BYTES));
      await pipeline(stream, seal, out);
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
    return new IncomingFile(path, size, hash.digest('hex'), fileKey, iv, cipher.getAuthTag());
  }

  /**
   * The plaintext of an incoming file for inspection before it is stored. GCM encrypts in counter mode,
   * so any range decrypts on its own; the tag is checked whenever the stored file is read.
   */
  async inspectIncoming<T>(incoming: IncomingFile, use: (source: PlaintextSource) => Promise<T>): Promise<T> {
    const handle = await open(incoming.path, 'r');
    try {
      return await use({
        size: incoming.size,
        read: async (position, length) => {
          const end = Math.min(incoming.size, position + Math.max(0, length));
          if (end <= position) return Buffer.alloc(0);
          const firstBlock = Math.floor(position / AES_BLOCK);
          const from = firstBlock * AES_BLOCK;
          const cipherBytes = Buffer.alloc(end - from);
          const { bytesRead } = await handle.read(cipherBytes, 0, cipherBytes.length, HEADER_BYTES + from);
          const counter = Buffer.alloc(AES_BLOCK);
          incoming.iv.copy(counter, 0);
          // GCM's first counter block (IV || 1) encrypts the tag; the data starts at IV || 2.
          counter.writeUInt32BE(2 + firstBlock, IV_BYTES);
          const decipher = createDecipheriv('aes-256-ctr', incoming.fileKey, counter);
          const plain = decipher.update(cipherBytes.subarray(0, bytesRead));
          return plain.subarray(position - from);
        },
      });
    } finally {
      await handle.close();
    }
  }

  /**
   * Moves an incoming file into the store as the given document's file, durably (fsync of file and
   * folder): its key is wrapped with the document id and sha256 as authenticated data.
   */
  async store(incoming: IncomingFile, documentId: string): Promise<StoredFile> {
    const key = randomUUID();
    const finalPath = this.pathOf(key);
    await mkdir(dirname(finalPath), { recursive: true, mode: 0o700 });
    const header = Buffer.concat([MAGIC_V2, this.wrap(incoming.fileKey, this.binding(documentId, incoming.sha256)), incoming.iv]);
    const out = await open(incoming.path, 'r+');
    try {
      await out.write(header, 0, header.length, 0);
      await out.write(incoming.tag, 0, incoming.tag.length, HEADER_BYTES + incoming.size);
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(incoming.path, finalPath);
    await this.syncDir(dirname(finalPath));
    return { key, size: incoming.size, sha256: incoming.sha256 };
  }

  /**
   * Reads and decrypts a document's stored file; throws IntegrityError when the bytes were changed or
   * belong to another document.
   */
  async read(file: StoredFileRef): Promise<Buffer> {
    const data = await readFile(this.pathOf(file.storageKey));
    if (data.length < HEADER_BYTES + TAG_BYTES) throw new IntegrityError();
    const magic = data.subarray(0, MAGIC_BYTES);
    const bound = magic.equals(MAGIC_V2);
    if (!bound && !magic.equals(MAGIC_V1)) throw new IntegrityError();
    let plaintext: Buffer;
    try {
      const wrapped = data.subarray(MAGIC_BYTES, MAGIC_BYTES + WRAPPED_KEY_BYTES);
      const fileKey = this.unwrap(wrapped, bound ? this.binding(file.id, file.sha256) : null);
      const decipher = createDecipheriv('aes-256-gcm', fileKey, data.subarray(MAGIC_BYTES + WRAPPED_KEY_BYTES, HEADER_BYTES));
      if (bound) decipher.setAAD(MAGIC_V2);
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      plaintext = Buffer.concat([decipher.update(data.subarray(HEADER_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new IntegrityError();
    }
    // Files of the first format are not bound to their document: their hash still is.
    if (createHash('sha256').update(plaintext).digest('hex') !== file.sha256) throw new IntegrityError();
    return plaintext;
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
   * or an upload whose row never committed) and stale incoming uploads. Young files are kept, since
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

  private binding(documentId: string, sha256: string): Buffer {
    return Buffer.from(`${MAGIC_V2.toString()}:${documentId}:${sha256}`);
  }

  private wrap(fileKey: Buffer, aad: Buffer): Buffer {
    return wrapFileKey(this.masterKeys.current, fileKey, aad);
  }

  /** During a rotation, files not yet rewrapped keep a key wrapped by the previous master key. */
  private unwrap(wrapped: Buffer, aad: Buffer | null): Buffer {
    for (const masterKey of this.masterKeys.readable) {
      const key = unwrapFileKey(masterKey, wrapped, aad);
      if (key) return key;
    }
    throw new IntegrityError();
  }

  /**
   * Rewraps a stored file's key from `from` to `to` without touching its ciphertext: a copy with the new
   * header replaces the file by rename, so readers see the old file or the new one, never a mix. Returns
   * false when the file is already wrapped by `to` (rotation resumed), and throws when neither key opens it.
   */
  async rewrap(file: StoredFileRef, from: Buffer, to: Buffer): Promise<boolean> {
    const path = this.pathOf(file.storageKey);
    const handle = await open(path, 'r');
    const header = Buffer.alloc(HEADER_BYTES);
    try {
      await handle.read(header, 0, HEADER_BYTES, 0);
    } finally {
      await handle.close();
    }
    const magic = header.subarray(0, MAGIC_BYTES);
    const aad = magic.equals(MAGIC_V2) ? this.binding(file.id, file.sha256) : magic.equals(MAGIC_V1) ? null : undefined;
    if (aad === undefined) throw new IntegrityError(`The stored file of document ${file.id} is not a Casewise file.`);
    const wrapped = header.subarray(MAGIC_BYTES, MAGIC_BYTES + WRAPPED_KEY_BYTES);
    if (unwrapFileKey(to, wrapped, aad)) return false;
    const fileKey = unwrapFileKey(from, wrapped, aad);
    if (!fileKey) throw new IntegrityError(`The key of document ${file.id}'s file is wrapped by neither the new nor the previous master key.`);
    const rewrapped = aad ? wrapFileKey(to, fileKey, aad) : wrapUnbound(to, fileKey);
    const temporary = `${path}.rewrap-${process.pid}`;
    await copyFile(path, temporary);
    const out = await open(temporary, 'r+');
    try {
      await out.write(rewrapped, 0, rewrapped.length, MAGIC_BYTES);
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(temporary, path);
    await this.syncDir(dirname(path));
    return true;
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

function wrapFileKey(masterKey: Buffer, fileKey: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(aad);
  return Buffer.concat([iv, cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
}

/** Files of the first format keep their key wrapped with no authenticated data. */
function wrapUnbound(masterKey: Buffer, fileKey: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  return Buffer.concat([iv, cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
}

/** The file key, or null when `masterKey` is not the key it was wrapped with. */
function unwrapFileKey(masterKey: Buffer, wrapped: Buffer, aad: Buffer | null): Buffer | null {
  const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapped.subarray(0, IV_BYTES));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(wrapped.subarray(IV_BYTES + FILE_KEY_BYTES));
  try {
    return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, IV_BYTES + FILE_KEY_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
