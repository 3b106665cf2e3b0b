import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, WriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

/**
 * A Casewise backup archive: a magic header, the entries' bytes one after another, then the manifest (JSON),
 * its length (8 bytes), its sha256 (32 bytes) and a magic trailer. The manifest names each entry's offset,
 * size and sha256, so a damaged byte anywhere is found before anything is restored.
 */
const MAGIC = Buffer.from('CASEWISE-BACKUP1');
const TRAILER = Buffer.from('CASEWISE-END-001');
const LENGTH_BYTES = 8;
const HASH_BYTES = 32;
export const ARCHIVE_FORMAT = 1;

export interface ArchiveEntry {
  name: string;
  offset: number;
  size: number;
  sha256: string;
}

export interface ArchiveManifest {
  format: number;
  app: 'casewise';
  version: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The migrations the database had when it was dumped: a restore needs the same schema. */
  migrations: string[];
  /** HMAC of a fixed text under the master key: tells whose archive it is without revealing the key. */
  keyCheck: string;
  tables: { name: string; rows: number }[];
  entries: ArchiveEntry[];
}

/** The archive cannot be used: damaged, not a Casewise backup, or from another deployment. */
export class ArchiveError extends Error {}

/** Writes entries in order, hashing them as they go; `finish` appends the manifest. */
export class ArchiveWriter {
  private readonly out: WriteStream;
  private offset = MAGIC.length;
  readonly entries: ArchiveEntry[] = [];

  constructor(path: string) {
    this.out = createWriteStream(path, { mode: 0o600 });
    this.out.write(MAGIC);
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    await this.write(data);
    this.entries.push({ name, offset: this.offset, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    this.offset += data.length;
  }

  /** Copies a file into the archive as it is on disk; throws if it disappears meanwhile. */
  async addFile(name: string, path: string): Promise<void> {
    const hash = createHash('sha256');
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(createReadStream(path), counter, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) await this.write(chunk);
    });
    this.entries.push({ name, offset: this.offset, size, sha256: hash.digest('hex') });
    this.offset += size;
  }

  async finish(manifest: Omit<ArchiveManifest, 'entries'>): Promise<void> {
    const json = Buffer.from(JSON.stringify({ ...manifest, entries: this.entries }));
    const length = Buffer.alloc(LENGTH_BYTES);
    length.writeBigUInt64BE(BigInt(json.length));
    await this.write(Buffer.concat([json, length, createHash('sha256').update(json).digest(), TRAILER]));
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
    const handle = await open(this.out.path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async abort(): Promise<void> {
    await new Promise<void>((resolve) => this.out.destroy() && this.out.once('close', () => resolve()));
  }

  private write(data: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      this.out.write(data, (error) => (error ? reject(error) : resolve()));
    });
  }
}

/** Reads an archive's manifest, checking its frame and hash; every entry is checked by `verify`. */
export async function readManifest(path: string): Promise<ArchiveManifest> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new ArchiveError(`${path} is not a file.`);
  const tail = MAGIC.length + LENGTH_BYTES + HASH_BYTES + TRAILER.length;
  if (info.size < tail) throw new ArchiveError(`${path} is not a Casewise backup (too short).`);
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    await handle.read(head, 0, head.length, 0);
    const end = Buffer.alloc(LENGTH_BYTES + HASH_BYTES + TRAILER.length);
    await handle.read(end, 0, end.length, info.size - end.length);
    if (!head.equals(MAGIC)) throw new ArchiveError(`${path} is not a Casewise backup (it does not start like one).`);
    if (!end.subarray(LENGTH_BYTES + HASH_BYTES).equals(TRAILER)) throw new ArchiveError(`${path} is damaged or incomplete: its end marker is missing.`);
    const length = Number(end.readBigUInt64BE(0));
    if (length <= 0 || length > info.size - tail) throw new ArchiveError(`${path} is damaged: its manifest length is wrong.`);
    const json = Buffer.alloc(length);
    await handle.read(json, 0, length, info.size - end.length - length);
    if (!createHash('sha256').update(json).digest().equals(end.subarray(LENGTH_BYTES, LENGTH_BYTES + HASH_BYTES))) {
      throw new ArchiveError(`${path} is damaged: its manifest does not match its checksum.`);
    }
    let manifest: ArchiveManifest;
    try {
      manifest = JSON.parse(json.toString('utf8')) as ArchiveManifest;
    } catch {
      throw new ArchiveError(`${path} is damaged: its manifest is not readable.`);
    }
    if (manifest.app !== 'casewise' || manifest.format !== ARCHIVE_FORMAT) {
      throw new ArchiveError(`${path} is a backup of format ${String(manifest.format)}, which this version does not read.`);
    }
    const dataEnd = info.size - end.length - length;
    for (const entry of manifest.entries) {
      if (entry.offset < MAGIC.length || entry.offset + entry.size > dataEnd) throw new ArchiveError(`${path} is damaged: entry ${entry.name} lies outside the archive.`);
    }
    return manifest;
  } finally {
    await handle.close();
  }
}

/** Checks every entry against its sha256; throws naming the first damaged one. */
export async function verifyEntries(path: string, manifest: ArchiveManifest): Promise<void> {
  for (const entry of manifest.entries) {
    if (entry.size === 0) {
      if (entry.sha256 !== createHash('sha256').digest('hex')) throw new ArchiveError(`${path} is damaged: ${entry.name} does not match its checksum.`);
      continue;
    }
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 })) hash.update(chunk as Buffer);
    if (hash.digest('hex') !== entry.sha256) throw new ArchiveError(`${path} is damaged: ${entry.name} does not match its checksum.`);
  }
}

export async function readEntry(path: string, entry: ArchiveEntry): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const data = Buffer.alloc(entry.size);
    await handle.read(data, 0, entry.size, entry.offset);
    return data;
  } finally {
    await handle.close();
  }
}

/** Copies an entry's bytes to a file (mode 0600). */
export async function extractEntry(path: string, entry: ArchiveEntry, target: string): Promise<void> {
  const out = createWriteStream(target, { mode: 0o600 });
  if (entry.size === 0) {
    await new Promise<void>((resolve) => out.end(() => resolve()));
    return;
  }
  await pipeline(createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 }), out);
}
