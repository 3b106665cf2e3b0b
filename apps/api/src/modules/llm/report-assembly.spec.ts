import { Citation } from './llm.types';
import { unsupportedNote } from './citation-checker';
import { finalizeReport, parseJsonObject, readLiabilityExtraction, renderSources, splitIntoSections } from './report-assembly';

function source(n: number): Citation {
  return { documentId: `d${n}`, file: `file-${n}.txt`, page: n, start: n * 10, end: n * 10 + 5, quote: `quote ${n}` };
}

describe('splitIntoSections', () => {
  it('covers the whole text with contiguous sections within the budget, cut at paragraph breaks', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Clause ${i}. ${'word '.repeat(30 + (i % 7) * 5)}`.trim());
    const text = paragraphs.join('\n\n');
    const sections = splitIntoSections(text, 1000);
    expect(sections.map((s) => s.text).join('')).toBe(text);
    expect(sections.every((s) => s.end - s.start <= 1000)).toBe(true);
    expect(sections.slice(0, -1).every((s) => text.slice(s.end - 2, s.end) === '\n\n' || text[s.end - 1] === '\n')).toBe(true);
    expect(sections.map((s) => s.part)).toEqual(sections.map((_, i) => i + 1));
    expect(sections.every((s) => s.parts === sections.length)).toBe(true);
  });

  it('cuts a text with no breaks at the budget', () => {
    const sections = splitIntoSections('x'.repeat(2500), 1000);
    expect(sections.map((s) => [s.start, s.end])).toEqual([[0, 1000], [1000, 2000], [2000, 2500]]);
  });

  it('returns one empty section for an empty text', () => {
    expect(splitIntoSections('', 1000)).toEqual([{ start: 0, end: 0, text: '', part: 1, parts: 1 }]);
  });
});

describe('parseJsonObject', () => {
  it('reads bare JSON, fenced JSON and JSON inside prose, and nothing else', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject('Here it is:\n```json\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(parseJsonObject('Sure. {"a":3} Done.')).toEqual({ a: 3 });
    expect(parseJsonObject('[1,2]')).toBeNull();
    expect(parseJsonObject('no json')).toBeNull();
  });
});

describe('readLiabilityExtraction', () => {
  it('keeps findings with a quote, normalises severity, and reads gaps', () => {
    const read = readLiabilityExtraction({
      document_type: 'Supply agreement',
      findings: [
        { severity: 'high', clause: '9 Indemnity', bearer: 'Supplier', why: 'Uncapped', quote: 'Supplier shall indemnify' },
        { severity: 'extreme', clause: '10', bearer: 'Buyer', why: 'x', quote: 'Buyer shall' },
        { severity: 'Low', clause: 'no quote', bearer: 'Buyer', why: 'x', quote: '' },
        'not an object',
      ],
      gaps: ['No insurance clause', 3],
    });
    expect(read.documentType).toBe('Supply agreement');
    expect(read.findings.map((f) => f.severity)).toEqual(['High', 'Medium']);
    expect(read.gaps).toEqual(['No insurance clause']);
  });
});

describe('finalizeReport', () => {
  const sources = [source(1), source(2), source(3)];

  it('renumbers markers by first use, drops unknown ones and lists exactly the cited sources', () => {
    const { markdown, citations } = finalizeReport('# Case Summary\n\nA [3]. B [1, 3]. C [7]. D [2](http://link).', 'Case Summary', sources);
    expect(citations).toEqual([source(3), source(1)]);
    expect(markdown).toContain('A [1]. B [2][1]. C. D [2](http://link).');
    expect(markdown.endsWith(renderSources([source(3), source(1)]))).toBe(true);
  });

  it('notes the dropped markers and the quotes already removed just above the Sources', () => {
    const { markdown } = finalizeReport('# Case Summary\n\nA [1]. B [9]. C [0, 1].', 'Case Summary', sources, 2);
    expect(markdown).toContain(`C [1].\n\n${unsupportedNote(4)}\n\n## Sources\n`);
    expect(finalizeReport('# Case Summary\n\nA [1].', 'Case Summary', sources).markdown).not.toContain('Note:');
  });

  it('removes a Sources section and a code fence written by the model and ensures the title', () => {
    const { markdown } = finalizeReport('```markdown\nOverview [1].\n\n## Sources\n1. invented\n```', 'Liability Analysis', sources);
    expect(markdown.startsWith('# Liability Analysis\n\nOverview [1].')).toBe(true);
    expect(markdown).not.toContain('invented');
    expect(markdown.match(/## Sources/g)).toHaveLength(1);
  });

  it('escapes Markdown in quoted sources', () => {
    const listed = renderSources([{ ...source(1), quote: 'Fees *shall* be\n paid [net 30] <b>' }]);
    expect(listed).toContain('- [1] file-1.txt, page 1: “Fees \\*shall\\* be paid \\[net 30\\] \\<b\\>”');
  });
});
