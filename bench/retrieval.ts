/**
 * Retrieval quality of the real pipeline with LegalBench-RAG's character-level metric, on any data set in the shared
 * layout (CUAD dev, ContractNLI). Files are uploaded over HTTP and ingested by the real job; queries go through the
 * real SearchService.
 *
 *   npm run bench:retrieval -- [--data <data set dir> | --corpus <txt dir> --queries <queries.json>]
 *     [--setting single|pooled|both] [--contracts N] [--limit N] [--all-categories] [--vector-weight W[,W2,...]]
 *     [--json] [--write-baseline]
 *
 * single: each query searches a project holding only its file, with the question as the data set writes it.
 * pooled: the first N files (by name, default 30) that have queries share one project; the first --limit of their
 * queries by id, written "Consider the <title> between <parties>; <question>" (from queries_pooled.json when the data
 * set has one). both (the default): single, then pooled. Each setting prints its table and the figures per category
 * (per question in a data set of one category). Several vector weights are measured on the same ingested projects;
 * the first is the headline (and the JSON line, one per setting). --write-baseline records one setting's slice and its
 * headline P@1, R@8 and R@64 in bench/baselines/retrieval.json, which `npm run test:quality` holds to its floors.
 */
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { evaluateRetrieval, LEGALBENCH_KS, type CharRange, type QueryRetrieval } from '@casewise/legal';
import { IngestionRepository } from '@api/modules/ingestion/ingestion.repository';
import { DEFAULT_VECTOR_WEIGHT } from '@api/modules/config/load-config';
import { SearchService } from '@api/modules/search/search.service';
import { ApiClient, startBenchApp, type BenchApp } from './lib/app';
import { BenchArgs, runBench } from './lib/args';
import { byCodeUnits, cuadPath, pooledQuestion, readCategories, readQueries, type DevQuery } from './lib/cuad';
import { fixed, mapLimit, percent, seconds, table } from './lib/format';
import { SLICE_MARGIN, writeBaseline } from './lib/quality-gate';
import { corpusText, reportGroups, retrievalDataPaths, storedSpans, type CorpusText, type RetrievalDataPaths, type RetrievalSetting } from './lib/retrieval-data';

const MAX_K = LEGALBENCH_KS[LEGALBENCH_KS.length - 1];
const UPLOAD_CONCURRENCY = 4;
/** Longest group name shown in the per-category table. */
const GROUP_CHARS = 70;

interface Plan {
  /** Project label → the files it holds. */
  projects: Map<string, string[]>;
  /** Each query with the project it searches and the text it is asked as. */
  queries: { query: DevQuery; project: string; text: string }[];
}

function plan(setting: RetrievalSetting, queries: DevQuery[], contracts: number, limit: number): Plan {
  const byId = [...queries].sort((a, b) => byCodeUnits(a.id, b.id));
  const files = [...new Set(queries.map((query) => query.file))].sort(byCodeUnits).slice(0, contracts);
  const chosen = new Set(files);
  const selected = byId.filter((query) => chosen.has(query.file)).slice(0, limit);
  if (setting === 'pooled') {
    return {
      projects: new Map([['pooled', files]]),
      queries: selected.map((query) => ({ query, project: 'pooled', text: pooledQuestion(query) })),
    };
  }
  const used = [...new Set(selected.map((query) => query.file))].sort(byCodeUnits);
  return {
    projects: new Map(used.map((file) => [file, [file]])),
    queries: selected.map((query) => ({ query, project: query.file, text: query.question })),
  };
}

function metricsRows(results: QueryRetrieval[]): { precision: Record<string, number>; recall: Record<string, number> } {
  const metrics = evaluateRetrieval(results, LEGALBENCH_KS);
  return {
    precision: Object.fromEntries(metrics.map((m) => [String(m.k), percent(m.precision)])),
    recall: Object.fromEntries(metrics.map((m) => [String(m.k), percent(m.recall)])),
  };
}

interface Run {
  weight: number;
  seconds: number;
  results: QueryRetrieval[];
}

interface Measured {
  setting: RetrievalSetting;
  work: Plan;
  fileCount: number;
  ingestSeconds: number;
  indexSeconds: number;
  runs: Run[];
}

interface Ingested {
  setting: RetrievalSetting;
  work: Plan;
  projectIds: Map<string, string>;
  texts: Map<string, CorpusText>;
  ingestSeconds: number;
}

/** Uploads the plan's files into their projects and waits until the ingestion job has made every one ready. */
async function ingest(bench: BenchApp, api: ApiClient, setting: RetrievalSetting, work: Plan, corpus: string): Promise<Ingested> {
  const started = process.hrtime.bigint();
  const projectIds = new Map<string, string>();
  const texts = new Map<string, CorpusText>();
  const uploads: { label: string; file: string }[] = [];
  for (const [label, files] of work.projects) {
    projectIds.set(label, await api.createProject(`bench ${setting} ${label}`.slice(0, 100)));
    for (const file of files) uploads.push({ label, file });
  }
  await mapLimit(uploads, UPLOAD_CONCURRENCY, async ({ label, file }) => {
    const bytes = readFileSync(join(corpus, file));
    // Decoded as the app decodes it (a byte-order mark dropped), so the stored text can be compared.
    texts.set(file, corpusText(bytes));
    await api.upload(projectIds.get(label) as string, file, bytes);
  });
  const documentFile = new Map<string, string>();
  for (const label of work.projects.keys()) {
    for (const row of await api.waitUntilSettled(projectIds.get(label) as string, 30 * 60_000)) {
      if (row.status !== 'ready') throw new Error(`${row.filename} failed to ingest: ${row.error}`);
      documentFile.set(row.id, row.filename);
    }
  }
  const ingestSeconds = seconds(started);

  // The offsets of a .txt document must be those of the file itself, or the metric would be meaningless.
  const stored = await bench.app.get(IngestionRepository).textsOf([...documentFile.keys()]);
  const altered = stored.filter((text) => text.text !== texts.get(documentFile.get(text.documentId) ?? '')?.text);
  if (altered.length > 0 || stored.length !== documentFile.size) {
    throw new Error(`${altered.length} stored text(s) differ from their file; offsets would not be comparable.`);
  }
  return { setting, work, projectIds, texts, ingestSeconds };
}

/** Runs every query of an ingested plan at every weight, after one search per project has built its index. */
async function measure(bench: BenchApp, ingested: Ingested, weights: number[]): Promise<Measured> {
  const { work, projectIds, texts } = ingested;
  const search = bench.app.get(SearchService);
  let started = process.hrtime.bigint();
  for (const id of projectIds.values()) await search.search(id, 'agreement', 1);
  const indexSeconds = seconds(started);
  const runs: Run[] = [];
  for (const weight of weights) {
    started = process.hrtime.bigint();
    const results: QueryRetrieval[] = [];
    for (const { query, project, text } of work.queries) {
      const hits = await search.search(projectIds.get(project) as string, text, MAX_K, { vectorWeight: weight });
      const ranked: CharRange[] = hits.map((hit) => ({ file: hit.file, start: hit.chunk.start, end: hit.chunk.end }));
      const gold = storedSpans(query.spans, texts.get(query.file)?.dropped ?? 0);
      results.push({ ranked, gold: gold.map(([start, end]) => ({ file: query.file, start, end })) });
    }
    runs.push({ weight, seconds: seconds(started), results });
  }
  const fileCount = new Set([...work.projects.values()].flat()).size;
  return { setting: ingested.setting, work, fileCount, ingestSeconds: ingested.ingestSeconds, indexSeconds, runs };
}

function report(measured: Measured, allCategories: boolean): void {
  const { setting, work, runs } = measured;
  console.log(
    `\nsetting=${setting} contracts=${measured.fileCount} projects=${work.projects.size} queries=${work.queries.length} ` +
      `categories=${allCategories ? 'all' : 'legalbench-rag'} ingest=${fixed(measured.ingestSeconds)}s index=${fixed(measured.indexSeconds)}s`,
  );
  for (const run of runs) {
    const { precision, recall } = metricsRows(run.results);
    console.log(`\n${setting}, vector weight ${run.weight}${run.weight === DEFAULT_VECTOR_WEIGHT.offline ? ' (default)' : ''}: search ${fixed(run.seconds)}s, ${fixed((1000 * run.seconds) / work.queries.length, 2)} ms/query`);
    console.log(
      table(
        ['k', ...LEGALBENCH_KS.map(String)],
        [
          ['precision@k %', ...LEGALBENCH_KS.map((k) => fixed(precision[String(k)]))],
          ['recall@k %', ...LEGALBENCH_KS.map((k) => fixed(recall[String(k)]))],
        ],
      ),
    );
  }
  const headline = runs[0].results;
  const groups = reportGroups(work.queries.map((q) => q.query));
  const rows = [...new Set(groups)].sort(byCodeUnits).map((group) => {
    const subset = headline.filter((_, i) => groups[i] === group);
    const [at1, at8, at64] = evaluateRetrieval(subset, [1, 8, 64]);
    // Both ends are kept: questions of one data set often differ only near their end.
    const name = group.length > GROUP_CHARS ? `${group.slice(0, GROUP_CHARS / 2)}…${group.slice(group.length - GROUP_CHARS / 2 + 1)}` : group;
    return [name, subset.length, fixed(percent(at1.precision)), fixed(percent(at8.recall)), fixed(percent(at64.recall))];
  });
  console.log(`\n${setting} by ${new Set(work.queries.map((q) => q.query.category)).size > 1 ? 'category' : 'question'} (vector weight ${runs[0].weight})`);
  console.log(table(['category', 'queries', 'P@1 %', 'R@8 %', 'R@64 %'], rows));
}

function jsonLine(measured: Measured): string {
  const { runs } = measured;
  const { precision, recall } = metricsRows(runs[0].results);
  const comparison = Object.fromEntries(runs.map((run) => [String(run.weight), metricsRows(run.results)]));
  return JSON.stringify({
    setting: measured.setting,
    queries: measured.work.queries.length,
    contracts: measured.fileCount,
    vector_weight: runs[0].weight,
    precision,
    recall,
    ingest_seconds: Math.round(measured.ingestSeconds * 10) / 10,
    index_seconds: Math.round(measured.indexSeconds * 10) / 10,
    search_seconds: Math.round(runs[0].seconds * 10) / 10,
    ...(runs.length > 1 ? { by_vector_weight: comparison } : {}),
  });
}

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), {
    options: ['data', 'corpus', 'queries', 'categories', 'setting', 'contracts', 'limit', 'vector-weight'],
    switches: ['json', 'all-categories', 'by-category', 'write-baseline'],
  });
  const setting = args.string('setting') ?? 'both';
  if (setting !== 'single' && setting !== 'pooled' && setting !== 'both') throw new Error('--setting is single, pooled or both');
  const settings: RetrievalSetting[] = setting === 'both' ? ['single', 'pooled'] : [setting];
  if (args.has('write-baseline') && settings.length > 1) throw new Error('--write-baseline records one setting: add --setting single or --setting pooled');
  const weights = args.numbers('vector-weight') ?? [DEFAULT_VECTOR_WEIGHT.offline];
  const limit = args.count('limit', Number.MAX_SAFE_INTEGER);

  // --data names a data set in the shared layout; --corpus, --queries and --categories override its paths.
  const data = args.string('data');
  const pathsFor = (each: RetrievalSetting): RetrievalDataPaths => {
    const found = data === undefined ? undefined : retrievalDataPaths(data, each);
    return {
      corpus: resolve(args.string('corpus') ?? found?.corpus ?? cuadPath('txt')),
      queries: resolve(args.string('queries') ?? found?.queries ?? cuadPath('dev', 'queries.json')),
      categories: resolve(args.string('categories') ?? found?.categories ?? cuadPath('categories.json')),
    };
  };

  // Vectors are computed at ingestion only when some weight asks for them (as SEARCH_VECTOR_WEIGHT does in the app).
  const bench = await startBenchApp('retrieval', { SEARCH_VECTOR_WEIGHT: String(Math.max(...weights)) });
  try {
    const api = new ApiClient(bench.baseUrl);
    await api.createUser(bench.config);
    // Every setting is ingested before any is searched: searching holds the event loop, and an HTTP connection
    // left idle meanwhile may be closed under the next request.
    const ingested: Ingested[] = [];
    for (const each of settings) {
      const paths = pathsFor(each);
      const contracts = args.count('contracts', each === 'pooled' ? 30 : Number.MAX_SAFE_INTEGER);
      const counted = new Set(readCategories(paths.categories).filter((c) => args.has('all-categories') || c.legalbench_rag).map((c) => c.category));
      const work = plan(each, readQueries(paths.queries).filter((query) => counted.has(query.category)), contracts, limit);
      if (work.queries.length === 0) throw new Error(`No queries match the options (${paths.queries}).`);
      ingested.push(await ingest(bench, api, each, work, paths.corpus));
    }
    const measured: Measured[] = [];
    for (const each of ingested) {
      const result = await measure(bench, each, weights);
      report(result, args.has('all-categories'));
      measured.push(result);
    }
    if (args.has('write-baseline')) {
      const [only] = measured;
      const { precision, recall } = metricsRows(only.runs[0].results);
      const slice = ['--setting', only.setting];
      if (args.string('contracts') !== undefined) slice.push('--contracts', String(args.count('contracts', 0)));
      if (args.string('limit') !== undefined) slice.push('--limit', String(limit));
      if (args.has('all-categories')) slice.push('--all-categories');
      if (args.string('vector-weight') !== undefined) slice.push('--vector-weight', String(only.runs[0].weight));
      const path = writeBaseline('retrieval', {
        args: slice,
        size: { contracts: only.fileCount, queries: only.work.queries.length },
        figures: { 'P@1': precision['1'], 'R@8': recall['8'], 'R@64': recall['64'] },
        margin: SLICE_MARGIN,
      });
      console.log(`\nbaseline written: ${path}`);
    }
    if (args.has('json')) for (const result of measured) console.log(jsonLine(result));
  } finally {
    await bench.close();
  }
}

runBench(main);
