import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { MasterKeys } from '@api/modules/config/master-keys';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { DataKeyRepository } from './data-key.repository';

/**
 * Sealed field layout: 0x00, version 0x01, the data key's id (16 bytes), IV (12), ciphertext, tag (16).
 * PostgreSQL text can hold no NUL, so a leading 0x00 tells a sealed value from one stored before sealing.
 */
const SEALED = 0x00;
const VERSION = 0x01;
const KEY_ID_BYTES = 16;
const HEADER_BYTES = 2 + KEY_ID_BYTES;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;
const KEY_CACHE_MS = 5 * 60_000;
const PROJECT_CACHE_LIMIT = 10_000;
/** Large values are sealed and opened this many bytes at a time. */
const CIPHER_SLICE_BYTES = 1024 * 1024;

/** Where a sealed value lives: its authenticated data, so a value copied to another row or column fails to open. */
export interface FieldRef {
  table: string;
  column: string;
  rowId: string;
}

/** An unwrapped data key, held in memory briefly. */
export interface DataKey {
  readonly id: string;
  readonly key: Buffer;
}

/** A sealed value that does not open where it is: tampered with, copied from another row, or damaged. */
export class SealedFieldError extends AppError {
  constructor(field: FieldRef) {
    super(500, `Stored text failed its integrity check (${field.table}.${field.column} of ${field.rowId}), so it was not used.`);
  }
}

/** The data key that sealed this value was destroyed with its account: the value can never be read again. */
export class DataKeyDestroyedError extends AppError {
  constructor() {
    super(410, "This data was erased with its firm's key and can no longer be read.");
  }
}

export function isSealed(value: Buffer): boolean {
  return value.length >= HEADER_BYTES + IV_BYTES + TAG_BYTES && value[0] === SEALED && value[1] === VERSION;
}

/** PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer. */
export function asBuffer(value: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Application-level encryption of stored text (AES-256-GCM) under a data key per firm, wrapped by the
 * deployment key (FILES_KEY). Each value's authenticated data names its table, column and row.
 */
@Injectable()
export class FieldCipher {
  private readonly keys = new Map<string, { key: DataKey; expires: number }>();
  private readonly liveKeyOfOwner = new Map<string, string>();
  private readonly firmOfProject = new Map<string, string>();

  constructor(
    private readonly masterKeys: MasterKeys,
    private readonly repository: DataKeyRepository,
    private readonly clock: Clock,
    private readonly projects: ProjectsService,
  ) {}

  /** The data key that seals new values of a project: its firm's, made on first use. */
  async keyForProject(projectId: string): Promise<DataKey> {
    let firmId = this.firmOfProject.get(projectId);
    if (!firmId) {
      firmId = (await this.projects.firmOf(projectId)) ?? undefined;
      if (!firmId) throw new Error(`Project ${projectId} does not exist`);
      if (this.firmOfProject.size >= PROJECT_CACHE_LIMIT) this.firmOfProject.clear();
      this.firmOfProject.set(projectId, firmId);
    }
    return this.keyForFirm(firmId);
  }

  async keyForFirm(firmId: string): Promise<DataKey> {
    const cachedId = this.liveKeyOfOwner.get(firmId);
    const cached = cachedId ? this.cached(cachedId) : null;
    if (cached) return cached;
    let row = await this.repository.findLive('firm', firmId);
    if (!row) {
      const id = randomUUID();
      row = await this.repository.insertLive(id, 'firm', firmId, this.wrap(id, randomBytes(DATA_KEY_BYTES)));
    }
    const key = this.remember(row.id, row.wrappedKey);
    this.liveKeyOfOwner.set(firmId, key.id);
    return key;
  }

  seal(key: DataKey, field: FieldRef, plaintext: string): Buffer {
    return this.sealBytes(key, field, Buffer.from(plaintext, 'utf8'));
  }

  /** Seals bytes as `seal` seals text. */
  sealBytes(key: DataKey, field: FieldRef, plaintext: Uint8Array): Buffer {
    return Buffer.concat([...this.sealPieces(key, field, [plaintext])]);
  }

  /**
   * Seals the concatenation of `parts` as `sealBytes` does, yielding the sealed value in pieces as they are made, to
   * be written one after the other: a large value (a search snapshot) is never held sealed whole.
   */
  *sealPieces(key: DataKey, field: FieldRef, parts: readonly Uint8Array[]): Generator<Buffer> {
    const header = Buffer.alloc(HEADER_BYTES);
    header[0] = SEALED;
    header[1] = VERSION;
    uuidBytes(key.id).copy(header, 2);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.key, iv);
    cipher.setAAD(Buffer.concat([header, this.location(field)]));
    yield header;
    yield iv;
    for (const part of parts) for (let at = 0; at < part.length; at += CIPHER_SLICE_BYTES) yield cipher.update(part.subarray(at, at + CIPHER_SLICE_BYTES));
    yield cipher.final();
    yield cipher.getAuthTag();
  }

  sealJson(key: DataKey, field: FieldRef, value: unknown): Buffer {
    return this.seal(key, field, JSON.stringify(value));
  }

  /** Opens many values at once: each distinct data key is fetched once. */
  async openMany(values: readonly { field: FieldRef; sealed: Buffer | Uint8Array }[]): Promise<string[]> {
    return (await this.openManyBytes(values)).map((bytes) => bytes.toString('utf8'));
  }

  /** Opens values sealed by `sealBytes`. */
  async openBytes(field: FieldRef, sealed: Buffer | Uint8Array): Promise<Buffer> {
    return (await this.openManyBytes([{ field, sealed }]))[0];
  }

  private async openManyBytes(values: readonly { field: FieldRef; sealed: Buffer | Uint8Array }[]): Promise<Buffer[]> {
    const buffers = values.map((value) => asBuffer(value.sealed));
    const ids = new Set<string>();
    buffers.forEach((buffer, index) => {
      if (!isSealed(buffer)) throw new SealedFieldError(values[index].field);
      ids.add(uuidOf(buffer.subarray(2, HEADER_BYTES)));
    });
    const keys = new Map<string, DataKey>();
    for (const id of ids) keys.set(id, await this.keyById(id));
    return buffers.map((buffer, index) => this.openWith(keys.get(uuidOf(buffer.subarray(2, HEADER_BYTES))) as DataKey, values[index].field, buffer));
  }

  async open(field: FieldRef, sealed: Buffer | Uint8Array): Promise<string> {
    return (await this.openMany([{ field, sealed }]))[0];
  }

  async openJson<T>(field: FieldRef, sealed: Buffer | Uint8Array): Promise<T> {
    return JSON.parse(await this.open(field, sealed)) as T;
  }

  /** Crypto-shredding: destroys the firm's data key, after which nothing it sealed can be read. */
  async destroyFirmKey(firmId: string): Promise<number> {
    const ids = await this.repository.destroy('firm', firmId);
    for (const id of ids) this.keys.delete(id);
    this.liveKeyOfOwner.delete(firmId);
    return ids.length;
  }

  private openWith(key: DataKey, field: FieldRef, sealed: Buffer): Buffer {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, sealed.subarray(HEADER_BYTES, HEADER_BYTES + IV_BYTES));
      decipher.setAAD(Buffer.concat([sealed.subarray(0, HEADER_BYTES), this.location(field)]));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      const body = sealed.subarray(HEADER_BYTES + IV_BYTES, sealed.length - TAG_BYTES);
      if (body.length <= CIPHER_SLICE_BYTES) return Buffer.concat([decipher.update(body), decipher.final()]);
      // A large value (a search snapshot) a slice at a time, into one buffer.
      const opened = Buffer.allocUnsafe(body.length);
      for (let at = 0; at < body.length; at += CIPHER_SLICE_BYTES) decipher.update(body.subarray(at, at + CIPHER_SLICE_BYTES)).copy(opened, at);
      decipher.final();
      return opened;
    } catch {
      throw new SealedFieldError(field);
    }
  }

  private async keyById(id: string): Promise<DataKey> {
    const cached = this.cached(id);
    if (cached) return cached;
    const row = await this.repository.findById(id);
    if (!row?.wrappedKey) throw new DataKeyDestroyedError();
    return this.remember(row.id, row.wrappedKey);
  }

  private cached(id: string): DataKey | null {
    const entry = this.keys.get(id);
    if (!entry) return null;
    if (entry.expires <= this.clock.now().getTime()) {
      this.keys.delete(id);
      return null;
    }
    return entry.key;
  }

  private remember(id: string, wrapped: Buffer | Uint8Array | null): DataKey {
    if (!wrapped) throw new DataKeyDestroyedError();
    const key: DataKey = { id, key: this.unwrap(id, asBuffer(wrapped)) };
    this.keys.set(id, { key, expires: this.clock.now().getTime() + KEY_CACHE_MS });
    return key;
  }

  private location(field: FieldRef): Buffer {
    return Buffer.from(`${field.table}.${field.column}:${field.rowId}`);
  }

  private wrap(id: string, dataKey: Buffer): Buffer {
    return wrapDataKey(this.masterKeys.current, id, dataKey);
  }

  /** During a rotation, keys not yet rewrapped are still wrapped by the previous master key. */
  private unwrap(id: string, wrapped: Buffer): Buffer {
    for (const masterKey of this.masterKeys.readable) {
      const key = unwrapDataKey(masterKey, id, wrapped);
      if (key) return key;
    }
    throw new Error(`Data key ${id} could not be unwrapped: FILES_KEY (or FILES_KEY_PREVIOUS) is not the key it was wrapped with`);
  }
}

/** A data key wrapped by a master key (AES-256-GCM), its id as authenticated data: IV, wrapped key, tag. */
export function wrapDataKey(masterKey: Buffer, id: string, dataKey: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(Buffer.from(`data_keys:${id}`));
  return Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
}

/** The data key, or null when `masterKey` is not the key it was wrapped with. */
export function unwrapDataKey(masterKey: Buffer, id: string, wrapped: Buffer): Buffer | null {
  const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapped.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(`data_keys:${id}`));
  decipher.setAuthTag(wrapped.subarray(IV_BYTES + DATA_KEY_BYTES));
  try {
    return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, IV_BYTES + DATA_KEY_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
