/**
 * Retrieval quality of the real pipeline on CUAD dev queries, with LegalBench-RAG's character-level metric.
 * Contracts are uploaded over HTTP and ingested by the real job; queries go through the real SearchService.
 *
 *   npm run bench:retrieval -- [--data <data set dir> | --corpus <txt dir> --queries <queries.json>] --setting single|pooled
 *     [--contracts N] [--limit N] [--all-categories] [--vector-weight W[,W2,...]] [--by-category] [--json]
 *     [--write-baseline]
 *
 * single: each query searches a project holding only its contract, with the bare question. pooled: the first
 * N contracts (by file name) that have queries share one project; the first --limit of their queries by id,
 * written "Consider the <title> between <parties>; <question>". Several vector weights are measured on the
 * same ingested projects; the first one is the headline (and the JSON line). --write-baseline records the slice and
 * its headline P@1, R@8 and R@64 in bench/baselines/retrieval.json, which `npm run test:quality` holds to its floors.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { evaluateRetrieval, LEGALBENCH_KS, type CharRange, type QueryRetrieval } from '@casewise/legal';
import { IngestionRepository } from '@api/modules/ingestion/ingestion.repository';
import { decodeText } from '@api/modules/ingestion/parsers/text-decoding';
import { DEFAULT_VECTOR_WEIGHT } from '@api/modules/config/load-config';
import { SearchService } from '@api/modules/search/search.service';
import { ApiClient, startBenchApp } from './lib/app';
import { BenchArgs, runBench } from './lib/args';
import { byCodeUnits, cuadPath, pooledQuestion, readCategories, readQueries, type DevQuery } from './lib/cuad';
import { fixed, mapLimit, percent, seconds, table } from './lib/format';
import { SLICE_MARGIN, writeBaseline } from './lib/quality-gate';

const MAX_K = LEGALBENCH_KS[LEGALBENCH_KS.length - 1];
const UPLOAD_CONCURRENCY = 4;

interface Plan {
  /** Project label → the files it holds. */
  projects: Map<string, string[]>;
  /** Each query with the project it searches and the text it is asked as. */
  queries: { query: DevQuery; project: string; text: string }[];
}

function plan(setting: 'single' | 'pooled', queries: DevQuery[], contracts: number, limit: number): Plan {
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

async function main(): Promise<void> {
  const args = new BenchArgs(process.argv.slice(2), {
    options: ['data', 'corpus', 'queries', 'categories', 'setting', 'contracts', 'limit', 'vector-weight'],
    switches: ['json', 'all-categories', 'by-category', 'write-baseline'],
  });
  // --data names a data set in the shared layout: txt/, queries.json (or dev/queries.json) and categories.json.
  const data = args.string('data') === undefined ? undefined : resolve(args.string('data') as string);
  const inData = (...candidates: string[]): string | undefined => (data === undefined ? undefined : candidates.map((c) => join(data, c)).find((path) => existsSync(path)));
  const corpus = resolve(args.string('corpus') ?? inData('txt') ?? cuadPath('txt'));
  const queriesPath = resolve(args.string('queries') ?? inData('dev/queries.json', 'queries.json') ?? cuadPath('dev', 'queries.json'));
  const siblingCategories = [join(dirname(queriesPath), 'categories.json'), join(dirname(queriesPath), '..', 'categories.json')].find((path) => existsSync(path));
  const categoriesPath = resolve(args.string('categories') ?? siblingCategories ?? cuadPath('categories.json'));
  const setting = args.required('setting');
  if (setting !== 'single' && setting !== 'pooled') throw new Error('--setting is single or pooled');
  const weights = args.numbers('vector-weight') ?? [DEFAULT_VECTOR_WEIGHT.offline];
  const contracts = args.count('contracts', setting === 'pooled' ? 30 : Number.MAX_SAFE_INTEGER);
  const limit = args.count('limit', Number.MAX_SAFE_INTEGER);

  const counted = new Set(readCategories(categoriesPath).filter((c) => args.has('all-categories') || c.legalbench_rag).map((c) => c.category));
  const work = plan(setting, readQueries(queriesPath).filter((query) => counted.has(query.category)), contracts, limit);
  if (work.queries.length === 0) throw new Error('No queries match the options.');
  const fileCount = new Set([...work.projects.values()].flat()).size;

  // Vectors are computed at ingestion only when some weight asks for them (as SEARCH_VECTOR_WEIGHT does in the app).
  const bench = await startBenchApp('retrieval', { SEARCH_VECTOR_WEIGHT: String(Math.max(...weights)) });
  try {
    const api = new ApiClient(bench.baseUrl);
    await api.createUser(bench.config);

    // Ingestion: every contract uploaded once, over HTTP, and processed by the real ingestion job.
    let started = process.hrtime.bigint();
    const projectIds = new Map<string, string>();
    const texts = new Map<string, string>();
    const uploads: { label: string; file: string }[] = [];
    for (const [label, files] of work.projects) {
      projectIds.set(label, await api.createProject(`bench ${label}`.slice(0, 100)));
      for (const file of files) uploads.push({ label, file });
    }
    await mapLimit(uploads, UPLOAD_CONCURRENCY, async ({ label, file }) => {
      const bytes = readFileSync(join(corpus, file));
      // Decoded as the app decodes it (a byte-order mark dropped), so the stored text can be compared.
      texts.set(file, decodeText(bytes));
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
    const altered = stored.filter((text) => text.text !== texts.get(documentFile.get(text.documentId) ?? ''));
    if (altered.length > 0 || stored.length !== documentFile.size) {
      throw new Error(`${altered.length} stored text(s) differ from their file; offsets would not be comparable.`);
    }

    // One search per project builds its cached index, so the timed runs measure queries alone.
    const search = bench.app.get(SearchService);
    started = process.hrtime.bigint();
    for (const id of projectIds.values()) await search.search(id, 'agreement', 1);
    const indexSeconds = seconds(started);
    const runs: { weight: number; seconds: number; results: QueryRetrieval[] }[] = [];
    for (const weight of weights) {
      started = process.hrtime.bigint();
      const results: QueryRetrieval[] = [];
      for (const { query, project, text } of work.queries) {
        const hits = await search.search(projectIds.get(project) as string, text, MAX_K, { vectorWeight: weight });
        const ranked: CharRange[] = hits.map((hit) => ({ file: hit.file, start: hit.chunk.start, end: hit.chunk.end }));
        results.push({ ranked, gold: query.spans.map(([start, end]) => ({ file: query.file, start, end })) });
      }
      runs.push({ weight, seconds: seconds(started), results });
    }

    console.log(
      `setting=${setting} contracts=${fileCount} projects=${work.projects.size} queries=${work.queries.length} ` +
        `categories=${args.has('all-categories') ? 'all' : 'legalbench-rag'} ingest=${fixed(ingestSeconds)}s index=${fixed(indexSeconds)}s`,
    );
    for (const run of runs) {
      const { precision, recall } = metricsRows(run.results);
      console.log(`\nvector weight ${run.weight}${run.weight === DEFAULT_VECTOR_WEIGHT.offline ? ' (default)' : ''}: search ${fixed(run.seconds)}s, ${fixed((1000 * run.seconds) / work.queries.length, 2)} ms/query`);
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
    if (args.has('by-category')) {
      const headline = runs[0].results;
      const categories = [...new Set(work.queries.map((q) => q.query.category))].sort(byCodeUnits);
      const rows = categories.map((category) => {
        const subset = headline.filter((_, i) => work.queries[i].query.category === category);
        const [at1, at8, at64] = evaluateRetrieval(subset, [1, 8, 64]);
        return [category, subset.length, fixed(percent(at1.precision)), fixed(percent(at8.recall)), fixed(percent(at64.recall))];
      });
      console.log(`\nby category (vector weight ${runs[0].weight})`);
      console.log(table(['category', 'queries', 'P@1 %', 'R@8 %', 'R@64 %'], rows));
    }
    if (args.has('write-baseline')) {
      const { precision, recall } = metricsRows(runs[0].results);
      const slice = ['--setting', setting];
      if (args.string('contracts') !== undefined) slice.push('--contracts', String(contracts));
      if (args.string('limit') !== undefined) slice.push('--limit', String(limit));
      if (args.has('all-categories')) slice.push('--all-categories');
      if (args.string('vector-weight') !== undefined) slice.push('--vector-weight', String(runs[0].weight));
      const path = writeBaseline('retrieval', {
        args: slice,
        size: { contracts: fileCount, queries: work.queries.length },
        figures: { 'P@1': precision['1'], 'R@8': recall['8'], 'R@64': recall['64'] },
        margin: SLICE_MARGIN,
      });
      console.log(`\nbaseline written: ${path}`);
    }
    if (args.has('json')) {
      const { precision, recall } = metricsRows(runs[0].results);
      const comparison = Object.fromEntries(runs.map((run) => [String(run.weight), metricsRows(run.results)]));
      console.log(
        JSON.stringify({
          setting,
          queries: work.queries.length,
          contracts: fileCount,
          vector_weight: runs[0].weight,
          precision,
          recall,
          ingest_seconds: Math.round(ingestSeconds * 10) / 10,
          index_seconds: Math.round(indexSeconds * 10) / 10,
          search_seconds: Math.round(runs[0].seconds * 10) / 10,
          ...(runs.length > 1 ? { by_vector_weight: comparison } : {}),
        }),
      );
    }
  } finally {
    await bench.close();
  }
}

runBench(main);
