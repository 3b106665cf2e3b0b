// bench:batch — the CLI's overhead on a data room. Three matters of 20 CUAD contracts each go through the built
// server twice: once by direct API calls from this process (upload each file, wait until read, generate and
// download both reports), once through `casewise batch` as a child process. Prints wall seconds and pages/s of
// each and the CLI's overhead (target: under 10 %).
//
//   npm run bench:batch [-- --matters 3 --per 20 --concurrency 3]
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient, startServerProcess } from './lib/app';
import { BenchArgs, runBench } from './lib/args';
import { byCodeUnits, cuadPath } from './lib/cuad';
import { fixed, mapLimit, seconds, table } from './lib/format';

const CLI = resolve(__dirname, '..', 'cli', 'bin', 'casewise.js');
const TIMEOUT_MS = 30 * 60_000;

interface Run {
  mode: string;
  seconds: number;
  pages: number;
  reports: number;
}

async function direct(api: ApiClient, matters: string[][], concurrency: number, label: string): Promise<Run> {
  const started = process.hrtime.bigint();
  const results = await mapLimit(matters, concurrency, async (files, index) => {
    const projectId = await api.createProject(`${label} matter ${index + 1}`);
    for (const file of files) await api.upload(projectId, file.split('/').pop() as string, readFileSync(file));
    const documents = await api.waitUntilSettled(projectId, TIMEOUT_MS);
    let reports = 0;
    for (const kind of ['case_summary', 'liability_analysis'] as const) {
      if ((await api.report(projectId, kind)).length > 0) reports += 1;
    }
    return { pages: documents.reduce((sum, document) => sum + (document.pages ?? 0), 0), reports };
  });
  return { mode: 'direct API calls', seconds: seconds(started), pages: results.reduce((sum, r) => sum + r.pages, 0), reports: results.reduce((sum, r) => sum + r.reports, 0) };
}

async function viaCli(baseUrl: string, token: string, matters: string[][], concurrency: number): Promise<Run> {
  const work = mkdtempSync(join(tmpdir(), 'casewise-bench-batch-'));
  try {
    matters.forEach((files, index) => {
      const folder = join(work, 'data-room', `CLI matter ${index + 1}`);
      mkdirSync(folder, { recursive: true });
      for (const file of files) copyFileSync(file, join(folder, file.split('/').pop() as string));
    });
    const started = process.hrtime.bigint();
    const output = await new Promise<string>((resolvePromise, reject) => {
      const child = spawn(process.execPath, [CLI, 'batch', join(work, 'data-room'), '--out', join(work, 'reports'), '--concurrency', String(concurrency), '--json'], {
        env: { ...process.env, CASEWISE_URL: baseUrl, CASEWISE_TOKEN: token, CASEWISE_CONFIG_DIR: join(work, 'config') },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 || code === 1 ? resolvePromise(stdout) : reject(new Error(`casewise batch exited with ${code}`))));
    });
    const elapsed = seconds(started);
    const summary = JSON.parse(output) as { pages: number; reports_generated: number };
    return { mode: 'casewise batch (CLI)', seconds: elapsed, pages: summary.pages, reports: summary.reports_generated };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), { options: ['matters', 'per', 'concurrency'], switches: [] });
  const count = args.count('matters', 3);
  const per = args.count('per', 20);
  const concurrency = args.count('concurrency', count);
  const pdfs = readdirSync(cuadPath('pdf')).filter((name) => name.toLowerCase().endsWith('.pdf')).sort(byCodeUnits);
  if (pdfs.length < count * per) throw new Error(`Need ${count * per} CUAD PDFs, found ${pdfs.length}`);
  const matters = Array.from({ length: count }, (_, index) => pdfs.slice(index * per, (index + 1) * per).map((name) => cuadPath('pdf', name)));

  const server = await startServerProcess('batch');
  try {
    const api = new ApiClient(server.baseUrl);
    await api.createUser(server.config);
    // A warm-up matter of two contracts, so neither measured run pays for the first parse and the first PDF.
    await direct(api, [matters[0].slice(0, 2)], 1, 'warm-up');
    const runs = [await direct(api, matters, concurrency, 'direct'), await viaCli(server.baseUrl, api.bearer, matters, concurrency)];
    console.log(`\n${count} matters × ${per} CUAD PDFs, ${concurrency} at once, both reports per matter, on the built server (embedded defaults)\n`);
    console.log(table(['mode', 'seconds', 'pages', 'pages/s', 'reports'], runs.map((run) => [run.mode, fixed(run.seconds), run.pages, fixed(run.pages / run.seconds), run.reports])));
    const overhead = (runs[1].seconds / runs[0].seconds - 1) * 100;
    console.log(`\nCLI overhead: ${fixed(overhead)} % of wall time (target: under 10 %)`);
  } finally {
    await server.close();
  }
}

runBench(main);
