import JSZip from 'jszip';
import mammoth from 'mammoth';
import { buildSampleReport } from '@test/fixtures/sample-report';
import { DocxRenderer } from './docx-renderer';
import type { RenderableReport } from './report.types';

interface Extracted {
  html: string;
  text: string;
  zip: JSZip;
}

async function extract(docx: Buffer): Promise<Extracted> {
  const [html, text, zip] = await Promise.all([mammoth.convertToHtml({ buffer: docx }), mammoth.extractRawText({ buffer: docx }), JSZip.loadAsync(docx)]);
  return { html: html.value, text: text.value, zip };
}

async function part(zip: JSZip, name: string): Promise<string> {
  const file = zip.file(name);
  if (!file) throw new Error(`${name} is missing from the document`);
  return file.async('string');
}

function footnotes(html: string): string[] {
  return [...html.matchAll(/<li id="footnote-\d+"><p>(.*?) <a href="#footnote-ref-\d+">/g)].map((m) => m[1]);
}

describe(DocxRenderer.name, () => {
  const sut = new DocxRenderer();

  describe('a realistic liability analysis with its Sources section', () => {
    const report = buildSampleReport({ kind: 'liability-analysis', risks: 24 });
    let docx: Extracted;

    beforeAll(async () => {
      docx = await extract(await sut.render(report));
    });

    it('opens with the title block', () => {
      expect(docx.text.startsWith('Casewise')).toBe(true);
      for (const line of ['Liability Analysis', 'Harbourline v Northwind: supply chain review', '14 March 2025, 10:32 UTC', 'Documents analysed (6)', 'offline']) {
        expect(docx.text).toContain(line);
      }
    });

    it('uses real Word headings, lifted so the top sections are Heading 1', () => {
      expect(docx.html).toContain('<h1>Executive summary</h1>');
      expect(docx.html).toContain('<h1>Risk register</h1>');
      expect(docx.html).toContain('<h2>5. Uncapped liability</h2>');
      expect(docx.html).not.toContain('<h1>Liability Analysis</h1>');
    });

    it('renders the risk register as a real table with a header row', () => {
      const register = docx.html.slice(docx.html.indexOf('<h1>Risk register</h1>'));
      const table = register.slice(register.indexOf('<table>'), register.indexOf('</table>'));
      expect(table).toContain('<thead><tr><th><p><strong>#</strong></p></th>');
      expect(table).toContain('<th><p><strong>Severity</strong></p></th>');
      expect(table).toContain('<td><p>Uncapped liability</p></td>');
      expect(table).toContain('<td><p><strong>High</strong></p></td>');
      expect(table.match(/<tr>/g)).toHaveLength(report.citations.length + 1);
    });

    it('turns every citation marker of the body into a footnote quoting its source', () => {
      const notes = footnotes(docx.html);
      const body = report.markdown.slice(0, report.markdown.indexOf('## Sources'));
      const markers = [...body.matchAll(/\[(\d+)\]/g)].length;
      expect(notes).toHaveLength(markers);
      const fines = report.citations[4];
      expect(notes).toContain(`${fines.file}, page ${fines.page}: “${fines.quote}”`);
      expect(docx.html).toContain('the low cap on the supplier\'s liability<sup><a href="#footnote-1" id="footnote-ref-1">');
    });

    it('keeps lists, bold runs and quotes', () => {
      expect(docx.html).toContain('<ol><li>Master Services Agreement - Northwind Freight.pdf</li>');
      expect(docx.html).toMatch(/<ul><li><strong>Cap on liability<\/strong>: The supplier caps/);
      expect(docx.html).toContain('<em>Notwithstanding any limitation of liability in the Principal Agreement');
    });

    it('keeps the Sources section last, with its markers as plain labels', () => {
      const lastHeading = [...docx.html.matchAll(/<h1>(.*?)<\/h1>/g)].pop();
      expect(lastHeading?.[1]).toBe('Sources');
      expect(docx.text).toContain(`[24] ${report.citations[23].file}, page ${report.citations[23].page}`);
    });

    it('puts Confidential and page numbers in the footer and the project in the header', async () => {
      const footer = await part(docx.zip, 'word/footer1.xml');
      expect(footer).toContain('Confidential');
      expect(footer).toMatch(/PAGE/);
      expect(footer).toMatch(/NUMPAGES/);
      expect(await part(docx.zip, 'word/header1.xml')).toContain('Harbourline v Northwind: supply chain review');
    });
  });

  it('appends a Sources section listing every citation when the markdown has none', async () => {
    const report = buildSampleReport({ risks: 5, withSourcesSection: false });
    const { html, text } = await extract(await sut.render(report));
    expect([...html.matchAll(/<h1>(.*?)<\/h1>/g)].pop()?.[1]).toBe('Sources');
    report.citations.forEach((c, i) => expect(text).toContain(`[${i + 1}]\t${c.file}, page ${c.page}: “`));
  });

  it('drops raw HTML and javascript: links but keeps safe links', async () => {
    const report: RenderableReport = {
      ...buildSampleReport({ risks: 2, withSourcesSection: false }),
      markdown: 'See [the room](javascript:alert(1)) and [the register](https://example.com/register).\n\nInline <script>steal()</script> text.\n\n<script>\nsteal();\n</script>\n',
    };
    const docx = await sut.render(report);
    const { text } = await extract(docx);
    const zip = await JSZip.loadAsync(docx);
    const rels = await part(zip, 'word/_rels/document.xml.rels');
    expect(text).toContain('See the room and the register.');
    expect(text).not.toContain('steal');
    expect(rels).not.toContain('javascript');
    expect(rels).toContain('https://example.com/register');
  });
});
