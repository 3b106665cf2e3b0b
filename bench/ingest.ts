/**
 * Ingestion speed of the real pipeline on the embedded defaults, against poppler's pdftotext on the same files
 * in the same run. Two measurements:
 *  - stages: the pieces the ingestion job calls, timed one by one in this process (parse in the app's pool of
 *    2 parsing processes, chunk, embed, save to the database), to show where the time goes;
 *  - end to end: the built server started as `npm start` runs it, in its own process on a fresh data directory;
 *    every file uploaded over HTTP, from the first upload until the last document is ready. Its memory is the
 *    server's process and every process it starts (parsing, database creation), sampled from /proc.
 * pdftotext reads only the PDFs of the folder, so the ratios are exact for a folder of PDFs and indicative
 * when other types are mixed in.
 *
 *   npm run bench:ingest -- --dir <folder> [--json]     (builds the server first)
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { chunkDocument, detectBoilerplate, type Chunk, type TextSpan } from '@casewise/legal';
import { DocumentRepository } from '@api/modules/documents/document.repository';
import { MIME_TYPES, type DetectedType } from '@api/modules/documents/file-type';
import { Embedder } from '@api/modules/embeddings/embedder';
import { toNewChunks } from '@api/modules/ingestion/ingestion.repository';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { DocumentParser } from '@api/modules/ingestion/parser.adapter';
import type { ParsedDocument } from '@api/modules/ingestion/parsers/parser.types';
import { ApiClient, type DocumentRow, startBenchApp, startServerProcess } from './lib/app';
import { BenchArgs, runBench } from './lib/args';
import { cpuSnapshot } from './lib/cpu';
import { byCodeUnits, cuadPath } from './lib/cuad';
import { fixed, mapLimit, seconds, table } from './lib/format';
import { MemorySampler, type MemoryPeak } from './lib/memory';
import { describeMachineState, machineStateJson, probeMachine } from './lib/machine';

/** The app parses with a pool of 2 processes (DocumentParser) and runs 2 ingestion jobs at a time. */
const CONCURRENCY = 2;
const UPLOAD_CONCURRENCY = 4;
const SAMPLE_MS = 20;
const SETTLED_POLL_MS = 200;

const TYPES: Record<string, DetectedType> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.txt': 'txt',
  '.md': 'markdown',
  '.html': 'html',
  '.htm': 'html',
  '.eml': 'eml',
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.tif': 'tiff',
  '.tiff': 'tiff',
};

interface InputFile {
  name: string;
  path: string;
  type: DetectedType;
  bytes: Buffer;
}

function runPdftotext(path: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('pdftotext', ['-q', path, '/dev/null'], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`pdftotext ${path} exited with ${code}`))));
  });
}

interface Timed {
  wall: number;
  /** CPU seconds of this process and of every process it started meanwhile. */
  cpu: number;
}

async function timed(work: () => Promise<unknown>): Promise<Timed> {
  const before = cpuSnapshot();
  const started = process.hrtime.bigint();
  await work();
  const wall = seconds(started);
  const after = cpuSnapshot();
  const cpu = after.self - before.self + (after.liveChildren - before.liveChildren) + (after.finishedChildren - before.finishedChildren);
  return { wall, cpu };
}

/** pdftotext over the PDFs, CONCURRENCY at a time, largest first like our parse. */
function timePdftotext(files: InputFile[]): Promise<Timed> {
  return timed(() => mapLimit(files, CONCURRENCY, (file) => runPdftotext(file.path)));
}

async function main(): Promise<void> {
  const machine = probeMachine();
  const args = new BenchArgs(process.argv.slice(2), { options: ['dir'], switches: ['json'] });
  const dir = resolve(args.string('dir') ?? cuadPath('pdf'));
  const files: InputFile[] = readdirSync(dir)
    .sort(byCodeUnits)
    .filter((name) => statSync(join(dir, name)).isFile() && TYPES[extname(name).toLowerCase()] !== undefined)
    .map((name) => ({ name, path: join(dir, name), type: TYPES[extname(name).toLowerCase()], bytes: readFileSync(join(dir, name)) }))
    .sort((a, b) => b.bytes.length - a.bytes.length);
  if (files.length === 0) throw new Error(`No supported files in ${dir}`);
  const pdfs = files.filter((file) => file.type === 'pdf');

  const memory = new MemorySampler(['pdftotext']);
  memory.start();
  const bench = await startBenchApp('ingest');
  let benchOpen = true;
  const closeBench = async (): Promise<void> => {
    if (benchOpen) await bench.close();
    benchOpen = false;
  };
  try {
    const parser = bench.app.get(DocumentParser);
    const embedder = bench.app.get(Embedder);
    const ingestion = bench.app.get(IngestionService);
    const documents = bench.app.get(DocumentRepository);
    const api = new ApiClient(bench.baseUrl);
    await api.createUser(bench.config);

    const idleMb = Math.round(process.memoryUsage().rss / 1048576);
    // Start the parsing processes and load their PDF code first: the app pays that once, not per file.
    const smallest = pdfs[pdfs.length - 1];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, () =>
        smallest ? parser.parse(MIME_TYPES.pdf, smallest.bytes) : parser.parse(MIME_TYPES.txt, Buffer.from('warm-up')),
      ),
    );

    // pdftotext before and after our parse, so a change in the machine's load shows as a gap between the two.
    // Two passes of ours: the first in freshly started processes, the second once PDF.js is compiled and
    // optimised, as in a server that has been running. The second is the extraction figure.
    const none: Timed = { wall: NaN, cpu: NaN };
    const pdftotextBefore = pdfs.length > 0 ? await timePdftotext(pdfs) : none;
    const coldParse = await timed(() => Promise.all(files.map((file) => parser.parse(MIME_TYPES[file.type], file.bytes))));
    let parsed: ParsedDocument[] = [];
    const warmParse = await timed(async () => {
      parsed = await Promise.all(files.map((file) => parser.parse(MIME_TYPES[file.type], file.bytes)));
    });
    const pdftotextAfter = pdfs.length > 0 ? await timePdftotext(pdfs) : none;
    const pdftotextSeconds = (pdftotextBefore.wall + pdftotextAfter.wall) / 2;
    const pdftotextCpu = (pdftotextBefore.cpu + pdftotextAfter.cpu) / 2;
    const parseSeconds = warmParse.wall;
    const coldParseSeconds = coldParse.wall;

    const pages = parsed.reduce((sum, doc) => sum + doc.report.pages, 0);
    const pdfPages = parsed.reduce((sum, doc, i) => sum + (files[i].type === 'pdf' ? doc.report.pages : 0), 0);
    const ocrPages = parsed.reduce((sum, doc) => sum + doc.report.pagesOcr, 0);
    const characters = parsed.reduce((sum, doc) => sum + doc.text.length, 0);

    let started = process.hrtime.bigint();
    // As the ingestion job does: the page furniture found, then left out of the chunks (and stored with the text).
    const furniture: TextSpan[][] = [];
    const chunked: Chunk[][] = parsed.map((doc) => {
      const pages = doc.pages.map((page) => ({ page: page.page, start: page.start, end: page.end, ocr: page.ocr }));
      const spans = detectBoilerplate(doc.text, pages);
      furniture.push(spans);
      return chunkDocument(doc.text, pages, { exclude: spans });
    });
    const chunkSeconds = seconds(started);

    started = process.hrtime.bigint();
    const vectors: number[][][] = [];
    for (const pieces of chunked) vectors.push(await embedder.embedDocuments(pieces.map((piece) => piece.text)));
    const embedSeconds = seconds(started);

    // The database save of the job (text, pages, chunks with vectors, status) for rows of a separate project.
    const stagesProject = await api.createProject('bench stages');
    const rows = [];
    for (const [i, file] of files.entries()) {
      const row = await documents.insert({
        projectId: stagesProject,
        filename: file.name,
        type: MIME_TYPES[file.type],
        size: file.bytes.length,
        sha256: '0'.repeat(64),
        storageKey: `bench-stage-${i}`,
        status: 'processing',
        error: null,
        pages: null,
        parseReport: null,
      });
      if (!row) throw new Error(`Could not insert a row for ${file.name}`);
      rows.push(row);
    }
    started = process.hrtime.bigint();
    let chunkCount = 0;
    for (const [i, doc] of parsed.entries()) {
      const chunks = toNewChunks(chunked[i], vectors[i]);
      chunkCount += chunks.length;
      const storedPages = doc.pages.map((page) => ({ page: page.page, start: page.start, end: page.end, ocr: page.ocr }));
      await ingestion.saveParsed(rows[i], doc.text, storedPages, doc.report, chunks, furniture[i]);
    }
    const saveSeconds = seconds(started);

    const stagesPeak = memory.stop();
    parsed.length = 0;
    chunked.length = 0;
    furniture.length = 0;
    vectors.length = 0;
    await closeBench();

    // End to end: the user's path, upload to ready, on the server as it runs in production.
    let startup: MemorySampler | undefined;
    const server = await startServerProcess('ingest-server', (pid) => {
      startup = new MemorySampler([], SAMPLE_MS, pid);
      startup.start();
    });
    const startupPeak = startup?.stop();
    const serverMemory = new MemorySampler([], SAMPLE_MS, server.pid);
    let settled: DocumentRow[] = [];
    let uploadSeconds = NaN;
    let endToEndSeconds = NaN;
    let serverIdleMb = NaN;
    let peak: MemoryPeak;
    try {
      serverMemory.reset();
      serverIdleMb = serverMemory.peek().concurrentMb;
      serverMemory.start();
      const client = new ApiClient(server.baseUrl);
      await client.createUser(server.config);
      const project = await client.createProject('bench end to end');
      started = process.hrtime.bigint();
      await mapLimit(files, UPLOAD_CONCURRENCY, (file) => client.upload(project, file.name, file.bytes));
      uploadSeconds = seconds(started);
      // Asked every 200 ms: each listing is work for the server too, and the end lands at most that late (under 1 %).
      settled = await client.waitUntilSettled(project, 60 * 60_000, SETTLED_POLL_MS);
      endToEndSeconds = seconds(started);
      peak = serverMemory.stop();
    } finally {
      await server.close();
    }
    const failed = settled.filter((row) => row.status !== 'ready');
    const endToEndPages = settled.reduce((sum, row) => sum + (row.pages ?? 0), 0);

    const pdftotextRate = pdfPages / pdftotextSeconds;
    const extractionRate = pages / parseSeconds;
    const endToEndRate = endToEndPages / endToEndSeconds;
    const stageSum = parseSeconds + chunkSeconds + embedSeconds + saveSeconds;
    const rate = (secondsTaken: number): string => fixed(pages / secondsTaken);
    const share = (secondsTaken: number): string => fixed((100 * secondsTaken) / stageSum);

    console.log(describeMachineState(machine));
    console.log(
      `folder=${dir} files=${files.length} (pdf ${pdfs.length}) pages=${pages} ocr pages=${ocrPages} chunks=${chunkCount} ` +
        `characters=${characters} processes=${CONCURRENCY}`,
    );
    console.log(
      table(
        ['stage', 'pages', 'seconds', 'pages/s', '% of stages', 'pages/CPU-s'],
        [
          ['parse, first pass (fresh processes)', pages, fixed(coldParseSeconds, 2), rate(coldParseSeconds), '-', fixed(pages / coldParse.cpu)],
          ['parse (2 processes, warm)', pages, fixed(parseSeconds, 2), rate(parseSeconds), share(parseSeconds), fixed(pages / warmParse.cpu)],
          ['chunk', pages, fixed(chunkSeconds, 2), rate(chunkSeconds), share(chunkSeconds)],
          ['embed (the server skips it at SEARCH_VECTOR_WEIGHT 0)', pages, fixed(embedSeconds, 2), rate(embedSeconds), share(embedSeconds)],
          ['index (database save)', pages, fixed(saveSeconds, 2), rate(saveSeconds), share(saveSeconds)],
          ['stages in sequence', pages, fixed(stageSum, 2), rate(stageSum), '100.0'],
          ['end to end (upload to ready)', endToEndPages, fixed(endToEndSeconds, 2), fixed(endToEndRate), '-'],
          ['pdftotext (2 processes)', pdfPages, fixed(pdftotextSeconds, 2), fixed(pdftotextRate), '-', fixed(pdfPages / pdftotextCpu)],
        ],
      ),
    );
    console.log(
      `pdftotext runs: ${fixed(pdftotextBefore.wall, 2)}s before, ${fixed(pdftotextAfter.wall, 2)}s after our two parse passes; uploads took ${fixed(uploadSeconds, 2)}s of the end-to-end time` +
        (failed.length > 0 ? `; ${failed.length} file(s) failed: ${failed.map((row) => `${row.filename}: ${row.error}`).join('; ')}` : ''),
    );
    const describe = (label: string, m: MemoryPeak, who: string): string =>
      `${label}: ${fixed(m.concurrentMb, 0)} MB at once (sampled every ${SAMPLE_MS} ms); sum of high-water marks ${fixed(m.boundMb, 0)} MB = ` +
      `${who} ${fixed(m.selfHwmMb, 0)} MB + ${m.children} child process(es) ${fixed(m.childrenHwmMb, 0)} MB; at the peak ` +
      m.atPeak.map((share) => `${share.root ? who : share.name} ${fixed(share.mb, 0)}`).join(' + ');
    console.log(describe('peak memory, end to end', peak, 'server'));
    if (startupPeak) console.log(describe('peak memory, server start-up (a first start creates the database)', startupPeak, 'server'));
    console.log(describe('peak memory, stages (this script also holds every stage result)', stagesPeak, 'this script'));
    console.log(`server idle after start, before any file: ${fixed(serverIdleMb, 0)} MB; the stages' in-process app idle: ${idleMb} MB`);
    const ratio = endToEndRate / pdftotextRate;
    const extractionRatio = extractionRate / pdftotextRate;
    const cpuRatio = pages / warmParse.cpu / (pdfPages / pdftotextCpu);
    console.log(`extraction ${fixed(extractionRatio, 2)}x pdftotext (target >= 1.3): ${extractionRatio >= 1.3 ? 'met' : 'missed'}; per CPU second ${fixed(cpuRatio, 2)}x`);
    console.log(`end to end ${fixed(ratio, 2)}x pdftotext (target >= 0.8): ${ratio >= 0.8 ? 'met' : 'missed'}`);
    console.log(
      `peak memory ${fixed(peak.concurrentMb, 0)} MB at once, ${fixed(peak.boundMb, 0)} MB as a sum of high-water marks (target < 800): ` +
        `${peak.concurrentMb < 800 ? 'met' : 'missed'} at once, ${peak.boundMb < 800 ? 'met' : 'missed'} as a sum`,
    );
    if (args.has('json')) {
      const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
      console.log(
        JSON.stringify({
          machine: machineStateJson(machine),
          files: files.length,
          pages,
          pages_per_s: round(endToEndRate),
          pdftotext_pages_per_s: round(pdftotextRate),
          ratio: round(ratio, 2),
          extraction_pages_per_s: round(extractionRate),
          extraction_ratio: round(extractionRatio, 2),
          extraction_cpu_ratio: round(cpuRatio, 2),
          peak_rss_mb: Math.round(peak.concurrentMb),
          peak_rss_hwm_sum_mb: Math.round(peak.boundMb),
          startup_peak_rss_mb: startupPeak ? Math.round(startupPeak.concurrentMb) : null,
          server_idle_rss_mb: Math.round(serverIdleMb),
          stages_peak_rss_mb: Math.round(stagesPeak.boundMb),
          seconds: {
            parse_first_pass: round(coldParseSeconds, 2),
            parse: round(parseSeconds, 2),
            chunk: round(chunkSeconds, 2),
            embed: round(embedSeconds, 2),
            index: round(saveSeconds, 2),
            end_to_end: round(endToEndSeconds, 2),
            pdftotext: round(pdftotextSeconds, 2),
          },
          failed: failed.length,
        }),
      );
    }
  } finally {
    await closeBench();
  }
}

runBench(main);
