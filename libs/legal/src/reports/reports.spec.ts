import { cuadContracts, cuadText } from '@test/utils/fixtures';
import { lexer, type Token, type Tokens } from 'marked';
import { buildCaseSummary, NOT_STATED } from './case-summary';
import { buildLiabilityAnalysis } from './liability-analysis';
import type { LegalReport, ReportSource } from './types';

const SUPPLY = [
  'SUPPLY AGREEMENT',
  '',
  'This Supply Agreement (the "Agreement") is made as of March 1, 2021 between Northwind Tools, Inc. ("Supplier") and Harbor Supply LLC ("Distributor").',
  '',
  '1. Term. This Agreement shall continue in effect for three (3) years from the Effective Date. Thereafter this Agreement shall automatically renew for successive one (1) year terms unless either party gives notice of non-renewal at least ninety (90) days prior to the end of the then-current term.',
  '',
  '2. Exclusivity. During the Term, Distributor shall purchase all of its requirements of the Products exclusively from Supplier.',
  '',
  '3. Payment. Distributor shall pay Supplier a fee of $250,000 within thirty (30) days of each invoice.',
  '',
  "4. Indemnity. Supplier shall indemnify, defend and hold harmless Distributor from any and all claims arising from defects in the Products.",
  '',
  "5. Limitation of Liability. In no event shall either party's aggregate liability under this Agreement exceed $1,000,000.",
  '',
  '6. Governing Law. This Agreement shall be governed by and construed in accordance with the laws of the State of New York. The parties submit to the exclusive jurisdiction of the courts located in New York County, New York.',
].join('\n');

const LICENCE = [
  'TRADEMARK LICENSE AGREEMENT',
  '',
  'This Trademark License Agreement is entered into by and between Harbor Supply LLC ("Licensor") and Bayside Retail Corp. ("Licensee").',
  '',
  '1. Grant. Licensor hereby grants to Licensee a non-exclusive, non-transferable license to use the Marks in the Territory.',
  '',
  '2. Royalties. Licensee shall pay Licensor a royalty of five percent (5%) of Net Sales each quarter.',
  '',
  '3. Termination. Licensor may terminate this Agreement at any time for convenience upon ten (10) days written notice to Licensee.',
].join('\n');

function source(id: string, file: string, text: string, pageChars = 400): ReportSource {
  const pages: ReportSource['pages'] = [];
  for (let start = 0, page = 1; start < text.length; start += pageChars, page++) pages.push({ page, start, end: Math.min(text.length, start + pageChars) });
  return { id, file, text, pages };
}

const MATTER = [source('d1', 'Supply Agreement.pdf', SUPPLY), source('d2', 'Trademark Licence.docx', LICENCE)];

function walk(tokens: readonly Token[], visit: (t: Token) => void): void {
  for (const t of tokens) {
    visit(t);
    const nested = t as { tokens?: Token[]; items?: Token[] };
    if (nested.tokens !== undefined) walk(nested.tokens, visit);
    if (nested.items !== undefined) walk(nested.items, visit);
    if (t.type === 'table') {
      const table = t as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) walk(cell.tokens, visit);
    }
  }
}

/** The offset invariant, markers that resolve, every citation used, a Sources entry per citation, no HTML. */
function expectWellFormed(report: LegalReport, docs: readonly ReportSource[]): void {
  const byId = new Map(docs.map((d) => [d.id, d]));
  report.citations.forEach((c) => {
    const doc = byId.get(c.documentId);
    expect(doc).toBeDefined();
    if (doc === undefined) return;
    expect(doc.text.slice(c.start, c.end)).toBe(c.quote);
    expect(c.file).toBe(doc.file);
    expect(c.page).toBe(doc.pages.find((p) => p.start <= c.start && c.start < p.end)?.page);
  });
  const [body, sources] = report.markdown.split('\n## Sources\n');
  expect(sources).toBeDefined();
  const used = new Set([...body.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])));
  for (const n of used) expect(n >= 1 && n <= report.citations.length).toBe(true);
  expect(used.size).toBe(report.citations.length);
  report.citations.forEach((c, i) => expect(sources).toContain(`- [${i + 1}] `));
  let html = 0;
  walk(lexer(report.markdown), (t) => {
    if (t.type === 'html') html++;
  });
  expect(html).toBe(0);
}

describe('buildCaseSummary', () => {
  const report = buildCaseSummary(MATTER, { projectName: 'Harbor matter' });

  it('has the title, overview, a section per document and the sources', () => {
    expect(report.kind).toBe('case-summary');
    expect(report.markdown.startsWith('# Case Summary\n')).toBe(true);
    expect(report.markdown).toContain('## Overview');
    expect(report.markdown).toContain('### 1. Supply Agreement');
    expect(report.markdown).toContain('### 2. Trademark License Agreement');
    expect(report.markdown.trimEnd().split('\n').some((l) => l === '## Sources')).toBe(true);
    expectWellFormed(report, MATTER);
  });

  it('describes the matter across documents', () => {
    expect(report.markdown).toContain('covers 2 documents');
    expect(report.markdown).toMatch(/Recurring parties:\*\* Harbor Supply LLC \(2 documents\) \[\d+\] \[\d+\]/);
    expect(report.markdown).toMatch(/Date range:\*\* The only date stated is March 1, 2021 \[\d+\]/);
  });

  it('states the facts of each document with citations', () => {
    const supply = report.markdown.slice(report.markdown.indexOf('### 1.'), report.markdown.indexOf('### 2.'));
    expect(supply).toMatch(/Northwind Tools, Inc\. \(“Supplier”\) \[\d+\]/);
    expect(supply).toMatch(/Agreement date: March 1, 2021 \[\d+\]/);
    expect(supply).toMatch(/initial term is 3 years \[\d+\]/);
    expect(supply).toMatch(/renews automatically for periods of 1 year unless notice is given \[\d+\]/);
    expect(supply).toMatch(/Governed by the law of New York \[\d+\]/);
    expect(supply).toMatch(/Fees and payments: \$250,000 \[\d+\]/);
    expect(supply).toMatch(/Liability caps: \$1,000,000 \[\d+\]/);
    expect(supply).toMatch(/Distributor: “During the Term, Distributor shall purchase/);
    expect(supply).toMatch(/Exclusivity: “During the Term/);
  });

  it('says a field is not stated rather than guessing', () => {
    const licence = report.markdown.slice(report.markdown.indexOf('### 2.'), report.markdown.indexOf('## Sources'));
    expect(licence).toContain(`Agreement date: ${NOT_STATED}`);
    expect(licence).toContain(`**Governing law and forum:** ${NOT_STATED}`);
  });

  it('dates the start of a contract that comes into force on "the date given at the beginning" by the date of the agreement', () => {
    const text = [
      'STRATEGIC ALLIANCE AGREEMENT',
      '',
      'THIS AGREEMENT is made on 19 May 2010 between Harbor Energy Ltd and Northwind Boilers BV.',
      '',
      '3. Commencement. This Agreement shall come into force on the date given at the beginning of this Agreement.',
    ].join('\n');
    const summary = buildCaseSummary([source('a', 'Alliance.pdf', text)], { projectName: 'Alliance' });
    expect(summary.markdown).toMatch(/Effective date: May 19, 2010 \[\d+\], the date of the agreement: “This Agreement shall come into force on the date given/);
  });

  it('names a party whose name a form leaves blank or a filing redacts by its defined name, saying so', () => {
    const text = [
      'DISTRIBUTOR AGREEMENT',
      '',
      'This Distributor Agreement (the "Agreement") is made on 1 June 2018 between LUMEN OPTICS AG ("Lumen") and _______________ ("Distributor").',
      '',
      'This Services Agreement is made on 2 June 2018 between [ * * * ] ("Provider") and Tern Systems Ltd ("Recipient").',
    ].join('\n');
    const summary = buildCaseSummary([source('a', 'Distributor.pdf', text)], { projectName: 'Forms' });
    expect(summary.markdown).toMatch(/\*\*Parties:\*\* LUMEN OPTICS AG \(“Lumen”\) \[\d+\]; “Distributor” \(name left blank in the document\) \[\d+\]\./);
    const redacted = buildCaseSummary([source('b', 'Services.pdf', text.split('\n').slice(4).join('\n'))], { projectName: 'Forms' });
    expect(redacted.markdown).toMatch(/\*\*Parties:\*\* “Provider” \(name redacted in the document\) \[\d+\]; Tern Systems Ltd \(“Recipient”\)/);
  });

  it('is deterministic', () => {
    expect(buildCaseSummary(MATTER, { projectName: 'Harbor matter' })).toEqual(report);
  });

  it('handles a matter without documents', () => {
    const empty = buildCaseSummary([], { projectName: 'Empty' });
    expect(empty.citations).toEqual([]);
    expect(empty.markdown).toContain('No documents have been provided');
    expect(empty.markdown).toContain('## Sources');
  });
});

describe('buildLiabilityAnalysis', () => {
  const report = buildLiabilityAnalysis(MATTER, { projectName: 'Harbor matter' });

  it('opens with an executive summary and has a valid risk register table', () => {
    expect(report.kind).toBe('liability-analysis');
    const md = report.markdown;
    expect(md.startsWith('# Liability Analysis\n')).toBe(true);
    expect(md.indexOf('## Executive summary')).toBeLessThan(md.indexOf('## Risk register'));
    expect(md.indexOf('## Risk register')).toBeLessThan(md.indexOf('## Gaps'));
    expect(md.indexOf('## Gaps')).toBeLessThan(md.indexOf('## Sources'));
    const tables: Tokens.Table[] = [];
    walk(lexer(md), (t) => {
      if (t.type === 'table') tables.push(t as Tokens.Table);
    });
    expect(tables).toHaveLength(1);
    expect(tables[0].header.map((h) => h.text)).toEqual(['Severity', 'Clause', 'Document', 'Who bears the risk', 'Why it matters', 'Source']);
    expect(tables[0].rows.length).toBeGreaterThanOrEqual(5);
    for (const row of tables[0].rows) {
      expect(row).toHaveLength(6);
      expect(['High', 'Medium', 'Low']).toContain(row[0].text);
      expect(row[5].text).toMatch(/^\[\d+\]$/);
    }
    expectWellFormed(report, MATTER);
  });

  it('grades the clauses that shape liability and says who bears them', () => {
    const md = report.markdown;
    expect(md).toMatch(/\| High \| Indemnity \| Supply Agreement\.pdf \| Supplier \|/);
    expect(md).toMatch(/\| Medium \| Cap on liability \| Supply Agreement\.pdf \|/);
    expect(md).toMatch(/\| \w+ \| Termination for convenience \| Trademark Licence\.docx \| Licensee \|/);
    expect(md).toMatch(/\| \w+ \| Exclusivity \| Supply Agreement\.pdf \| Distributor \|/);
    expect(md).toMatch(/> “Supplier shall indemnify, defend and hold harmless Distributor/);
  });

  it('says who bears what: who indemnifies whom for what, the cap and its measure, with citations', () => {
    const md = report.markdown;
    expect(md.indexOf('## Executive summary')).toBeLessThan(md.indexOf('## Who bears what'));
    const supply = md.slice(md.indexOf('### 1. Supply Agreement'), md.indexOf('### 2.'));
    expect(supply).toContain('- **Indemnities:** one-sided.');
    expect(supply).toMatch(/Supplier indemnifies Distributor against claims and losses arising from defects in the Products \[\d+\]/);
    expect(supply).toMatch(/Each party’s liability is capped at \$1,000,000 \[\d+\]/);
    const licence = md.slice(md.indexOf('### 2.'), md.indexOf('## Risk register'));
    expect(licence).toContain('- **Indemnities:** None found');
    expect(licence).toContain('- **Cap on liability:** None found');
  });

  it('calls mutual indemnities mutual and names each side, not "not clear"', () => {
    const text = [
      'SERVICES AGREEMENT',
      '',
      'This Services Agreement is made as of May 1, 2020 between Acme Corp. ("Customer") and Beta LLC ("Provider").',
      '',
      '8. Indemnification. 8.1 Provider shall indemnify and hold harmless Customer from any third-party claim arising from the Services. 8.2 Customer shall indemnify and hold harmless Provider from any third-party claim arising from Customer Data.',
      '',
      '9. Insurance. Provider shall maintain commercial general liability insurance of not less than $2,000,000 per occurrence.',
    ].join('\n');
    const mutual = buildLiabilityAnalysis([source('m', 'Services.pdf', text)], { projectName: 'Mutual' });
    expect(mutual.markdown).toContain('- **Indemnities:** mutual — each side indemnifies the other.');
    expect(mutual.markdown).toMatch(/Provider indemnifies Customer against claims and losses arising from the Services \[\d+\]/);
    expect(mutual.markdown).toMatch(/Customer indemnifies Provider against claims and losses arising from Customer Data \[\d+\]/);
    expect(mutual.markdown).toMatch(/Provider must keep insurance: commercial general liability \(\$2,000,000\) \[\d+\]/);
    expect(mutual.markdown).toMatch(/\| Indemnity \| Services\.pdf \| Provider \|/);
    expect(mutual.markdown).toMatch(/\| Indemnity \| Services\.pdf \| Customer \|/);
    expect(mutual.markdown).not.toMatch(/Indemnity \| Services\.pdf \| Not clear/);
    expectWellFormed(mutual, [source('m', 'Services.pdf', text)]);
  });

  it('reports the expected protections that no document contains', () => {
    const gaps = report.markdown.slice(report.markdown.indexOf('## Gaps'), report.markdown.indexOf('## Sources'));
    expect(gaps).toContain('**Insurance** (medium)');
    expect(gaps).not.toContain('**Cap on liability**: ');
    expect(gaps).toMatch(/\*\*Cap on liability\*\* \(high\): not found in Trademark Licence\.docx/);
    expect(report.markdown).toMatch(/Gaps: no document contains .*an insurance requirement/);
  });

  it('is deterministic', () => {
    expect(buildLiabilityAnalysis(MATTER, { projectName: 'Harbor matter' })).toEqual(report);
  });
});

describe('reports on CUAD contracts', () => {
  const files = cuadContracts();
  const load = (file: string, i: number): ReportSource => source(`doc-${i}`, file, cuadText(file), 3000);

  it('cites exact slices in both reports for several contracts, alone and together', () => {
    const picked = ['2ThemartComInc', 'ADAMSGOLFINC', 'AgapeAtpCorp', 'LIMEENERGYCO', 'UpjohnInc'].map((prefix) => files.find((file) => file.startsWith(prefix)) as string);
    const docs = picked.map(load);
    for (const doc of docs) {
      expectWellFormed(buildCaseSummary([doc], { projectName: doc.file }), [doc]);
      expectWellFormed(buildLiabilityAnalysis([doc], { projectName: doc.file }), [doc]);
    }
    const summary = buildCaseSummary(docs, { projectName: 'Five contracts' });
    const liability = buildLiabilityAnalysis(docs, { projectName: 'Five contracts' });
    expectWellFormed(summary, docs);
    expectWellFormed(liability, docs);
    expect(summary.markdown).toContain('covers 5 documents');
    for (const doc of docs) expect(liability.citations.some((c) => c.documentId === doc.id)).toBe(true);
  });

  it('builds both reports over every fixture contract within a few seconds', () => {
    const docs = files.map(load);
    const started = Date.now();
    const summary = buildCaseSummary(docs, { projectName: 'Fixture contracts' });
    const liability = buildLiabilityAnalysis(docs, { projectName: 'Fixture contracts' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(8000);
    expectWellFormed(summary, docs);
    expectWellFormed(liability, docs);
  });
});
