import { assembleSections, SectionMap, type SectionChunk } from './small-to-big';

/** Passages of one document, 100 characters each with a 2-character gap, under the given heading paths. */
function passages(documentId: string, paths: readonly (readonly string[])[]): SectionChunk[] {
  return paths.map((headingPath, ordinal) => ({ id: `${documentId}#${ordinal}`, documentId, ordinal, start: ordinal * 102, end: ordinal * 102 + 100, headingPath }));
}

const INDEMNITY = ['9 Indemnity'];
const CAP = ['10 Limitation of Liability'];
const CAP_EXCLUSIONS = ['10 Limitation of Liability', '10.2 Exclusions'];
// #0 and #1 indemnity, #2 to #4 the cap (#3 and #4 in its subsection), #5 no heading.
const DOCUMENT = passages('d', [INDEMNITY, INDEMNITY, CAP, CAP_EXCLUSIONS, CAP_EXCLUSIONS, []]);

describe(SectionMap.name, () => {
  const sections = new SectionMap([...DOCUMENT].reverse());

  it('draws a passage section as the consecutive passages under its heading path, subsections included', () => {
    expect(sections.sectionOf('d#2', 10_000).map((c) => c.id)).toEqual(['d#2', 'd#3', 'd#4']);
    expect(sections.sectionOf('d#4', 10_000).map((c) => c.id)).toEqual(['d#3', 'd#4']);
  });

  it('leaves a passage alone when its section is longer than the limit, or when it sits under no heading', () => {
    expect(sections.sectionOf('d#2', 303).map((c) => c.id)).toEqual(['d#2']);
    expect(sections.sectionOf('d#2', 304).map((c) => c.id)).toEqual(['d#2', 'd#3', 'd#4']);
    expect(sections.sectionOf('d#5', 10_000).map((c) => c.id)).toEqual(['d#5']);
  });

  it('never joins passages of two documents', () => {
    const two = new SectionMap([...passages('a', [INDEMNITY]), ...passages('b', [INDEMNITY])]);
    expect(two.sectionOf('a#0', 10_000).map((c) => c.id)).toEqual(['a#0']);
  });
});

describe(assembleSections.name, () => {
  const sections = new SectionMap(DOCUMENT);

  it('hands out a whole small section for its passage at a ratio of 0, with the section span', () => {
    const [hit] = assembleSections([{ id: 'd#3', score: 5 }], sections, { maxSectionChars: 1000, growRatio: 0 });
    expect(hit).toEqual({ id: 'd#3', documentId: 'd', ordinal: 3, start: 306, end: 508, headingPath: CAP_EXCLUSIONS, chunkIds: ['d#3', 'd#4'], score: 5 });
  });

  it('hands out a section with the ordinal of its first passage and the headings of the passage found', () => {
    // The exclusions open the cap's clause: the cap's own passage finds the clause from there.
    const [hit] = assembleSections([{ id: 'e#1', score: 5 }], new SectionMap(passages('e', [CAP_EXCLUSIONS, CAP])), { maxSectionChars: 1000, growRatio: 0 });
    expect(hit).toMatchObject({ id: 'e#1', ordinal: 0, start: 0, end: 202, headingPath: CAP, chunkIds: ['e#0', 'e#1'] });
  });

  it('grows a passage only over neighbours of its section that match nearly as well', () => {
    const hits = [
      { id: 'd#2', score: 10 },
      { id: 'd#3', score: 9 },
      { id: 'd#1', score: 9.5 },
    ];
    const [first] = assembleSections(hits, sections, { maxSectionChars: 1000, growRatio: 0.85 });
    // #1 scores higher than #2 but is another section's.
    expect(first.chunkIds).toEqual(['d#2', 'd#3']);
    expect([first.start, first.end]).toEqual([204, 406]);
  });

  it('grows by the passage own match, not by the match of its document with the query context', () => {
    const hits = [
      { id: 'd#3', score: 110, passageScore: 10 },
      { id: 'd#4', score: 102, passageScore: 2 },
    ];
    expect(assembleSections(hits, sections, { maxSectionChars: 1000, growRatio: 0.85, tightHits: 2 }).map((hit) => hit.chunkIds)).toEqual([['d#3'], ['d#4']]);
  });

  it('does not grow past the section limit', () => {
    const hits = ['d#2', 'd#3', 'd#4'].map((id) => ({ id, score: 10 }));
    expect(assembleSections(hits, sections, { maxSectionChars: 210, growRatio: 0.5 })[0].chunkIds).toHaveLength(2);
  });

  it('hands out a passage once: a passage inside a better one section is skipped, and no two hand-outs overlap', () => {
    const hits = [
      { id: 'd#2', score: 10 },
      { id: 'd#3', score: 9 },
      { id: 'd#0', score: 8 },
      { id: 'd#4', score: 1 },
    ];
    const out = assembleSections(hits, sections, { maxSectionChars: 1000, growRatio: 0.85, tightHits: 3 });
    expect(out.map((hit) => hit.chunkIds)).toEqual([['d#2', 'd#3'], ['d#0'], ['d#4']]);
    expect(out.map((hit) => hit.score)).toEqual([10, 8, 1]);
  });

  it('leaves every passage as it is at a limit of 0', () => {
    const hits = ['d#2', 'd#3'].map((id) => ({ id, score: 10 }));
    expect(assembleSections(hits, sections, { maxSectionChars: 0, growRatio: 0, contextSectionChars: 0 }).map((hit) => hit.chunkIds)).toEqual([['d#2'], ['d#3']]);
  });

  it('grows the best passages tightly and hands out the ones after them as their whole section, up to its own limit', () => {
    const hits = [
      { id: 'd#2', score: 10 },
      { id: 'd#0', score: 3 },
      { id: 'd#3', score: 2 },
    ];
    const out = assembleSections(hits, sections, { maxSectionChars: 1000, growRatio: 0.85, tightHits: 1, contextSectionChars: 1000 });
    // #2 alone (no neighbour matches nearly as well); #0 with the rest of the indemnity, #3 with the rest of its subsection.
    expect(out.map((hit) => hit.chunkIds)).toEqual([['d#2'], ['d#0', 'd#1'], ['d#3', 'd#4']]);
    const short = assembleSections(hits, sections, { maxSectionChars: 1000, growRatio: 0.85, tightHits: 1, contextSectionChars: 150 });
    expect(short.map((hit) => hit.chunkIds)).toEqual([['d#2'], ['d#0'], ['d#3']]);
  });
});
