import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlainTextParser } from '@api/modules/ingestion/parsers/plain-text.parser';
import { corpusText, reportGroups, retrievalDataPaths, storedSpans } from './retrieval-data';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('corpus files read as the app reads them', () => {
  it('drops a UTF-8 byte-order mark exactly as a text upload is stored, and says one character went', async () => {
    const bytes = Buffer.concat([BOM, Buffer.from('1. Confidentiality.\nThe Recipient shall keep it secret.\n')]);
    const stored = (await new PlainTextParser().parse(bytes, {})).text;
    expect(corpusText(bytes)).toEqual({ text: stored, dropped: 1 });
    expect(stored.startsWith('1.')).toBe(true);
  });

  it('leaves a file without a mark as it is', () => {
    expect(corpusText(Buffer.from('Clause 1.'))).toEqual({ text: 'Clause 1.', dropped: 0 });
  });

  it('reads UTF-16 with its mark as the app does', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Clause 1.', 'utf16le')]);
    expect(corpusText(bytes).text).toBe('Clause 1.');
  });

  it('moves gold spans by the dropped mark, so they cover the same words in the stored text', () => {
    const bytes = Buffer.concat([BOM, Buffer.from('The Recipient shall keep it secret.')]);
    const asRead = bytes.toString('utf8');
    const span: [number, number] = [asRead.indexOf('keep'), asRead.indexOf(' secret')];
    const { text, dropped } = corpusText(bytes);
    const [[start, end]] = storedSpans([span], dropped);
    expect(text.slice(start, end)).toBe('keep it');
  });

  it('clips a span that began on the mark and drops one that covered only the mark', () => {
    expect(storedSpans([[0, 4], [0, 1], [5, 9]], 1)).toEqual([[0, 3], [4, 8]]);
  });
});

describe('data sets in the shared layout', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'retrieval-data-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds CUAD-style dev/queries.json with categories.json at the top for both settings', () => {
    mkdirSync(join(dir, 'dev'));
    writeFileSync(join(dir, 'dev', 'queries.json'), '[]');
    writeFileSync(join(dir, 'categories.json'), '[]');
    for (const setting of ['single', 'pooled'] as const) {
      expect(retrievalDataPaths(dir, setting)).toEqual({ corpus: join(dir, 'txt'), queries: join(dir, 'dev', 'queries.json'), categories: join(dir, 'categories.json') });
    }
  });

  it('asks the pooled setting from queries_pooled.json when the data set has one, the single one from queries.json', () => {
    for (const name of ['queries.json', 'queries_pooled.json', 'categories.json']) writeFileSync(join(dir, name), '[]');
    expect(retrievalDataPaths(dir, 'single').queries).toBe(join(dir, 'queries.json'));
    expect(retrievalDataPaths(dir, 'pooled').queries).toBe(join(dir, 'queries_pooled.json'));
  });

  it('says what is missing', () => {
    expect(() => retrievalDataPaths(dir, 'single')).toThrow(/No queries in .*dev\/queries\.json or queries\.json/);
  });
});

describe('groups of the per-category table', () => {
  it('are the categories when there are several', () => {
    expect(reportGroups([{ category: 'Governing Law', question: 'Which law?' }, { category: 'Insurance', question: 'Insured?' }])).toEqual(['Governing Law', 'Insurance']);
  });

  it('are the questions, without the part naming the agreement, when there is one category', () => {
    const asked = (parties: string): { category: string; question: string } => ({ category: 'nli', question: `Consider the Non-Disclosure Agreement between ${parties}; Does it survive termination?` });
    expect(reportGroups([asked('A and B'), asked('C; and D')])).toEqual(['Does it survive termination?', 'Does it survive termination?']);
  });
});
