import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import type { Connection } from '../client';
import { type CommonOptions, isInterrupted, signedIn } from '../context';
import { listDocuments, uploadFile, waitForDocuments } from '../documents';
import { CliError, EXIT } from '../errors';
import { collectFiles } from '../files';
import { createProject, listProjects } from '../projects';
import { downloadReport, generateReport, REPORT_FILE, type ReportFormat, type ReportKind } from '../reports';
import { existingDocuments } from './documents';

interface BatchOptions extends CommonOptions {
  out: string;
  concurrency: number;
  kinds: ReportKind[];
  format: ReportFormat[];
  timeout: number;
}

export interface FileRow {
  matter: string;
  file: string;
  path: string;
  upload: 'uploaded' | 'skipped' | 'failed';
  status: 'ready' | 'failed' | 'queued' | 'processing' | 'not uploaded';
  pages: number | null;
  seconds: number;
  error: string | null;
}

export interface ReportRow {
  matter: string;
  kind: ReportKind;
  format: ReportFormat;
  file: string;
  status: 'generated' | 'skipped' | 'failed';
  seconds: number;
  error: string | null;
  /** SHA-256 over the ready documents (id and content) the report was written from: a re-run keeps it while they are the same. */
  basis: string | null;
}

interface MatterOutcome {
  matter: string;
  project_id: string | null;
  error: string | null;
  files: FileRow[];
  reports: ReportRow[];
}

function list<T extends string>(allowed: readonly T[], name: string) {
  return (value: string): T[] => {
    const items = value.split(',').map((item) => item.trim()).filter(Boolean);
    const wrong = items.find((item) => !allowed.includes(item as T));
    if (wrong || items.length === 0) throw new CliError(`--${name} takes ${allowed.join(', ')} (comma-separated), not "${value}".`);
    return [...new Set(items)] as T[];
  };
}

function positive(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 16) throw new CliError(`--concurrency must be a whole number from 1 to 16, not "${value}".`);
  return number;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const seconds = (since: number) => Math.round((Date.now() - since) / 100) / 10;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One matter: its project (found by exact name, else created), its files uploaded, ingestion awaited, its reports written. */
async function runMatter(connection: Connection, dir: string, matter: string, options: BatchOptions, projectIds: Map<string, string[]>, previous: Map<string, string>, signal: AbortSignal): Promise<MatterOutcome> {
  const outcome: MatterOutcome = { matter, project_id: null, error: null, files: [], reports: [] };
  try {
    const same = projectIds.get(matter) ?? [];
    if (same.length > 1) throw new CliError(`${same.length} projects are named "${matter}": rename all but one, then run again.`);
    const projectId = same[0] ?? (await createProject(connection, matter, `Imported by casewise batch from ${matter}/`)).id;
    outcome.project_id = projectId;

    const { files } = await collectFiles([join(dir, matter)]);
    const existing = existingDocuments(await listDocuments(connection, projectId));
    const started = new Map<string, number>();
    const uploads = [];
    for (const file of files) {
      if (signal.aborted) break;
      started.set(file.path, Date.now());
      uploads.push(await uploadFile(connection, projectId, file, existing));
    }
    const documents = await waitForDocuments(connection, projectId, options.timeout * 1000, undefined, signal);
    const byId = new Map(documents.map((document) => [document.id, document]));
    for (const upload of uploads) {
      const document = upload.documentId ? byId.get(upload.documentId) : undefined;
      outcome.files.push({
        matter,
        file: upload.file.name,
        path: relative(join(dir, matter), upload.file.path),
        upload: upload.outcome,
        status: document?.status ?? 'not uploaded',
        pages: document?.pages ?? null,
        seconds: seconds(started.get(upload.file.path) ?? Date.now()),
        error: upload.error ?? document?.error ?? null,
      });
    }

    const readyDocuments = documents.filter((document) => document.status === 'ready');
    const ready = readyDocuments.length > 0;
    const basis = createHash('sha256')
      .update(readyDocuments.map((document) => `${document.id}:${document.sha256}`).sort().join('\n'))
      .digest('hex');
    const folder = join(options.out, matter);
    await mkdir(folder, { recursive: true });
    for (const kind of options.kinds) {
      const targets = options.format.map((format) => ({ format, file: join(folder, `${REPORT_FILE[kind]}.${format}`) }));
      // Resuming: a report written from these same ready documents by an earlier run is kept as it is.
      const pending = targets.filter((target) => !existsSync(target.file) || previous.get(reportKey(matter, kind, target.format)) !== basis);
      for (const target of targets.filter((candidate) => !pending.includes(candidate))) outcome.reports.push({ matter, kind, format: target.format, file: relative(options.out, target.file), status: 'skipped', seconds: 0, error: null, basis });
      if (pending.length === 0 || signal.aborted) continue;
      const since = Date.now();
      try {
        if (!ready) throw new CliError('No document of this matter could be read, so there is nothing to report on.');
        await generateReport(connection, projectId, kind);
        for (const target of pending) {
          const each = Date.now();
          await downloadReport(connection, projectId, kind, target.format, target.file);
          outcome.reports.push({ matter, kind, format: target.format, file: relative(options.out, target.file), status: 'generated', seconds: seconds(each === since ? since : each), error: null, basis });
        }
      } catch (error) {
        if (signal.aborted) throw error;
        for (const target of pending.filter((candidate) => !outcome.reports.some((row) => row.kind === kind && row.format === candidate.format))) {
          outcome.reports.push({ matter, kind, format: target.format, file: relative(options.out, target.file), status: 'failed', seconds: seconds(since), error: messageOf(error), basis: null });
        }
      }
    }
  } catch (error) {
    if (error instanceof CliError && /^(Not signed in|Cannot reach)/.test(error.message)) throw error;
    outcome.error = signal.aborted ? 'Interrupted: run the same command again to resume.' : messageOf(error);
  }
  return outcome;
}

function reportKey(matter: string, kind: string, format: string): string {
  return `${matter}\u0000${kind}\u0000${format}`;
}

/** The bases of the reports an earlier run wrote to OUTDIR, from its batch-report.json (none when absent or unreadable). */
async function previousBases(out: string): Promise<Map<string, string>> {
  const bases = new Map<string, string>();
  try {
    const earlier = JSON.parse(await readFile(join(out, 'batch-report.json'), 'utf8')) as { matters?: { reports?: Partial<ReportRow>[] }[] };
    for (const matter of earlier.matters ?? []) {
      for (const report of matter.reports ?? []) {
        if (report.matter && report.kind && report.format && report.basis && report.status !== 'failed') bases.set(reportKey(report.matter, report.kind, report.format), report.basis);
      }
    }
  } catch {
    // No earlier run, or a report this version cannot read: every report is written again.
  }
  return bases;
}

function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"` : text;
}

/** Written through a temporary file: an interrupted run never leaves half a report. */
async function writeAtomically(path: string, text: string): Promise<void> {
  await writeFile(`${path}.part`, text);
  await rename(`${path}.part`, path);
}

export async function writeBatchReport(out: string, matters: MatterOutcome[], summary: Record<string, unknown>): Promise<void> {
  await writeAtomically(join(out, 'batch-report.json'), `${JSON.stringify({ ...summary, matters }, null, 2)}\n`);
  const header = ['matter', 'item', 'kind', 'name', 'status', 'pages', 'seconds', 'error'];
  const rows: unknown[][] = [];
  for (const matter of matters) {
    if (matter.error) rows.push([matter.matter, 'matter', '', matter.matter, 'failed', '', '', matter.error]);
    for (const file of matter.files) rows.push([file.matter, 'file', file.upload, file.path, file.status, file.pages, file.seconds, file.error]);
    for (const report of matter.reports) rows.push([report.matter, 'report', `${report.kind}.${report.format}`, report.file, report.status, '', report.seconds, report.error]);
  }
  await writeAtomically(join(out, 'batch-report.csv'), `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`);
}

export function registerBatch(program: Command): void {
  program
    .command('batch <dir>')
    .description('each subfolder of DIR is a matter: a project of that name (reused if it exists), its files uploaded, ingestion awaited, its reports written to OUTDIR/<matter>/; re-running resumes')
    .requiredOption('--out <outdir>', 'where reports and batch-report.json/.csv go')
    .option('--concurrency <n>', 'matters worked on at once', positive, 2)
    .option('--kinds <kinds>', 'reports to write: summary, liability', list(['summary', 'liability'] as const, 'kinds'), ['summary', 'liability'])
    .option('--format <formats>', 'pdf, docx or both', list(['pdf', 'docx'] as const, 'format'), ['pdf'])
    .option('--timeout <seconds>', "longest wait for one matter's documents to be read", (value: string) => Number(value), 3600)
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExamples:\n  $ casewise batch ./data-room --out ./reports\n  $ casewise batch ./data-room --out ./reports --concurrency 3 --format pdf,docx --kinds summary')
    .action(async (dir: string, options: BatchOptions) => {
      const { out, connection, signal } = signedIn(options);
      const root = resolve(dir);
      const info = await stat(root).catch(() => null);
      if (!info?.isDirectory()) throw new CliError(`${dir} is not a folder: give the folder whose subfolders are the matters.`);
      const matters = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory() && !entry.name.startsWith('.')).map((entry) => entry.name).sort();
      if (matters.length === 0) throw new CliError(`${dir} has no subfolders: put each matter's files in a folder of its own.`);
      options.out = resolve(options.out);
      await mkdir(options.out, { recursive: true });

      const previous = await previousBases(options.out);
      const projectIds = new Map<string, string[]>();
      for (const project of await listProjects(connection)) projectIds.set(project.name, [...(projectIds.get(project.name) ?? []), project.id]);

      const started = Date.now();
      const outcomes: MatterOutcome[] = [];
      const queue = [...matters];
      const worker = async () => {
        for (let matter = queue.shift(); matter !== undefined && !isInterrupted(); matter = queue.shift()) {
          out.note(`matter ${matter}: starting`);
          const outcome = await runMatter(connection, root, matter, options, projectIds, previous, signal);
          outcomes.push(outcome);
          const failed = outcome.files.filter((row) => row.status === 'failed' || row.upload === 'failed').length + outcome.reports.filter((row) => row.status === 'failed').length;
          out.note(`matter ${matter}: ${outcome.error ?? `${plural(outcome.files.length, 'file')}, ${plural(outcome.reports.filter((row) => row.status === 'generated').length, 'report')} written, ${failed} failed`}`);
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, matters.length) }, worker));
      outcomes.sort((a, b) => a.matter.localeCompare(b.matter));

      const files = outcomes.flatMap((outcome) => outcome.files);
      const reports = outcomes.flatMap((outcome) => outcome.reports);
      const failures = outcomes.filter((outcome) => outcome.error).length + files.filter((row) => row.status === 'failed' || row.upload === 'failed').length + reports.filter((row) => row.status === 'failed').length;
      const summary = {
        dir: root,
        out: options.out,
        interrupted: isInterrupted(),
        seconds: seconds(started),
        matters: outcomes.length,
        files: files.length,
        uploaded: files.filter((row) => row.upload === 'uploaded').length,
        pages: files.reduce((sum, row) => sum + (row.pages ?? 0), 0),
        reports_generated: reports.filter((row) => row.status === 'generated').length,
        failures,
      };
      await writeBatchReport(options.out, outcomes, summary);
      out.result({ ...summary, matters: outcomes }, () => [
        `${plural(summary.matters, 'matter')}, ${plural(summary.files, 'file')} (${summary.uploaded} uploaded now), ${plural(summary.pages, 'page')}, ${plural(summary.reports_generated, 'report')} written, ${failures} failed, in ${summary.seconds} s.`,
        ...outcomes.filter((outcome) => outcome.error).map((outcome) => `failed: ${outcome.matter}: ${outcome.error}`),
        ...files.filter((row) => row.error).map((row) => `failed: ${row.matter}/${row.path}: ${row.error}`),
        ...reports.filter((row) => row.error).map((row) => `failed: ${row.matter} ${row.kind} (${row.format}): ${row.error}`),
        `Details: ${join(options.out, 'batch-report.json')} and batch-report.csv`,
      ]);
      if (isInterrupted()) process.exitCode = EXIT.interrupted;
      else if (failures > 0) process.exitCode = EXIT.someFailed;
    });
}
