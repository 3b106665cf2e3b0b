import { detectStructure, type StructureBlock } from './structure';

const CONTRACT = [
  'MASTER SERVICES AGREEMENT',
  '',
  'This Master Services Agreement is entered into by Acme Inc. and Widget Co.',
  '',
  'ARTICLE 1 DEFINITIONS',
  '',
  '1.1 "Affiliate" means any entity that controls a Party.',
  '',
  'ARTICLE 9',
  'INDEMNIFICATION',
  '',
  '9.1 Indemnity. Each Party shall indemnify and hold harmless the other Party.',
  '',
  '9.2 Limitation of Liability. In no event shall either Party be liable for indirect damages.',
  '  (a) This limit does not apply to fraud.',
  '  (iv) Nor to breach of confidentiality.',
  '',
  'Section 10.1 Governing Law. This Agreement is governed by the laws of the State of New York.',
  '',
  '§ 11 Notices',
  'All notices shall be in writing.',
  '',
  'EXHIBIT A',
  'SERVICES',
  'The Services comprise hosting and support.',
].join('\n');

function blockStartingWith(blocks: StructureBlock[], text: string, prefix: string): StructureBlock {
  const block = blocks.find((b) => text.slice(b.start, b.end).startsWith(prefix));
  if (!block) throw new Error(`No block starts with ${prefix}`);
  return block;
}

describe('detectStructure', () => {
  const blocks = detectStructure(CONTRACT);
  const at = (prefix: string): StructureBlock => blockStartingWith(blocks, CONTRACT, prefix);

  it('recognises an ALL CAPS title line as a heading', () => {
    expect(at('MASTER SERVICES')).toMatchObject({ kind: 'heading', label: 'MASTER SERVICES AGREEMENT' });
  });

  it('joins an article number and its title on the next line into one heading', () => {
    const article = at('ARTICLE 9');
    expect(article).toMatchObject({ kind: 'heading', level: 1, label: 'ARTICLE 9 INDEMNIFICATION' });
    expect(CONTRACT.slice(article.start, article.end)).toBe('ARTICLE 9\nINDEMNIFICATION');
  });

  it('names a numbered clause by its run-in title, under its article', () => {
    expect(at('9.2 Limitation').headingPath).toEqual(['ARTICLE 9 INDEMNIFICATION', '9.2 Limitation of Liability']);
    expect(at('9.1 Indemnity').kind).toBe('section');
  });

  it('leaves untitled clauses such as "1.1" out of the heading path', () => {
    expect(at('1.1 "Affiliate"')).toMatchObject({ kind: 'section', level: 3, label: undefined, headingPath: ['ARTICLE 1 DEFINITIONS'] });
  });

  it('finds lettered and roman sub-clauses as deeper sections under their clause', () => {
    const letter = at('(a) This limit');
    const roman = at('(iv) Nor');
    expect(letter.kind).toBe('section');
    expect(roman.kind).toBe('section');
    expect(roman.level).toBeGreaterThan(at('9.2 Limitation').level);
    expect(letter.headingPath).toEqual(['ARTICLE 9 INDEMNIFICATION', '9.2 Limitation of Liability']);
  });

  it('moves "Section 10.1" out of Article 9, whose number it contradicts', () => {
    expect(at('Section 10.1').headingPath).toEqual(['Section 10.1 Governing Law']);
  });

  it('recognises a section sign heading and the paragraph under it', () => {
    expect(at('§ 11')).toMatchObject({ kind: 'heading', label: '§ 11 Notices' });
    expect(at('All notices')).toMatchObject({ kind: 'paragraph', headingPath: ['§ 11 Notices'] });
  });

  it('puts an exhibit above the headings inside it', () => {
    expect(at('EXHIBIT A')).toMatchObject({ kind: 'heading', level: 0 });
    expect(at('The Services comprise').headingPath).toEqual(['EXHIBIT A', 'SERVICES']);
  });

  it('does not take a sentence in capitals for a heading', () => {
    const text = 'Limits.\n\nIN NO EVENT SHALL EITHER PARTY BE LIABLE FOR\nANY INDIRECT DAMAGES.';
    const result = detectStructure(text);
    expect(result.filter((b) => b.kind === 'heading').map((b) => b.label)).toEqual(['Limits']);
    expect(blockStartingWith(result, text, 'IN NO EVENT')).toMatchObject({ kind: 'paragraph', end: text.length });
  });

  it('treats a numbered heading after a heading with its own text as a sibling', () => {
    const text = 'RECITALS\n\nThe parties wish to cooperate.\n\n1. DEFINITIONS\n\nTerms have these meanings.';
    const result = detectStructure(text);
    expect(blockStartingWith(result, text, 'Terms have').headingPath).toEqual(['1 DEFINITIONS']);
  });

  it('groups numbered headings under a bare heading that has no text of its own', () => {
    const text = 'CONTRACT PERIOD\n1. TERM OF CONTRACT\nThe term is two years.';
    const result = detectStructure(text);
    expect(blockStartingWith(result, text, 'The term').headingPath).toEqual(['CONTRACT PERIOD', '1 TERM OF CONTRACT']);
  });

  it('finds clause numbers that a PDF extraction left after a run of spaces', () => {
    const text = '2.1. Pricing. Prices follow the list.     2.2. Payment. Invoices are due in 30 days.';
    const result = detectStructure(text);
    expect(result.map((b) => b.label)).toEqual(['2.1 Pricing', '2.2 Payment']);
  });

  it('continues a sentence across a page break and skips the page number', () => {
    const text = 'The price list shall apply to all valid      2\n\n\n     orders placed by Distributor.';
    const result = detectStructure(text);
    expect(result).toHaveLength(1);
    expect(text.slice(result[0].start, result[0].end)).toMatch(/^The price list[\s\S]*Distributor\.$/);
  });

  it('ignores a running footer repeated on every page', () => {
    const footer = 'Source: ACME CORP, 10-K, 3/1/2020';
    const text = ['First clause.', footer, 'Second clause.', footer, 'Third clause.', footer].join('\n\n');
    const result = detectStructure(text);
    expect(result.map((b) => text.slice(b.start, b.end))).toEqual(['First clause.', 'Second clause.', 'Third clause.']);
  });
});
