import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@test/utils/test-config';
import { ARCHIVE_FORMAT, ArchiveWriter, extractEntry, readEntry, readManifest, verifyEntries } from './backup-archive';

async function archiveOf(dir: string, entries: Record<string, Buffer>): Promise<string> {
  const path = join(dir, 'test.backup');
  const writer = new ArchiveWriter(path);
  for (const [name, data] of Object.entries(entries)) {
    const source = join(dir, `source-${name.replace(/\W/g, '_')}`);
    writeFileSync(source, data);
    if (name.startsWith('files/')) await writer.addFile(name, source);
    else await writer.addBuffer(name, data);
  }
  await writer.finish({ format: ARCHIVE_FORMAT, app: 'casewise', version: 'test', createdAt: new Date(0).toISOString(), database: 'pglite', migrations: [], keyCheck: 'k', tables: [] });
  return path;
}

describe('backup archive', () => {
  const contents = { 'database.json.gz': Buffer.from('{"tables":[]}'), 'files/ab/one.bin': Buffer.from([0, 1, 2, 255, 0]), 'files/cd/empty.bin': Buffer.alloc(0) };

  it('gives back every entry as written, with its checksum', async () => {
    const dir = tempDir('casewise-archive-');
    const path = await archiveOf(dir, contents);
    const manifest = await readManifest(path);
    await verifyEntries(path, manifest);
    expect(manifest.entries.map((entry) => entry.name)).toEqual(Object.keys(contents));
    for (const entry of manifest.entries) {
      expect((await readEntry(path, entry)).equals(contents[entry.name as keyof typeof contents])).toBe(true);
      const out = join(dir, 'out.bin');
      await extractEntry(path, entry, out);
      expect(readFileSync(out).equals(contents[entry.name as keyof typeof contents])).toBe(true);
    }
  });

  it('names what is wrong: a damaged entry, a cut-off archive, a file that is no archive', async () => {
    const dir = tempDir('casewise-archive-');
    const path = await archiveOf(dir, contents);
    const manifest = await readManifest(path);
    const one = manifest.entries[1];
    const bytes = readFileSync(path);
    bytes[one.offset + 3] ^= 0x80;
    writeFileSync(path, bytes);
    await expect(verifyEntries(path, await readManifest(path))).rejects.toThrow(`${path} is damaged: files/ab/one.bin does not match its checksum.`);

    truncateSync(path, bytes.length - 10);
    await expect(readManifest(path)).rejects.toThrow(`${path} is damaged or incomplete: its end marker is missing.`);

    writeFileSync(path, Buffer.alloc(200, 0x41));
    await expect(readManifest(path)).rejects.toThrow(`${path} is not a Casewise backup (it does not start like one).`);
    await expect(readManifest(join(dir, 'missing'))).rejects.toThrow('is not a file.');
  });
});
