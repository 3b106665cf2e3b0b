import { bestPositions, Bm25Index, highestOfRuns, highestScore, type Bm25Options, type RunLift, type Bm25Query, type Bm25Snapshot, type ScopedTerm, type SerializedBm25Index } from './bm25-index';
import { BoundedLru } from '../text/bounded-lru';
import { tokenize } from '../text/tokenizer';
import { documentNameWords } from './document-name';
import { findDefinedTerms, type DefinedTerm } from './defined-terms';
import { MorphologyIndex } from './legal-morphology';
import { buildPlainQuery, buildQuestionQuery, DEFAULT_QUERY_EXPANSION, parseLegalQuery, type QueryExpansionOptions } from './query';

export interface RetrieverDocument {
  id: string;
  /** The document's canonical text; only its opening (title, parties, recitals) is kept. */
  text: string;
  /** The document's file name, by which users also name it ("the BT NDA"). */
  name?: string;
}

export interface RetrieverChunk {
  id: string;
  documentId: string;
  text: string;
  headingPath?: readonly string[];
}

export interface LegalRetrieverOptions {
  bm25: Partial<Bm25Options>;
  /** Weight of the heading path, indexed as a field of each chunk, against the chunk's own words (1). */
  headingWeight: number;
  expansion: Partial<QueryExpansionOptions>;
  /** How much of each document's opening identifies it ("Consider the <title> between <parties>"). */
  openingChars: number;
  /** Weight of the document's match with the query's context against the chunk's match with the question. */
  documentWeight: number;
  /** Weight of the document's file name against its opening's words (1) in recognising the document a query names. */
  nameWeight: number;
  /** Weight of the context's own words when scoring chunks (party names recur in their contract's clauses). */
  contextWeight: number;
}

export const DEFAULT_RETRIEVER_OPTIONS: Readonly<LegalRetrieverOptions> = {
  bm25: { k1: 1.5, b: 0.5, indexBigrams: false },
  headingWeight: 0.8,
  expansion: {},
  openingChars: 2000,
  documentWeight: 1.5,
  nameWeight: 1,
  contextWeight: 0,
};

export interface RetrievalHit {
  id: string;
  documentId: string;
  score: number;
  /** The passage's own match with the question, before the match of its document with the query's context. */
  passageScore: number;
}

export interface SerializedLegalRetriever {
  version: 1;
  options: LegalRetrieverOptions;
  chunkDocuments: string[];
  chunks: SerializedBm25Index;
  documents: SerializedBm25Index;
  /** Each document's defined terms. */
  definitions?: [string, DefinedTerm[]][];
}

/** A retriever in typed arrays and strings (see `Bm25Snapshot`), restored without tokenising anything again. */
export interface LegalRetrieverSnapshot {
  version: 1;
  options: LegalRetrieverOptions;
  /** The documents their chunks belong to, once each, and each chunk's (in index order) position among them. */
  chunkDocumentIds: string[];
  chunkDocumentIndexes: Int32Array;
  chunks: Bm25Snapshot;
  documents: Bm25Snapshot;
  /**
   * Every document's defined terms, analysed, column by column: each column's values joined by NUL (within a value,
   * analysed terms by a space), since a few long strings are read back far faster than many short ones and arrays.
   */
  definitions: { documents: string[]; documentIndexes: Int32Array; terms: string; definitions: string; termTerms: string; definitionTerms: string };
}

const NUL = '\u0000';
/** The values of a snapshot's column: `join`ed by NUL. */
const column = (joined: string, size: number): string[] => (size === 0 ? [] : joined.split(NUL));

/** A defined term as the tokenizer reads it. */
interface AnalysedDefinition {
  term: DefinedTerm;
  termTerms: string[];
  definitionTerms: string[];
  /** The same terms, to look up. */
  definitionSet: ReadonlySet<string>;
}

/** A definition this short names something (a party, a role), and its words can stand in for the term. */
const MAX_NAMING_TERMS = 6;
/** Longer definitions are descriptions: a question that uses their words may mean the term. */
const MAX_DESCRIBING_TERMS = 12;

const containsSequence = (haystack: readonly string[], needle: readonly string[]): boolean => {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
};

/** The pairs of adjacent, different words of a question. */
const adjacentPairs = (asked: readonly string[]): [string, string][] => {
  const pairs: [string, string][] = [];
  for (let i = 1; i < asked.length; i++) if (asked[i - 1] !== asked[i]) pairs.push([asked[i - 1], asked[i]]);
  return pairs;
};

interface DefinitionEntry {
  /** The document's place among the chunks' documents (`chunkDocumentIds`); -1 while it has no chunk. */
  place: number;
  definition: AnalysedDefinition;
  /** The term's words as a number shared by every definition of the same words (`DefinitionLookup.termWords`). */
  termWords: number;
}

/**
 * An array of scores that a search fills and reads before it returns, lent again to the next search of this thread
 * (any retriever's): a data room's few hundred thousand passages take megabytes per array, which a fresh array per
 * search would have the allocator map, the CPU fault in page by page and the kernel unmap again, every time.
 */
class ScratchScores {
  private buffer = new Float64Array(0);

  /** A view of `size` slots, its content left over from the last search (each user clears or overwrites it). */
  take(size: number): Float64Array {
    if (this.buffer.length < size) this.buffer = new Float64Array(Math.max(size, Math.ceil(this.buffer.length * 1.25)));
    return this.buffer.subarray(0, size);
  }
}

/**
 * The search's arrays: the passages' scores, their own match before the context, and each run's share of the document
 * prior and highest score.
 */
const SCRATCH = { scores: new ScratchScores(), passageScores: new ScratchScores(), shares: new ScratchScores(), highest: new ScratchScores() };

/** Runs of chunk positions of one document each, in passage order, and each document's runs (see `documentRuns`). */
interface DocumentRuns {
  starts: Int32Array;
  ends: Int32Array;
  /** Each run's document, by its place in `chunkDocumentIds`. */
  places: Int32Array;
  /** The runs of the document at place p are `ofDocument[firstOf[p]]` up to `ofDocument[firstOf[p + 1]]`, in order. */
  firstOf: Int32Array;
  ofDocument: Int32Array;
}

interface DefinitionLookup {
  /** Definitions short enough to name something (at most MAX_NAMING_TERMS words), by the first word of their term. */
  byFirstTerm: Map<string, DefinitionEntry[]>;
  byDefinitionWord: Map<string, DefinitionEntry[]>;
  /**
   * The terms' words, each sequence once: a data room defines "the Agreement" or "the Effective Date" in every
   * contract, and a question is matched against each sequence once, not once per document.
   */
  termWords: (readonly string[])[];
}

/** The definitions' matches of questions asked before, by the question's words, while the definitions and runs stay. */
interface DefinitionPlans {
  lookup: DefinitionLookup;
  runs: DocumentRuns;
  byQuestion: BoundedLru<string, ScopedTerm[]>;
}

/**
 * What the kept matches may hold, in four-byte numbers: each range's two ends, and where the chunk index found them in
 * the term's list once searched (two more). Two a passage of the project, and at least this many. A question over a
 * data room of 2,000 contracts calls for about 1,100 ranges.
 */
const PLAN_UNITS_PER_PASSAGE = 2;
const MIN_PLAN_UNITS = 8192;

const HEADING_FIELD = 'heading';
const NAME_FIELD = 'name';
/** A word of a file name names documents in a question when at most this share of the project's documents hold it. */
const NAMING_SHARE = 0.1;

/**
 * Lexical retrieval over the chunks of a project's documents. A question is matched against chunks (with legal
 * synonyms and phrases); when the query also names a contract ("Consider the <title> between <parties>; ..."),
 * that part is matched against each document's opening and the chunks of the best-matching documents rise.
 */
export class LegalRetriever {
  /** The documents of the chunks, in order of their first chunk, and each one's place among them. */
  private readonly chunkDocumentIds: string[] = [];
  private readonly chunkDocumentIndex = new Map<string, number>();
  /** For each chunk position, its document's place in `chunkDocumentIds` (typed as restored, until a chunk is added). */
  private chunkDocumentAt: number[] | Int32Array = [];
  /** For each place in `chunkDocumentIds`, that document's position in the document index (-1 when unknown); built on first use. */
  private documentPositionOfPlace: Int32Array | null = null;
  private documentOrdinals: { ordinals: Int32Array; ordinalOf: Map<string, number> } | null = null;
  /** Each document's runs of chunk positions (see `documentRuns`); built on first use. */
  private runs: DocumentRuns | null = null;
  /** Each document's defined terms, by the term as written. */
  private readonly definitions = new Map<string, Map<string, AnalysedDefinition>>();
  /** The definitions looked up by their words; built on first use, dropped when definitions are added. */
  private lookup: DefinitionLookup | null = null;
  /** Derivational variants among the indexed terms; built on first use. */
  private morphology: MorphologyIndex | null = null;
  /** The definitions' matches of recent questions (see `definitionPlans`). */
  private plans: DefinitionPlans | null = null;

  private constructor(
    private readonly options: LegalRetrieverOptions,
    private readonly chunks: Bm25Index,
    private readonly documents: Bm25Index,
    chunkDocuments: Iterable<string>,
  ) {
    for (const documentId of chunkDocuments) (this.chunkDocumentAt as number[]).push(this.documentPlace(documentId));
  }

  /** A document's place in `chunkDocumentIds`, given one if it has none yet. */
  private documentPlace(documentId: string): number {
    let place = this.chunkDocumentIndex.get(documentId);
    if (place === undefined) {
      place = this.chunkDocumentIds.push(documentId) - 1;
      this.chunkDocumentIndex.set(documentId, place);
      // The definitions' lookup holds each document's place, or none: it is built again with this one.
      this.lookup = null;
    }
    return place;
  }

  static build(documents: Iterable<RetrieverDocument>, chunks: Iterable<RetrieverChunk>, options: Partial<LegalRetrieverOptions> = {}): LegalRetriever {
    const opts = mergeOptions(options);
    const chunkIndex = new Bm25Index({ ...opts.bm25, fieldWeights: { body: 1, [HEADING_FIELD]: opts.headingWeight, ...opts.bm25.fieldWeights } });
    const documentIndex = new Bm25Index({ k1: opts.bm25.k1, b: 0.3, fieldWeights: { body: 1, [NAME_FIELD]: opts.nameWeight } });
    const retriever = new LegalRetriever(opts, chunkIndex, documentIndex, []);
    for (const document of documents) retriever.addDocument(document);
    for (const chunk of chunks) retriever.addChunk(chunk);
    return retriever;
  }

  static fromJSON(data: SerializedLegalRetriever): LegalRetriever {
    if (data.version !== 1) throw new Error(`Unsupported retriever version ${String(data.version)}`);
    const chunks = Bm25Index.fromJSON(data.chunks);
    const retriever = new LegalRetriever(data.options, chunks, Bm25Index.fromJSON(data.documents), data.chunkDocuments);
    for (const [documentId, terms] of data.definitions ?? []) retriever.addDefinitions(documentId, terms);
    return retriever;
  }

  /** A retriever restored from `toSnapshot`. */
  static fromSnapshot(data: LegalRetrieverSnapshot): LegalRetriever {
    if (data.version !== 1) throw new Error(`Unsupported retriever snapshot version ${String(data.version)}`);
    const chunks = Bm25Index.fromSnapshot(data.chunks);
    const retriever = new LegalRetriever(data.options, chunks, Bm25Index.fromSnapshot(data.documents), []);
    data.chunkDocumentIds.forEach((documentId) => retriever.documentPlace(documentId));
    retriever.chunkDocumentAt = data.chunkDocumentIndexes;
    const { documents, documentIndexes } = data.definitions;
    const size = documentIndexes.length;
    const [terms, definitions, termTerms, definitionTerms] = [data.definitions.terms, data.definitions.definitions, data.definitions.termTerms, data.definitions.definitionTerms].map((joined) => column(joined, size));
    for (let i = 0; i < size; i++) {
      const documentId = documents[documentIndexes[i]];
      let known = retriever.definitions.get(documentId);
      if (known === undefined) retriever.definitions.set(documentId, (known = new Map()));
      const analysedTerms = termTerms[i].length > 0 ? termTerms[i].split(' ') : [];
      const analysedDefinition = definitionTerms[i].length > 0 ? definitionTerms[i].split(' ') : [];
      known.set(terms[i], { term: { term: terms[i], definition: definitions[i] }, termTerms: analysedTerms, definitionTerms: analysedDefinition, definitionSet: new Set(analysedDefinition) });
    }
    return retriever;
  }

  get size(): number {
    return this.chunks.size;
  }

  /** The id of the chunk at a position of the index. */
  chunkIdAt(position: number): string {
    return this.chunks.idAt(position);
  }

  /** The document a chunk belongs to. */
  documentOf(chunkId: string): string | undefined {
    const position = this.chunks.positionOf(chunkId);
    return position < 0 ? undefined : this.chunkDocumentIds[this.chunkDocumentAt[position]];
  }

  /** Each chunk's document, in the order of the chunk index. */
  *chunkDocuments(): IterableIterator<[chunkId: string, documentId: string]> {
    for (let i = 0; i < this.chunks.size; i++) yield [this.chunks.idAt(i), this.chunkDocumentIds[this.chunkDocumentAt[i]]];
  }

  /** Adds a document (to recognise it when a query names it); its chunks are added with `addChunk`. */
  addDocument(document: RetrieverDocument): void {
    const opening = document.text.slice(0, this.options.openingChars);
    this.documents.add(document.id, opening, document.name ? { [NAME_FIELD]: documentNameWords(document.name) } : {});
    this.addDefinitions(document.id, findDefinedTerms(opening));
    this.documentPositionOfPlace = null;
  }

  addChunk(chunk: RetrieverChunk): void {
    const heading = chunk.headingPath && chunk.headingPath.length > 0 ? { [HEADING_FIELD]: chunk.headingPath.join(' \n ') } : undefined;
    this.chunks.add(chunk.id, chunk.text, heading);
    if (!Array.isArray(this.chunkDocumentAt)) this.chunkDocumentAt = Array.from(this.chunkDocumentAt);
    this.chunkDocumentAt.push(this.documentPlace(chunk.documentId));
    this.addDefinitions(chunk.documentId, findDefinedTerms(chunk.text));
    this.documentOrdinals = null;
    this.runs = null;
    this.morphology = null;
  }

  /** The terms a document defines, each kept with its first definition. */
  private addDefinitions(documentId: string, terms: readonly DefinedTerm[]): void {
    if (terms.length === 0) return;
    const known = this.definitions.get(documentId) ?? new Map<string, AnalysedDefinition>();
    for (const term of terms) {
      if (known.has(term.term)) continue;
      const definitionSet = new Set(tokenize(term.definition));
      known.set(term.term, { term, termTerms: tokenize(term.term), definitionTerms: [...definitionSet], definitionSet });
    }
    this.definitions.set(documentId, known);
    this.lookup = null;
  }

  /** The `k` best chunks for a query, optionally only among chunk ids the filter accepts. */
  search(query: string, k: number, filter?: (chunkId: string) => boolean): RetrievalHit[] {
    const { context, question } = parseLegalQuery(query);
    const questionQuery = this.withVariants(buildQuestionQuery(question, this.options.expansion));
    const size = this.chunks.size;
    const scores = this.chunks.scoreAll(questionQuery, filter, SCRATCH.scores.take(size));
    this.addDefinitionMatches(scores, question, filter);
    // The scores before the document prior (and, with a context weight, before the context), for each hit's passage score.
    let passageScores = scores;
    let prior: RunLift | null = null;
    if (context !== undefined) {
      const contextQuery = buildPlainQuery(context);
      if (this.options.contextWeight > 0) {
        passageScores = SCRATCH.passageScores.take(size);
        passageScores.set(scores);
        const contextScores = this.chunks.scoreAll(contextQuery, filter);
        for (let i = 0; i < scores.length; i++) scores[i] += this.options.contextWeight * contextScores[i];
      }
      if (this.options.documentWeight > 0 && this.documents.size > 1) prior = this.documentPrior(scores, contextQuery);
    } else if (this.options.documentWeight > 0 && this.documents.size > 1) {
      const naming = this.namingQuery(question);
      if (naming !== undefined) prior = this.documentPrior(scores, naming);
    }
    // The prior is added while the best passages are chosen, run by run of a document's passages.
    const top = bestPositions(scores, k, prior ?? undefined);
    return top.map(({ position, score }) => ({
      id: this.chunks.idAt(position),
      documentId: this.chunkDocumentIds[this.chunkDocumentAt[position]],
      score,
      // Without a context, a question naming documents by their file names scores its passages with that lift.
      passageScore: context === undefined ? score : passageScores[position],
    }));
  }

  toJSON(): SerializedLegalRetriever {
    const chunkDocuments = Array.from(this.chunkDocumentAt, (place) => this.chunkDocumentIds[place]);
    const definitions = [...this.definitions].map(([documentId, terms]): [string, DefinedTerm[]] => [documentId, [...terms.values()].map((t) => t.term)]);
    return { version: 1, options: this.options, chunkDocuments, chunks: this.chunks.toJSON(), documents: this.documents.toJSON(), definitions };
  }

  /** The retriever in typed arrays (see `LegalRetrieverSnapshot`), to be restored by `fromSnapshot`. */
  toSnapshot(): LegalRetrieverSnapshot {
    const chunkDocumentIds = [...this.chunkDocumentIds];
    const chunkDocumentIndexes = Int32Array.from(this.chunkDocumentAt);
    const documents = [...this.definitions.keys()];
    const analysed = [...this.definitions.values()].flatMap((terms, document) => [...terms.values()].map((definition) => ({ document, definition })));
    const joined = (value: (definition: AnalysedDefinition) => string): string => {
      const values = analysed.map(({ definition }) => value(definition));
      if (values.some((text) => text.includes(NUL))) throw new Error('A defined term holds a NUL character: the retriever has no snapshot');
      return values.join(NUL);
    };
    const definitions: LegalRetrieverSnapshot['definitions'] = {
      documents,
      documentIndexes: Int32Array.from(analysed, ({ document }) => document),
      terms: joined((definition) => definition.term.term),
      definitions: joined((definition) => definition.term.definition),
      termTerms: joined((definition) => definition.termTerms.join(' ')),
      definitionTerms: joined((definition) => definition.definitionTerms.join(' ')),
    };
    return { version: 1, options: this.options, chunkDocumentIds, chunkDocumentIndexes, chunks: this.chunks.toSnapshot(), documents: this.documents.toSnapshot(), definitions };
  }

  /** The question's own terms joined by their derivational variants found in the documents (assignee for assignment). */
  private withVariants(query: Bm25Query): Bm25Query {
    const weight = this.options.expansion.morphologyWeight ?? DEFAULT_QUERY_EXPANSION.morphologyWeight;
    if (weight <= 0) return query;
    this.morphology ??= new MorphologyIndex(this.chunks.terms());
    const weights = new Map(query.terms.map(({ term, weight: w }) => [term, w]));
    for (const { term, weight: own } of query.terms) {
      if (own < 1) continue;
      for (const variant of this.morphology.variants(term)) if (!weights.has(variant)) weights.set(variant, weight);
    }
    return { ...query, terms: [...weights].map(([term, w]) => ({ term, weight: w })) };
  }

  /**
   * Resolves the question through each document's own definitions, adding the match to that document's passages:
   * a term the question uses is joined by the words it names there ("the Disclosing Party" by "Acme Corp."), and a
   * term the document defines by the question's words joins them ("the receiving party" finds "Recipient").
   */
  private addDefinitionMatches(scores: Float64Array, question: string, filter?: (chunkId: string) => boolean): void {
    const weight = this.options.expansion.definitionWeight ?? DEFAULT_QUERY_EXPANSION.definitionWeight;
    if (weight <= 0 || this.definitions.size === 0) return;
    const asked = tokenize(question);
    const lookup = this.definitionLookup();
    const runs = this.documentRuns();
    // A question asked again (a team working through one checklist over a data room) finds its matches kept: over
    // 2,000 contracts, words such as "Agreement" are defined in each, and gathering what they call for took a tenth
    // of a search. The chunk index keeps where their ranges lie in its lists while the same array is passed: finding
    // them again took half the time of adding their scores.
    const plans = this.definitionPlans(lookup, runs);
    const key = asked.join(' ');
    let terms = plans.get(key);
    if (terms === undefined) {
      terms = this.planDefinitionMatches(asked, lookup, runs, weight);
      plans.set(key, terms);
    }
    if (terms.length > 0) this.chunks.addScoped(terms, scores, filter);
  }

  /** The terms a question's words call for through the documents' definitions, each with the ranges it counts in. */
  private planDefinitionMatches(asked: readonly string[], lookup: DefinitionLookup, runs: DocumentRuns, weight: number): ScopedTerm[] {
    const askedSet = new Set(asked);
    const pairs = adjacentPairs(asked);
    // Each added term with the places of the documents whose definitions call for it (a place may repeat): it counts
    // only in their passages, and a document without passages (no place) has none. The terms keep the order in which
    // they were first called for, the order their scores are summed in.
    const wantedBy = new Map<string, number[]>();
    const want = (place: number, terms: readonly string[]): void => {
      for (const term of terms) {
        if (askedSet.has(term)) continue;
        let places = wantedBy.get(term);
        if (!places) wantedBy.set(term, (places = []));
        if (place >= 0) places.push(place);
      }
    };
    const { byFirstTerm, byDefinitionWord, termWords } = lookup;
    // Whether the question uses a term's words, by their number: 0 not yet known, 1 it does, 2 it does not.
    const used = new Uint8Array(termWords.length);
    const uses = (words: number): boolean => {
      if (used[words] === 0) used[words] = containsSequence(asked, termWords[words]) ? 1 : 2;
      return used[words] === 1;
    };
    // A term the question uses: its definition's words join, when they name something.
    for (const word of askedSet) {
      for (const { place, definition, termWords: words } of byFirstTerm.get(word) ?? []) {
        if (uses(words)) want(place, definition.definitionTerms);
      }
    }
    // A short definition in the question's words (two adjacent ones): its term joins, unless the question uses it.
    // Such a definition is filed under both words, in the same order under each: the shorter list is read.
    for (const [first, second] of pairs) {
      const withFirst = byDefinitionWord.get(first);
      const withSecond = byDefinitionWord.get(second);
      if (withFirst === undefined || withSecond === undefined) continue;
      const [entries, other] = withSecond.length < withFirst.length ? [withSecond, first] : [withFirst, second];
      for (const { place, definition, termWords: words } of entries) {
        if (definition.definitionSet.has(other) && !uses(words)) want(place, definition.termTerms);
      }
    }
    return [...wantedBy].map(([term, places]) => {
      // The runs of the term's documents, in passage order: their numbers sorted, each once.
      const picked: number[] = [];
      for (const place of places) for (let at = runs.firstOf[place]; at < runs.firstOf[place + 1]; at++) picked.push(runs.ofDocument[at]);
      const order = Int32Array.from(picked).sort();
      const ranges: number[] = [];
      for (let i = 0; i < order.length; i++) if (i === 0 || order[i] !== order[i - 1]) ranges.push(runs.starts[order[i]], runs.ends[order[i]]);
      return { term, weight, ranges: Int32Array.from(ranges) };
    });
  }

  /** The kept matches, started afresh when the definitions' lookup or the documents' runs were built again. */
  private definitionPlans(lookup: DefinitionLookup, runs: DocumentRuns): BoundedLru<string, ScopedTerm[]> {
    if (this.plans === null || this.plans.lookup !== lookup || this.plans.runs !== runs) {
      const weigh = (_question: string, terms: ScopedTerm[]): number => terms.reduce((sum, term) => sum + 2 * term.ranges.length + 8, 1);
      this.plans = { lookup, runs, byQuestion: new BoundedLru<string, ScopedTerm[]>(Math.max(MIN_PLAN_UNITS, PLAN_UNITS_PER_PASSAGE * this.chunks.size), { weigh }) };
    }
    return this.plans.byQuestion;
  }

  /**
   * The definitions short enough to name something by the first word of their term, and those short enough to
   * describe a question's subject by each word of their definition; built on first use after definitions were added.
   */
  private definitionLookup(): DefinitionLookup {
    if (this.lookup !== null) return this.lookup;
    const lookup: DefinitionLookup = { byFirstTerm: new Map(), byDefinitionWord: new Map(), termWords: [] };
    const numbers = new Map<string, number>();
    const file = (map: Map<string, DefinitionEntry[]>, key: string, entry: DefinitionEntry): void => {
      const list = map.get(key);
      if (list) list.push(entry);
      else map.set(key, [entry]);
    };
    for (const [documentId, terms] of this.definitions) {
      for (const definition of terms.values()) {
        if (definition.termTerms.length === 0 || definition.definitionTerms.length === 0) continue;
        const key = definition.termTerms.join(' ');
        let words = numbers.get(key);
        if (words === undefined) numbers.set(key, (words = lookup.termWords.push(definition.termTerms) - 1));
        const entry = { place: this.chunkDocumentIndex.get(documentId) ?? -1, definition, termWords: words };
        if (definition.definitionTerms.length <= MAX_NAMING_TERMS) file(lookup.byFirstTerm, definition.termTerms[0], entry);
        if (definition.definitionTerms.length <= MAX_DESCRIBING_TERMS) for (const word of definition.definitionTerms) file(lookup.byDefinitionWord, word, entry);
      }
    }
    this.lookup = lookup;
    return lookup;
  }

  /**
   * The runs of chunk positions that belong to one document, each run's `[start, end)` in passage order, and each
   * document's runs by its place in `chunkDocumentIds` (a document has one run when its chunks were added together).
   * Built on first use after a chunk was added.
   */
  private documentRuns(): DocumentRuns {
    if (this.runs !== null) return this.runs;
    const starts: number[] = [];
    const ends: number[] = [];
    const places: number[] = [];
    const at = this.chunkDocumentAt;
    for (let position = 0; position < at.length; ) {
      const place = at[position];
      let end = position + 1;
      while (end < at.length && at[end] === place) end++;
      starts.push(position);
      ends.push(end);
      places.push(place);
      position = end;
    }
    // Each document's runs, by counting sort on the document's place.
    const documents = this.chunkDocumentIds.length;
    const firstOf = new Int32Array(documents + 1);
    for (const place of places) firstOf[place + 1]++;
    for (let place = 0; place < documents; place++) firstOf[place + 1] += firstOf[place];
    const filled = firstOf.slice(0, documents);
    const ofDocument = new Int32Array(places.length);
    places.forEach((place, run) => {
      ofDocument[filled[place]++] = run;
    });
    this.runs = { starts: Int32Array.from(starts), ends: Int32Array.from(ends), places: Int32Array.from(places), firstOf, ofDocument };
    return this.runs;
  }

  /** Each chunk's document as a small number (by position in the chunk index), and the numbers by document id. */
  private chunkDocumentOrdinals(): { ordinals: Int32Array; ordinalOf: Map<string, number> } {
    if (this.documentOrdinals && this.documentOrdinals.ordinals.length === this.chunks.size) return this.documentOrdinals;
    const ordinals = this.chunkDocumentAt instanceof Int32Array ? this.chunkDocumentAt : Int32Array.from(this.chunkDocumentAt);
    this.documentOrdinals = { ordinals, ordinalOf: this.chunkDocumentIndex };
    return this.documentOrdinals;
  }

  /**
   * The words of a question that name documents by their file names ("What does the BT NDA say on copies?"): words
   * of some file name that few documents of the project hold, in their names and openings and in their passages (so
   * "Confidential Information" does not name the one file called "Confidentiality Agreement"). Undefined when none.
   */
  private namingQuery(question: string): Bm25Query | undefined {
    if (this.options.nameWeight <= 0) return undefined;
    const limit = Math.max(1, Math.floor(this.documents.size * NAMING_SHARE));
    const terms = [...new Set(tokenize(question))].filter(
      (term) => this.documents.documentFrequency(term) <= limit && this.documents.occursInField(term, NAME_FIELD) && this.documentsWriting(term, limit + 1) <= limit,
    );
    return terms.length > 0 ? { terms: terms.map((term) => ({ term, weight: 1 })) } : undefined;
  }

  /** How many documents' passages hold the term, counted up to `atMost`. */
  private documentsWriting(term: string, atMost: number): number {
    const { ordinals } = this.chunkDocumentOrdinals();
    const seen = new Set<number>();
    for (const position of this.chunks.positionsOf(term)) {
      seen.add(ordinals[position]);
      if (seen.size >= atMost) break;
    }
    return seen.size;
  }

  /**
   * The document prior, run by run: each run's share, its document's match with the query, scaled so that the best
   * chunk and the best document weigh alike (0 for a document that does not match), and each run's highest score;
   * null when no document matches.
   */
  private documentPrior(scores: Float64Array, contextQuery: Bm25Query): RunLift | null {
    const documentScores = this.documents.scoreAll(contextQuery);
    const bestDocument = highestScore(documentScores);
    if (bestDocument <= 0) return null;
    const positions = this.placePositions();
    const { starts, ends, places } = this.documentRuns();
    const highest = SCRATCH.highest.take(places.length);
    const bestChunk = highestOfRuns(scores, starts, ends, highest);
    const scale = this.options.documentWeight * (bestChunk > 0 ? bestChunk : 1);
    const shares = SCRATCH.shares.take(places.length);
    for (let run = 0; run < places.length; run++) {
      const position = positions[places[run]];
      shares[run] = position < 0 || documentScores[position] === 0 ? 0 : (scale * documentScores[position]) / bestDocument;
    }
    return { starts, ends, shares, highest };
  }

  /** Each passage document's position in the documents' index, by its place in `chunkDocumentIds` (-1: none). */
  private placePositions(): Int32Array {
    if (this.documentPositionOfPlace && this.documentPositionOfPlace.length === this.chunkDocumentIds.length) return this.documentPositionOfPlace;
    this.documentPositionOfPlace = Int32Array.from(this.chunkDocumentIds, (documentId) => this.documents.positionOf(documentId));
    return this.documentPositionOfPlace;
  }
}

function mergeOptions(options: Partial<LegalRetrieverOptions>): LegalRetrieverOptions {
  return {
    ...DEFAULT_RETRIEVER_OPTIONS,
    ...options,
    bm25: { ...DEFAULT_RETRIEVER_OPTIONS.bm25, ...options.bm25 },
    expansion: { ...DEFAULT_RETRIEVER_OPTIONS.expansion, ...options.expansion },
  };
}
