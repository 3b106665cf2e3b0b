/**
 * Retrieval lab: measures chunking and lexical ranking on CUAD dev queries with LegalBench-RAG's character
 * metric, in memory (no database, no API).
 *
 *   node -r @swc-node/register bench/retrieval-lab.ts --setting single|pooled [--contracts N] [--limit N]
 *     [--chunk targetChars=500,minChars=120,maxChars=1000] [--bm25 k1=1.2,b=0.75]
 *     [--retriever headingWeight=0.5,documentWeight=1,contextWeight=0.1,openingChars=2000]
 *     [--expansion synonymWeight=0.3,bigramWeight=0.5] [--sections maxSectionChars=1500] [--baseline] [--by-category]
 *     [--data DIR] [--ask consider|sentence|bare]
 *
 * `single`: each query searches only its own contract's chunks with the bare question. `pooled`: the first N
 * contracts (by file name) that have queries share one index and each query names its contract:
 * "Consider the <title> between <parties>; <question>". `--baseline` is plain BM25 over fixed 500-character
 * windows, the anchor the structure-aware pipeline is compared with.
 */
import { join, resolve } from 'node:path';
import { chunkDocument, type ChunkOptions } from '../libs/legal/src/chunking';
import { assembleSections, Bm25Index, LegalRetriever, SectionMap, type Bm25Options, type LegalRetrieverOptions, type QueryExpansionOptions, type SmallToBigOptions } from '../libs/legal/src/retrieval';
import { evaluateRetrieval, type CharRange, type QueryRetrieval } from '../libs/legal/src/scoring';
import { byCodeUnits, cuadPath, type DevQuery, pooledQuestion, readCategories, readQueries } from './lib/cuad';
import { readCorpusText, retrievalDataPaths, storedSpans } from './lib/retrieval-data';

interface LabArgs {
  setting: 'single' | 'pooled';
  contracts: number;
  limit: number;
  dataDir: string;
  baseline: boolean;
  byCategory: boolean;
  /** How a pooled query names its contract: the "Consider ...;" prefix, in a plain sentence ("Under the <title> between <parties>: ..."), or not at all. */
  ask: 'consider' | 'sentence' | 'bare';
  chunk: Partial<ChunkOptions>;
  bm25: Partial<Bm25Options>;
  retriever: Partial<LegalRetrieverOptions>;
  expansion: Partial<QueryExpansionOptions>;
  sections: Partial<SmallToBigOptions>;
}

const MAX_K = 64;

function parseAssignments(value: string): Record<string, number | boolean> {
  const out: Record<string, number | boolean> = {};
  for (const pair of value.split(',').filter((p) => p.length > 0)) {
    const [key, raw] = pair.split('=');
    out[key] = raw === 'true' ? true : raw === 'false' ? false : Number(raw);
    if (typeof out[key] === 'number' && Number.isNaN(out[key])) throw new Error(`Not a number: ${pair}`);
  }
  return out;
}

function parseArgs(argv: string[]): LabArgs {
  const args: LabArgs = {
    setting: 'single',
    contracts: 30,
    limit: Number.POSITIVE_INFINITY,
    dataDir: '',
    baseline: false,
    byCategory: false,
    ask: 'consider',
    chunk: {},
    bm25: {},
    retriever: {},
    expansion: {},
    sections: {},
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const next = (): string => {
      const value = argv[++i];
      if (value === undefined) throw new Error(`${flag} needs a value`);
      return value;
    };
    switch (flag) {
      case '--setting': {
        const value = next();
        if (value !== 'single' && value !== 'pooled') throw new Error('--setting is single or pooled');
        args.setting = value;
        break;
      }
      case '--contracts':
        args.contracts = Number(next());
        break;
      case '--limit':
        args.limit = Number(next());
        break;
      case '--data':
        args.dataDir = resolve(next());
        break;
      case '--baseline':
        args.baseline = true;
        break;
      case '--ask': {
        const value = next();
        if (value !== 'consider' && value !== 'sentence' && value !== 'bare') throw new Error('--ask is consider, sentence or bare');
        args.ask = value;
        break;
      }
      case '--by-category':
        args.byCategory = true;
        break;
      case '--chunk':
        args.chunk = parseAssignments(next()) as Partial<ChunkOptions>;
        break;
      case '--bm25':
        args.bm25 = parseAssignments(next()) as Partial<Bm25Options>;
        break;
      case '--retriever':
        args.retriever = parseAssignments(next()) as Partial<LegalRetrieverOptions>;
        break;
      case '--sections':
        args.sections = parseAssignments(next()) as Partial<SmallToBigOptions>;
        break;
      case '--expansion':
        args.expansion = parseAssignments(next()) as Partial<QueryExpansionOptions>;
        break;
      default:
        throw new Error(`Unknown option ${flag}`);
    }
  }
  if (args.dataDir === '') args.dataDir = cuadPath();
  return args;
}

interface Segment {
  id: string;
  file: string;
  start: number;
  end: number;
  text: string;
  headingPath: string[];
}

/** Retrieves ranked character ranges for one query against the given files. */
type Searcher = (query: string, k: number) => CharRange[];

function fixedWindows(file: string, text: string, size: number): Segment[] {
  const segments: Segment[] = [];
  for (let start = 0; start < text.length; start += size) {
    const end = Math.min(text.length, start + size);
    segments.push({ id: `${file}#${segments.length}`, file, start, end, text: text.slice(start, end), headingPath: [] });
  }
  return segments;
}

function structuredChunks(file: string, text: string, options: Partial<ChunkOptions>): Segment[] {
  return chunkDocument(text, [{ page: 1, start: 0, end: text.length }], options).map((chunk) => ({
    id: `${file}#${chunk.ordinal}`,
    file,
    start: chunk.start,
    end: chunk.end,
    text: chunk.text,
    headingPath: chunk.headingPath,
  }));
}

function buildSearcher(args: LabArgs, files: string[], texts: Map<string, string>, stats: { chunks: number; chars: number }): Searcher {
  const segments: Segment[] = [];
  for (const file of files) {
    const text = texts.get(file) ?? '';
    segments.push(...(args.baseline ? fixedWindows(file, text, 500) : structuredChunks(file, text, args.chunk)));
  }
  stats.chunks += segments.length;
  for (const segment of segments) stats.chars += segment.end - segment.start;
  const byId = new Map(segments.map((segment) => [segment.id, segment]));
  const toRanges = (ids: string[]): CharRange[] =>
    ids.map((id) => byId.get(id)).filter((s): s is Segment => s !== undefined).map((s) => ({ file: s.file, start: s.start, end: s.end }));

  if (args.baseline) {
    const index = Bm25Index.build(segments.map((s) => ({ id: s.id, text: s.text })), args.bm25);
    return (query, k) => toRanges(index.search(query, k).map((hit) => hit.id));
  }
  const retriever = LegalRetriever.build(
    files.map((file) => ({ id: file, name: file, text: texts.get(file) ?? '' })),
    segments.map((s) => ({ id: s.id, documentId: s.file, text: s.text, headingPath: s.headingPath })),
    { ...args.retriever, bm25: { ...args.bm25 }, expansion: args.expansion },
  );
  const sections = new SectionMap(segments.map((s, i) => ({ id: s.id, documentId: s.file, ordinal: i, start: s.start, end: s.end, headingPath: s.headingPath })));
  return (query, k) =>
    assembleSections(retriever.search(query, k * 4), sections, args.sections)
      .slice(0, k)
      .map((hit) => ({ file: hit.documentId, start: hit.start, end: hit.end }));
}

function pct(x: number): string {
  return (100 * x).toFixed(1).padStart(6);
}

function printTable(label: string, results: QueryRetrieval[]): void {
  const metrics = evaluateRetrieval(results);
  console.log(`\n${label} (${results.length} queries)`);
  console.log(`  k    ${metrics.map((m) => String(m.k).padStart(6)).join('')}`);
  console.log(`  P@k  ${metrics.map((m) => pct(m.precision)).join('')}`);
  console.log(`  R@k  ${metrics.map((m) => pct(m.recall)).join('')}`);
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const paths = retrievalDataPaths(args.dataDir, args.setting);
  const categories = readCategories(paths.categories);
  const legalbench = new Set(categories.filter((c) => c.legalbench_rag).map((c) => c.category));
  const allQueries = readQueries(paths.queries).filter((q) => legalbench.has(q.category));
  const texts = new Map<string, string>();
  const dropped = new Map<string, number>();
  const textOf = (file: string): string => {
    let text = texts.get(file);
    if (text === undefined) {
      const read = readCorpusText(join(paths.corpus, file));
      text = read.text;
      texts.set(file, text);
      dropped.set(file, read.dropped);
    }
    return text;
  };

  const started = Date.now();
  const stats = { chunks: 0, chars: 0 };
  const results: { query: DevQuery; retrieval: QueryRetrieval }[] = [];
  const gold = (q: DevQuery): CharRange[] => storedSpans(q.spans, dropped.get(q.file) ?? 0).map(([start, end]) => ({ file: q.file, start, end }));

  if (args.setting === 'single') {
    const byFile = new Map<string, DevQuery[]>();
    for (const q of [...allQueries].sort((a, b) => byCodeUnits(a.id, b.id)).slice(0, args.limit)) {
      byFile.set(q.file, [...(byFile.get(q.file) ?? []), q]);
    }
    for (const [file, queries] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
      textOf(file);
      const search = buildSearcher(args, [file], texts, stats);
      for (const q of queries) results.push({ query: q, retrieval: { ranked: search(q.question, MAX_K), gold: gold(q) } });
    }
  } else {
    const files = [...new Set(allQueries.map((q) => q.file))].sort(byCodeUnits).slice(0, args.contracts);
    for (const file of files) textOf(file);
    const chosen = new Set(files);
    const queries = allQueries
      .filter((q) => chosen.has(q.file))
      .sort((a, b) => byCodeUnits(a.id, b.id))
      .slice(0, args.limit);
    const search = buildSearcher(args, files, texts, stats);
    const asked = (q: DevQuery): string =>
      args.ask === 'consider' ? pooledQuestion(q) : args.ask === 'sentence' ? `Under the ${q.title} between ${q.parties}: ${q.question}` : q.question;
    for (const q of queries) results.push({ query: q, retrieval: { ranked: search(asked(q), MAX_K), gold: gold(q) } });
  }
  const seconds = (Date.now() - started) / 1000;

  const contracts = new Set(results.map((r) => r.query.file)).size;
  console.log(
    `setting=${args.setting}${args.baseline ? ' baseline(500-char windows, plain BM25)' : ''} contracts=${contracts} ` +
      `chunks=${stats.chunks} meanChunkChars=${Math.round(stats.chars / Math.max(1, stats.chunks))} time=${seconds.toFixed(1)}s`,
  );
  printTable('all', results.map((r) => r.retrieval));
  if (args.byCategory) {
    console.log(`\n  ${'category'.padEnd(36)}     n   P@1   R@1   R@8  R@64`);
    const categoriesSeen = [...new Set(results.map((r) => r.query.category))].sort();
    for (const category of categoriesSeen) {
      const subset = results.filter((r) => r.query.category === category).map((r) => r.retrieval);
      const [at1, at8, at64] = evaluateRetrieval(subset, [1, 8, 64]);
      console.log(`  ${category.padEnd(36)}${String(subset.length).padStart(6)}${pct(at1.precision)}${pct(at1.recall)}${pct(at8.recall)}${pct(at64.recall)}`);
    }
  }
}

main();
