import type { Command } from 'commander';
import { settle } from '../client';
import { type CommonOptions, signedIn } from '../context';
import { documentKey, listDocuments, type RemoteDocument, type UploadResult, uploadFile, waitForDocuments } from '../documents';
import { CliError, EXIT } from '../errors';
import { collectFiles } from '../files';
import { Progress } from '../progress';
import { resolveProject } from '../projects';
import { downloadReport, generateReport, type ReportFormat, type ReportKind } from '../reports';

interface ProjectOptions extends CommonOptions {
  project: string;
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new CliError(`--timeout must be a number of seconds above 0, not "${value}".`);
  return seconds;
}

export function existingDocuments(documents: RemoteDocument[]): Map<string, RemoteDocument> {
  return new Map(documents.map((document) => [documentKey(document.filename, document.sha256), document]));
}

export function registerDocuments(program: Command): void {
  program
    .command('upload <paths...>')
    .description('upload files and folders (recursive, supported types only); skips a file whose name and sha256 are already in the project')
    .requiredOption('-p, --project <project>', 'the project: its id or exact name')
    .option('--dry-run', 'list what would be uploaded, upload nothing')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExamples:\n  $ casewise upload -p "Harbor acquisition" ./data-room\n  $ casewise upload -p 5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b lease.pdf --dry-run')
    .action(async (paths: string[], options: ProjectOptions & { dryRun?: boolean }) => {
      const { out, connection } = signedIn(options);
      const project = await resolveProject(connection, options.project);
      const { files, skipped } = await collectFiles(paths);
      for (const path of skipped) out.note(`not a supported type, left out: ${path}`);
      const existing = existingDocuments(await listDocuments(connection, project.id));
      const progress = new Progress(files.length, options.dryRun ? 'checking' : 'uploading', options.json);
      const results: UploadResult[] = [];
      for (const file of files) {
        progress.start(file.name);
        const result = await uploadFile(connection, project.id, file, existing, options.dryRun, (fraction) => progress.advance(fraction));
        results.push(result);
        progress.finish(file.name, result.outcome === 'uploaded' && options.dryRun ? 'would upload' : result.outcome);
      }
      progress.end();
      const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length;
      out.result(
        { project: project.id, dry_run: Boolean(options.dryRun), files: results.map((result) => ({ path: result.file.path, name: result.file.name, sha256: result.sha256, outcome: result.outcome, document_id: result.documentId ?? null, error: result.error ?? null })), unsupported: skipped },
        () => [`${options.dryRun ? 'Would upload' : 'Uploaded'} ${count('uploaded')}, already there ${count('skipped')}, failed ${count('failed')}.`, ...results.filter((result) => result.error).map((result) => `failed: ${result.file.path}: ${result.error}`)],
      );
      if (count('failed') > 0) process.exitCode = EXIT.someFailed;
    });

  program
    .command('wait')
    .description('wait until every document of the project is ready or failed')
    .requiredOption('-p, --project <project>', 'the project: its id or exact name')
    .option('--timeout <seconds>', 'give up after this long (exit 1)', parseSeconds, 3600)
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExample:\n  $ casewise wait -p "Harbor acquisition" --timeout 1800')
    .action(async (options: ProjectOptions & { timeout: number }) => {
      const { out, connection, signal } = signedIn(options);
      const project = await resolveProject(connection, options.project);
      const documents = await waitForDocuments(connection, project.id, options.timeout * 1000, undefined, signal);
      const failed = documents.filter((document) => document.status === 'failed');
      out.result(documents, () => [`${documents.length - failed.length} ready, ${failed.length} failed.`, ...failed.map((document) => `failed: ${document.filename}: ${document.error ?? 'unknown reason'}`)]);
      if (failed.length > 0) process.exitCode = EXIT.someFailed;
    });

  program
    .command('ask <question>')
    .description("ask a question of the project's documents; the answer comes with its citations (file, page, quote)")
    .requiredOption('-p, --project <project>', 'the project: its id or exact name')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExample:\n  $ casewise ask -p "Harbor acquisition" "Which law governs the agreement?" --json')
    .action(async (question: string, options: ProjectOptions) => {
      const { out, connection } = signedIn(options);
      const project = await resolveProject(connection, options.project);
      const answer = await settle(connection, connection.client.POST('/api/projects/{id}/qa/', { params: { path: { id: project.id } }, body: { question } }));
      out.result(answer, () => [answer.answer, ...(answer.citations.length > 0 ? ['', 'Sources:'] : []), ...answer.citations.map((citation, index) => `[${index + 1}] ${citation.file}, page ${citation.page}: "${citation.quote}"`)]);
    });

  program
    .command('report')
    .description('generate a report and write it to a file')
    .requiredOption('-p, --project <project>', 'the project: its id or exact name')
    .requiredOption('--kind <kind>', 'summary (Case Summary) or liability (Liability Analysis)')
    .option('--format <format>', 'pdf or docx', 'pdf')
    .requiredOption('--out <file>', 'where to write it')
    .option('--json', 'print one JSON document')
    .addHelpText('after', '\nExample:\n  $ casewise report -p "Harbor acquisition" --kind liability --format pdf --out liability.pdf')
    .action(async (options: ProjectOptions & { kind: string; format: string; out: string }) => {
      if (options.kind !== 'summary' && options.kind !== 'liability') throw new CliError(`--kind must be summary or liability, not "${options.kind}".`);
      if (options.format !== 'pdf' && options.format !== 'docx') throw new CliError(`--format must be pdf or docx, not "${options.format}".`);
      const { out, connection } = signedIn(options);
      const project = await resolveProject(connection, options.project);
      await generateReport(connection, project.id, options.kind as ReportKind);
      const bytes = await downloadReport(connection, project.id, options.kind as ReportKind, options.format as ReportFormat, options.out);
      out.result({ project: project.id, kind: options.kind, format: options.format, file: options.out, bytes }, () => [`Wrote ${options.out} (${bytes} bytes).`]);
    });
}
