import { splitSegments } from './segment';

describe('splitSegments', () => {
  it('splits sentences and keeps exact offsets', () => {
    const text = 'First sentence here. Second one follows!  Third?\n\nA new paragraph.';
    const segments = splitSegments(text);
    expect(segments.map((s) => s.text)).toEqual(['First sentence here.', 'Second one follows!', 'Third?', 'A new paragraph.']);
    for (const s of segments) expect(text.slice(s.start, s.end)).toBe(s.text);
  });

  it('does not break after abbreviations, initials or section numbers', () => {
    const text = 'Acme Inc. and Beta Co. agree under Section 2.1 that U.S. law applies. Next sentence.';
    expect(splitSegments(text).map((s) => s.text)).toEqual([
      'Acme Inc. and Beta Co. agree under Section 2.1 that U.S. law applies.',
      'Next sentence.',
    ]);
  });

  it('treats a short title-case line as the heading of the sentences below it', () => {
    const text = '12. Governing Law.\n\nThis Agreement is governed by the laws of Texas. It binds successors.\n\n13. Notices\n\nNotices must be in writing.';
    const segments = splitSegments(text);
    const body = segments.filter((s) => !s.isHeading);
    expect(body.map((s) => [s.heading, s.sectionStart])).toEqual([
      ['12. Governing Law.', true],
      ['12. Governing Law.', false],
      ['13. Notices', true],
    ]);
  });

  it('takes a lettered subsection title, or a section and subsection title together, for a heading', () => {
    const text = [
      '(a) Change in Control Period.',
      'Within ninety (90) days after the Closing, the Company shall deliver its accounts.',
      '3. PAYMENT a. Annual Minimum Guarantee.',
      'Licensee shall pay the guarantee each year.',
      '4.1 Royalties. (i) Royalty Rates.',
      '13.MISCELLANEOUS: (a) Assignment; Binding Effect; Reorganization.',
    ].join('\n\n');
    const segments = splitSegments(text);
    expect(segments.filter((s) => s.isHeading).map((s) => s.text)).toEqual([
      '(a) Change in Control Period.',
      '3. PAYMENT a. Annual Minimum Guarantee.',
      '4.1 Royalties. (i) Royalty Rates.',
      '13.MISCELLANEOUS: (a) Assignment; Binding Effect; Reorganization.',
    ]);
    expect(segments.filter((s) => !s.isHeading).map((s) => [s.heading, s.sectionStart])).toEqual([
      ['(a) Change in Control Period.', true],
      ['3. PAYMENT a. Annual Minimum Guarantee.', true],
    ]);
  });

  it('keeps the items of a list as sentences, though they are short and capitalised', () => {
    const text = 'The following are Excluded Assets:\n\n(a) Net Sales;\n\n(b) Acme Trade Marks,\n\n(c) Retained Accounts.';
    expect(splitSegments(text).filter((s) => s.isHeading).map((s) => s.text)).toEqual(['(c) Retained Accounts.']);
  });

  it('reads an inline heading at the start of a sentence', () => {
    const [segment] = splitSegments('4. EXCLUSIVITY OF ENDORSEMENT   During the term, Consultant shall not endorse other products.');
    expect(segment.heading).toBe('EXCLUSIVITY OF ENDORSEMENT');
    expect(segment.sectionStart).toBe(true);
  });

  it('cuts a very long run-on sentence into pieces that still cover the text', () => {
    const clause = 'the Supplier shall deliver the goods on time and in good condition; ';
    const text = `Whereas ${clause.repeat(60)}and that is all.`;
    const segments = splitSegments(text);
    expect(segments.length).toBeGreaterThan(1);
    for (const s of segments) {
      expect(s.end - s.start).toBeLessThanOrEqual(1500);
      expect(text.slice(s.start, s.end)).toBe(s.text);
    }
    expect(segments[0].start).toBe(0);
    expect(segments[segments.length - 1].end).toBe(text.length);
  });
});
