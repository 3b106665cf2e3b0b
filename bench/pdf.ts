// Report rendering: one cold PDF render (Chromium start included), then warm renders of the same ~20-page
// report, and the same for Word. npm run bench:pdf [-- --json] [--runs 10] [--risks 60]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { getDocumentProxy } from 'unpdf';
import { ConfigService } from '@api/modules/config/config.service';
import { loadConfig } from '@api/modules/config/load-config';
import { DocxRenderer } from '@api/modules/reports/docx-renderer';
import { PdfRenderer } from '@api/modules/reports/pdf-renderer';
import { buildSampleReport } from '@test/fixtures/sample-report';

interface Options {
  json: boolean;
  runs: number;
  risks: number;
}

interface Timing {
  coldMs: number;
  warm: number[];
  bytes: number;
}

function parseArgs(argv: readonly string[]): Options {
  const value = (name: string, fallback: number): number => {
    const i = argv.indexOf(name);
    const parsed = i >= 0 && i + 1 < argv.length ? Number(argv[i + 1]) : NaN;
    return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
  };
  return { json: argv.includes('--json'), runs: value('--runs', 10), risks: value('--risks', 58) };
}

async function time(runs: number, render: () => Promise<Buffer>): Promise<Timing> {
  let started = performance.now();
  const first = await render();
  const coldMs = performance.now() - started;
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    started = performance.now();
    await render();
    warm.push(performance.now() - started);
  }
  return { coldMs, warm: warm.sort((a, b) => a - b), bytes: first.length };
}

function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const dataDir = mkdtempSync(join(tmpdir(), 'casewise-bench-pdf-'));
  const config = new ConfigService(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' }));
  const pdf = new PdfRenderer(config);
  const docx = new DocxRenderer();
  const report = buildSampleReport({ risks: options.risks });
  try {
    const pdfTiming = await time(options.runs, () => pdf.render(report));
    const pages = (await getDocumentProxy(new Uint8Array(await pdf.render(report)))).numPages;
    const docxTiming = await time(options.runs, () => docx.render(report));

    const ms = (v: number): string => v.toFixed(0).padStart(7);
    console.log(`report: ${report.citations.length} citations, ${report.markdown.length} markdown characters, ${pages} PDF pages; warm runs: ${options.runs}`);
    console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0].toFixed(1)} (timings stretch with load)`);
    console.log('format    cold ms   warm min  warm med  warm max    bytes');
    for (const [name, t] of [['pdf', pdfTiming], ['docx', docxTiming]] as const) {
      console.log(`${name.padEnd(8)}${ms(t.coldMs)}   ${ms(t.warm[0])}   ${ms(median(t.warm))}   ${ms(t.warm[t.warm.length - 1])}  ${String(t.bytes).padStart(7)}`);
    }
    const target = median(pdfTiming.warm) < 1000 ? 'met' : 'missed';
    console.log(`target: warm PDF render of a ${pages}-page report under 1000 ms: ${target}`);
    if (options.json) {
      console.log(
        JSON.stringify({
          pages,
          warm_median_ms: Math.round(median(pdfTiming.warm)),
          cold_ms: Math.round(pdfTiming.coldMs),
          warm_min_ms: Math.round(pdfTiming.warm[0]),
          warm_max_ms: Math.round(pdfTiming.warm[pdfTiming.warm.length - 1]),
          bytes: pdfTiming.bytes,
          docx_cold_ms: Math.round(docxTiming.coldMs),
          docx_warm_median_ms: Math.round(median(docxTiming.warm)),
          docx_bytes: docxTiming.bytes,
        }),
      );
    }
  } finally {
    await pdf.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
