import { readFileSync } from 'node:fs';
import { cuadPath } from '@test/utils/fixtures';
import { answerExtractively } from '../answering/answer-extractively';
import type { AnswerPassage } from '../answering/types';
import { chunkDocument } from '../chunking/chunker';
import type { PageSpan } from '../citations/page-map';
import { detectBoilerplate, outsideSpans, overlapsAny, type BoilerplateSpan } from './boilerplate';

const cuad = (file: string): string => readFileSync(cuadPath('txt', file), 'utf8');
const AGAPE = 'AgapeAtpCorp_20191202_10-KA_EX-10.1_11911128_EX-10.1_Supply Agreement.txt';
const GSV = 'GSVINC_05_15_1998-EX-10-SPONSORSHIP AGREEMENT.txt';
const ADAMS = 'ADAMSGOLFINC_03_21_2005-EX-10.17-ENDORSEMENT AGREEMENT.txt';
const CYBERGY = 'CybergyHoldingsInc_20140520_10-Q_EX-10.27_8605784_EX-10.27_Affiliate Agreement.txt';

const quoted = (text: string, spans: readonly BoilerplateSpan[]): string[] => spans.map((span) => text.slice(span.start, span.end));
const onePage = (text: string): PageSpan[] => [{ page: 1, start: 0, end: text.length }];

/** Every line of the text that equals (trimmed) `line`, as [start, end). */
function linesEqual(text: string, line: string): [number, number][] {
  const found: [number, number][] = [];
  let at = text.indexOf(line);
  while (at >= 0) {
    found.push([at, at + line.length]);
    at = text.indexOf(line, at + line.length);
  }
  return found;
}

/** Pages cut after each line that `endsPage` matches, as a PDF's footer ends its page. */
function pagesEndingAt(text: string, endsPage: RegExp): PageSpan[] {
  const pages: PageSpan[] = [];
  let start = 0;
  for (const match of text.matchAll(endsPage)) {
    const end = (match.index ?? 0) + match[0].length;
    pages.push({ page: pages.length + 1, start, end });
    start = end;
  }
  if (start < text.length) pages.push({ page: pages.length + 1, start, end: text.length });
  return pages;
}

/** No chunk holds any character of a span, and every chunk is the text at its offsets. */
function expectChunksClear(text: string, spans: readonly BoilerplateSpan[], pages: PageSpan[]): void {
  const chunks = chunkDocument(text, pages, { exclude: spans });
  expect(chunks.length).toBeGreaterThan(5);
  for (const chunk of chunks) {
    expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
    expect(overlapsAny(spans, chunk.start, chunk.end)).toBe(false);
  }
}

describe('detectBoilerplate on real CUAD contracts', () => {
  it('finds the filing footer repeated at the end of every page of a text without pages', () => {
    const text = cuad(AGAPE);
    const spans = detectBoilerplate(text, onePage(text));
    const footer = 'Source: AGAPE ATP CORP, 10-K/A, 12/2/2019';
    expect(spans.map((span) => [span.start, span.end])).toEqual(linesEqual(text, footer));
    expect(spans).toHaveLength(13);
    expect(new Set(spans.map((span) => span.kind))).toEqual(new Set(['running']));
    expectChunksClear(text, spans, onePage(text));
  });

  it('finds the running footer when the pages are known, at each page’s bottom only', () => {
    const text = cuad(AGAPE);
    const pages = pagesEndingAt(text, /^Source: AGAPE ATP CORP.*$/gm);
    expect(pages.length).toBeGreaterThanOrEqual(13);
    const spans = detectBoilerplate(text, pages);
    expect(quoted(text, spans).every((line) => line === 'Source: AGAPE ATP CORP, 10-K/A, 12/2/2019')).toBe(true);
    expect(spans).toHaveLength(13);
    expectChunksClear(text, spans, pages);
  });

  it('finds a confidentiality legend on every page and page numbers counting up', () => {
    const text = cuad(GSV);
    const spans = detectBoilerplate(text, onePage(text));
    const legends = spans.filter((span) => span.kind === 'legend');
    const numbers = spans.filter((span) => span.kind === 'page-number');
    expect(quoted(text, legends).every((line) => line === 'CONFIDENTIAL')).toBe(true);
    expect(legends.length).toBeGreaterThanOrEqual(10);
    expect(quoted(text, numbers)).toEqual(Array.from({ length: numbers.length }, (_, i) => String(i + 2)));
    expect(numbers.length).toBeGreaterThanOrEqual(10);
    expectChunksClear(text, spans, onePage(text));
  });

  it('finds a confidential-treatment legend repeated with its page number, and the notice at the top', () => {
    const text = cuad(ADAMS);
    const lines = quoted(text, detectBoilerplate(text, onePage(text)));
    expect(lines[0]).toBe('CONFIDENTIAL TREATMENT REQUESTED');
    expect(lines.slice(1).every((line) => /^\[\*+ \]\s+Confidential Material redacted and filed separately with the Commission\.\s+\d+$/.test(line))).toBe(true);
    expect(lines.length).toBeGreaterThanOrEqual(8);
  });

  it('finds bare page numbers only where they count up far apart', () => {
    const text = cuad(CYBERGY);
    const numbers = quoted(text, detectBoilerplate(text, onePage(text)).filter((span) => span.kind === 'page-number'));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => String(i + 1)));
    expect(numbers.length).toBeGreaterThanOrEqual(10);
  });

  it('leaves the clauses of the real contracts alone: nothing long, binding or numbered is furniture', () => {
    for (const file of [AGAPE, GSV, ADAMS, CYBERGY]) {
      const text = cuad(file);
      for (const line of quoted(text, detectBoilerplate(text, onePage(text)))) {
        expect(line.length).toBeLessThanOrEqual(400);
        expect(line).not.toMatch(/\bshall\b/i);
      }
    }
  });
});

describe('detectBoilerplate on paged text', () => {
  const BODY = [
    'The Supplier shall deliver the Products to the Purchaser within thirty days of each purchase order.',
    'The Purchaser shall pay each invoice within sixty days of receipt, without set-off or deduction.',
    'Either party may terminate this Agreement on ninety days written notice to the other party.',
    'This Agreement is governed by the laws of the State of New York, without regard to conflicts rules.',
  ];
  const build = (header: (page: number, total: number) => string[], footer: (page: number, total: number) => string[], total = 5): { text: string; pages: PageSpan[] } => {
    let text = '';
    const pages: PageSpan[] = [];
    for (let page = 1; page <= total; page++) {
      if (page > 1) text += '\n\n';
      const start = text.length;
      text += [...header(page, total), `${page}. Clause ${page}`, ...BODY, ...footer(page, total)].join('\n');
      pages.push({ page, start, end: text.length });
    }
    return { text, pages };
  };

  it('finds "Page N of M", "- N -" and "Page N" footers and a running header, whatever their numbers', () => {
    for (const number of [(p: number, t: number) => `Page ${p} of ${t}`, (p: number) => `- ${p} -`, (p: number) => `Page ${p}`]) {
      const { text, pages } = build(() => ['Acme Corp. Supply Agreement (Execution Copy, May 1, 2020)'], (p, t) => [number(p, t)]);
      const spans = detectBoilerplate(text, pages);
      expect(spans.filter((span) => span.kind === 'page-number')).toHaveLength(5);
      expect(quoted(text, spans.filter((span) => span.kind === 'running'))).toEqual(Array(5).fill('Acme Corp. Supply Agreement (Execution Copy, May 1, 2020)'));
    }
  });

  it('finds a header that carries the page number, a legend at the bottom, and never a clause', () => {
    const { text, pages } = build((p) => [`Master Services Agreement ${p}`], () => ['[***] Confidential treatment requested']);
    const spans = detectBoilerplate(text, pages);
    expect(spans.map((span) => span.kind)).toEqual(Array(5).fill(['running', 'legend']).flat());
    for (const sentence of BODY) expect(linesEqual(text, sentence).some(([start, end]) => overlapsAny(spans, start, end))).toBe(false);
  });

  it('does not take a line seen on a few pages only for furniture', () => {
    const { text, pages } = build((p) => (p === 2 ? ['Exhibit A'] : []), () => [], 10);
    expect(detectBoilerplate(text, pages)).toEqual([]);
  });

  it('does not take a clause mentioning confidential treatment for a legend', () => {
    const text = 'The Company shall request confidential treatment of the pricing terms from the Commission.\n\nPage 1';
    expect(quoted(text, detectBoilerplate(text, onePage(text)))).toEqual(['Page 1']);
  });
});

describe('boilerplate kept out of chunks and answers', () => {
  const page = (n: number): string =>
    [
      'Acme Holdings Inc. Confidential',
      `${n}.1 The Supplier shall maintain insurance with a limit of not less than ${n} million dollars per occurrence. The insurance shall name the Purchaser as an additional insured.`,
      `${n}.2 The Supplier shall deliver written certificates of insurance within ${n * 5} days after signature of this Agreement.`,
      '[***] Confidential treatment requested',
      `Page ${n} of 4`,
    ].join('\n');
  const text = [1, 2, 3, 4].map(page).join('\n\n');
  const pages: PageSpan[] = [];
  let at = 0;
  for (let n = 1; n <= 4; n++) {
    pages.push({ page: n, start: at, end: at + page(n).length });
    at += page(n).length + 2;
  }
  const spans = detectBoilerplate(text, pages);

  it('finds the header, the legend and the page number of every page', () => {
    expect(spans.map((span) => span.kind)).toEqual(Array(4).fill(['running', 'legend', 'page-number']).flat());
  });

  it('chunks around them', () => {
    const chunks = chunkDocument(text, pages, { exclude: spans, targetChars: 200, minChars: 50 });
    for (const chunk of chunks) expect(overlapsAny(spans, chunk.start, chunk.end)).toBe(false);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain('additional insured');
  });

  it('never quotes them, even from a passage that holds them', () => {
    const passage: AnswerPassage = { id: 'p', documentId: 'd', file: 'f.pdf', page: 1, start: 0, end: text.length, text, score: 1, headingPath: [] };
    const question = 'Is confidential treatment requested?';
    const naive = answerExtractively(question, [passage], { pages: { d: pages } });
    expect(naive.citations.some((citation) => overlapsAny(spans, citation.start, citation.end))).toBe(true);
    const answer = answerExtractively(question, [passage], { pages: { d: pages }, boilerplate: { d: spans } });
    for (const citation of answer.citations) expect(overlapsAny(spans, citation.start, citation.end)).toBe(false);
    const insured = answerExtractively('Who must be named as an additional insured?', [passage], { pages: { d: pages }, boilerplate: { d: spans } });
    expect(insured.abstained).toBe(false);
    for (const citation of insured.citations) expect(overlapsAny(spans, citation.start, citation.end)).toBe(false);
  });

  it('quotes a sentence that runs on from a page header without the header', () => {
    // "Acme Holdings Inc. Confidential\n2.1 The Supplier shall maintain insurance ..." is one sentence to the splitter.
    const second = pages[1];
    const passage: AnswerPassage = { id: 'p2', documentId: 'd', file: 'f.pdf', page: 2, start: second.start, end: second.end, text: text.slice(second.start, second.end), score: 1, headingPath: [] };
    const answer = answerExtractively('What limit of insurance must the Supplier maintain?', [passage], { pages: { d: pages }, boilerplate: { d: spans } });
    expect(answer.abstained).toBe(false);
    const quotes = answer.citations.map((citation) => citation.quote);
    expect(quotes).toContainEqual(expect.stringMatching(/^2\.1 The Supplier shall maintain insurance with a limit of not less than 2 million dollars/));
    for (const citation of answer.citations) {
      expect(overlapsAny(spans, citation.start, citation.end)).toBe(false);
      expect(text.slice(citation.start, citation.end)).toBe(citation.quote);
    }
  });
});

describe('span helpers', () => {
  const spans = [
    { start: 10, end: 20 },
    { start: 30, end: 40 },
  ];
  it('tells overlap', () => {
    expect(overlapsAny(spans, 0, 10)).toBe(false);
    expect(overlapsAny(spans, 19, 21)).toBe(true);
    expect(overlapsAny(spans, 20, 30)).toBe(false);
    expect(overlapsAny(spans, 45, 50)).toBe(false);
    expect(overlapsAny([], 0, 5)).toBe(false);
  });
  it('gives the parts outside', () => {
    expect(outsideSpans(spans, 5, 35)).toEqual([
      { start: 5, end: 10 },
      { start: 20, end: 30 },
    ]);
    expect(outsideSpans(spans, 12, 18)).toEqual([]);
    expect(outsideSpans(spans, 0, 50)).toHaveLength(3);
  });
});
