import { BoundedLru } from '../text/bounded-lru';
import { bigrams, tokenize } from '../text/tokenizer';

export interface Bm25Options {
  /** Term-frequency saturation. */
  k1: number;
  /** Length normalisation, 0 (none) to 1 (full), for every field without its own value in `fieldB`. */
  b: number;
  /** Weight of each field's term frequency; `body` is the text given to `add`. Unlisted fields weigh 1. */
  fieldWeights: Readonly<Record<string, number>>;
  fieldB: Readonly<Record<string, number>>;
  /** Also index adjacent pairs of body terms, so that queries can reward phrases ("change of control"). */
  indexBigrams: boolean;
}

export const DEFAULT_BM25_OPTIONS: Readonly<Bm25Options> = {
  k1: 1.2,
  b: 0.75,
  fieldWeights: { body: 1 },
  fieldB: {},
  indexBigrams: false,
};

export type Bm25Fields = Readonly<Record<string, string>>;

export interface Bm25Document {
  id: string;
  text: string;
  fields?: Bm25Fields;
}

export interface ScoredId {
  id: string;
  score: number;
}

/** An analysed query term (see `tokenize`) with its weight. */
export interface WeightedTerm {
  term: string;
  weight: number;
}

/**
 * A query term that counts only for the documents (by position) within its ranges: `[start, end)` pairs, in order,
 * none overlapping. Only the parts of the term's postings inside them are read.
 */
export interface ScopedTerm extends WeightedTerm {
  ranges: ArrayLike<number>;
}

export interface Bm25Query {
  terms: readonly WeightedTerm[];
  /** Pairs of analysed terms joined by a space, matched against the body's bigrams. */
  bigrams?: readonly WeightedTerm[];
}

export interface SerializedBm25Index {
  version: 1;
  options: Bm25Options;
  ids: string[];
  fieldNames: string[];
  fieldLengths: number[][];
  terms: string[];
  documentFrequencies: number[];
  /** Per term, flat triples (document index, field index, term frequency) in document order. */
  postings: number[][];
}

/**
 * The index in typed arrays, for a snapshot (structured-cloneable, e.g. by `v8.serialize`): restored as it was
 * without tokenising anything again, each term's postings decoded only when a search first reads them.
 */
export interface Bm25Snapshot {
  version: 2;
  options: Bm25Options;
  /** The ids joined by NUL: one string is read back far faster than as many strings as passages. */
  ids: string;
  fieldNames: string[];
  fieldLengths: Int32Array[];
  terms: string[];
  documentFrequencies: Int32Array;
  /** Where each term's pairs start in `postings`, in bytes (one more entry than terms: the end). */
  offsets: Int32Array;
  /** How many pairs each term has. */
  pairs: Int32Array;
  /**
   * Every term's pairs (document index, term frequency << FIELD_BITS | field index), one after the other, as
   * variable-length integers (7 bits a byte), each document index as its distance from the one before: a third of
   * the bytes of the packed pairs. A term's list is decoded when first read.
   */
  postings: Uint8Array;
}

/** A term's pairs as a snapshot stored them (see `Bm25Snapshot.postings`), not decoded yet. */
class EncodedPostings {
  constructor(
    readonly bytes: Uint8Array,
    readonly pairs: number,
  ) {}
}

type PostingList = number[] | Int32Array | EncodedPostings;

/** Bytes a variable-length unsigned integer takes. */
const varintBytes = (value: number): number => (value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5);

/** Writes a list's pairs at `at` (see `Bm25Snapshot.postings`); where the next bytes go. */
function encodePairs(list: ArrayLike<number>, into: Uint8Array | null, at: number): number {
  let previous = 0;
  for (let i = 0; i < list.length; i++) {
    let value = i % 2 === 0 ? list[i] - previous : list[i] >>> 0;
    if (i % 2 === 0) previous = list[i];
    if (into === null) {
      at += varintBytes(value);
      continue;
    }
    while (value >= 0x80) {
      into[at++] = (value & 0x7f) | 0x80;
      value = Math.floor(value / 0x80);
    }
    into[at++] = value;
  }
  return at;
}

function decodePairs(encoded: EncodedPostings): Int32Array {
  const list = new Int32Array(encoded.pairs * 2);
  const bytes = encoded.bytes;
  let at = 0;
  let previous = 0;
  for (let i = 0; i < list.length; i++) {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) break;
      scale *= 0x80;
    }
    if (i % 2 === 0) {
      previous += value;
      list[i] = previous;
    } else {
      list[i] = value;
    }
  }
  return list;
}

/**
 * A term's list as scoring reads it: each document once, in order, with its saturated term frequency
 * `acc * (k1 + 1) / (acc + k1)`, `acc` summing the document's fields' weighted, length-normalised frequencies.
 */
interface TermImpacts {
  docs: Int32Array;
  saturated: Float64Array;
}

/** Lists shorter than this many pairs are read as they are each time (a project of a few dozen documents has none longer). */
const MIN_IMPACT_PAIRS = 1024;
/**
 * Bytes of impacts an index keeps, the least recently searched terms' dropped first: 12 bytes per document of a list,
 * against the 8 per pair of the list itself. 400 questions over 2,000 contracts worked out 30 MB.
 */
const IMPACT_BYTES = 48 * 1024 * 1024;
/** Long lists searched once, whose impacts a second search works out; forgotten all at once past this many. */
const SEARCHED_ONCE_LIMIT = 65_536;

interface FieldNorm {
  weight: number;
  /** Per document, BM25's length normalisation of the field, `1 - b + b * length / average`: computed once, not per posting. */
  divisors: Float64Array;
}

/**
 * The index of the first pair at or after pair index `from` (even) whose document is at least `doc`: galloping, then
 * halving, so that many short seeks along one list cost little more than their own pairs.
 */
function firstPairFrom(list: ArrayLike<number>, from: number, doc: number): number {
  const pairs = list.length >> 1;
  let low = from >> 1;
  if (low >= pairs || list[2 * low] >= doc) return 2 * low;
  // list[2 * low] < doc: gallop to a pair at or past doc.
  let step = 1;
  let high = low + step;
  while (high < pairs && list[2 * high] < doc) {
    low = high;
    step *= 2;
    high = low + step;
  }
  if (high > pairs) high = pairs;
  // Invariant: list[2 * low] < doc, and high is pairs or list[2 * high] >= doc.
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (list[2 * middle] < doc) low = middle;
    else high = middle;
  }
  return 2 * high;
}

/** A scoped term as `addScoped` reads it again: its list, its weight times idf, and the pairs `[from, to)` of its ranges. */
interface LocatedTerm {
  list: Int32Array;
  weight: number;
  bounds: Int32Array;
}

/** What `addPairs` adds to: a term's weight times idf, the saturation, the fields' norms and the filter (null: none). */
interface Adding {
  weight: number;
  k1: number;
  norms: readonly FieldNorm[];
  scores: Float64Array;
  allowed: ((doc: number) => boolean) | null;
}

/**
 * Adds a term's score to each document of the pairs `[from, to)` of its list (pair indexes, even): its fields'
 * weighted, length-normalised frequencies summed, then saturated.
 */
function addPairs(list: ArrayLike<number>, from: number, to: number, { weight, k1, norms, scores, allowed }: Adding): void {
  let doc = -1;
  let acc = 0;
  for (let i = from; i < to; i += 2) {
    if (list[i] !== doc) {
      if (doc >= 0 && acc > 0 && (allowed === null || allowed(doc))) scores[doc] += weight * ((acc * (k1 + 1)) / (acc + k1));
      doc = list[i];
      acc = 0;
    }
    const packed = list[i + 1];
    const norm = norms[packed & FIELD_MASK];
    acc += (norm.weight * (packed >>> FIELD_BITS)) / norm.divisors[doc];
  }
  if (doc >= 0 && acc > 0 && (allowed === null || allowed(doc))) scores[doc] += weight * ((acc * (k1 + 1)) / (acc + k1));
}

const ID_SEPARATOR = '\u0000';

/** Low bits of a packed posting that hold its field index: fields are few (body, heading, name, bigrams). */
const FIELD_BITS = 4;
const FIELD_SLOTS = 1 << FIELD_BITS;
const FIELD_MASK = FIELD_SLOTS - 1;

export const BODY_FIELD = 'body';
const BIGRAM_FIELD = '#bigrams';
const BIGRAM_PREFIX = '\u0002';

/**
 * An in-memory Okapi BM25 index. With several fields a term's frequencies are weighted, length-normalised
 * per field and summed before saturation (BM25F), so a heading match adds evidence without counting twice.
 */
export class Bm25Index {
  private readonly options: Bm25Options;
  private ids: string[] = [];
  /** Each id's position; built on first use after a restore (a search needs none). */
  private idIndex: Map<string, number> | null = new Map();
  private readonly fieldNames: string[] = [BODY_FIELD];
  /** Per field, each document's length in terms: typed as restored from a snapshot until a document is added. */
  private readonly fieldLengths: (number[] | Int32Array)[] = [[]];
  /**
   * Per term, pairs (document index, term frequency << FIELD_BITS | field index) in document order. A list is packed
   * into an Int32Array once searched, a third of the memory of the triples it is built from and no garbage to collect;
   * a list a later `add` extends is a plain array again until the next search packs it.
   */
  private readonly postings = new Map<string, PostingList>();
  /** Terms whose lists `add` has extended since they were last packed. */
  private readonly unpacked = new Set<string>();
  private readonly documentFrequencies = new Map<string, number>();
  /** Each field's length normalisation, kept until a document is added. */
  private norms: FieldNorm[] | null = null;
  /** The impacts of the long lists searched lately, kept until a document is added (which changes every one). */
  private readonly impacts = new BoundedLru<string, TermImpacts>(IMPACT_BYTES, { weigh: (_term, impacts) => impacts.docs.byteLength + impacts.saturated.byteLength });
  private readonly searchedOnce = new Set<string>();
  /**
   * Where the ranges of scoped terms lie in their lists (see `addScoped`), by the array of terms they were asked with:
   * found on its first search and kept while the caller keeps that array, until a document is added (which moves them).
   */
  private located = new WeakMap<readonly ScopedTerm[], LocatedTerm[]>();

  constructor(options: Partial<Bm25Options> = {}) {
    this.options = { ...DEFAULT_BM25_OPTIONS, ...options };
    if (this.options.indexBigrams) this.fieldIndex(BIGRAM_FIELD);
  }

  /** Builds an index from many documents at once. */
  static build(documents: Iterable<Bm25Document>, options: Partial<Bm25Options> = {}): Bm25Index {
    const index = new Bm25Index(options);
    for (const document of documents) index.add(document.id, document.text, document.fields);
    return index;
  }

  static fromJSON(data: SerializedBm25Index): Bm25Index {
    if (data.version !== 1) throw new Error(`Unsupported BM25 index version ${String(data.version)}`);
    const index = Bm25Index.restored(data.options, data.fieldNames, data.fieldLengths.map((lengths) => [...lengths]), [...data.ids]);
    data.terms.forEach((term, i) => {
      const triples = data.postings[i];
      const list = new Int32Array((triples.length / 3) * 2);
      for (let t = 0, p = 0; t < triples.length; t += 3, p += 2) {
        list[p] = triples[t];
        list[p + 1] = (triples[t + 2] << FIELD_BITS) | triples[t + 1];
      }
      index.postings.set(term, list);
      index.documentFrequencies.set(term, data.documentFrequencies[i]);
    });
    return index;
  }

  /** An index with these fields and ids and no postings yet (being restored); its id map is built when first needed. */
  private static restored(options: Bm25Options, fieldNames: readonly string[], fieldLengths: (number[] | Int32Array)[], ids: string[]): Bm25Index {
    const index = new Bm25Index(options);
    index.fieldNames.splice(0, index.fieldNames.length, ...fieldNames);
    index.fieldLengths.splice(0, index.fieldLengths.length, ...fieldLengths);
    index.ids = ids;
    index.idIndex = null;
    return index;
  }

  /** An index restored from `toSnapshot`. */
  static fromSnapshot(data: Bm25Snapshot): Bm25Index {
    if (data.version !== 2) throw new Error(`Unsupported BM25 snapshot version ${String(data.version)}`);
    const index = Bm25Index.restored(data.options, data.fieldNames, data.fieldLengths, data.ids.length > 0 ? data.ids.split(ID_SEPARATOR) : []);
    data.terms.forEach((term, i) => {
      index.postings.set(term, new EncodedPostings(data.postings.subarray(data.offsets[i], data.offsets[i + 1]), data.pairs[i]));
      index.documentFrequencies.set(term, data.documentFrequencies[i]);
    });
    return index;
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.positions().has(id);
  }

  /** Indexes `text` (the body) and optional named fields under `id`, which must be new. */
  add(id: string, text: string, fields: Bm25Fields = {}): void {
    const positions = this.positions();
    if (positions.has(id)) throw new Error(`Document ${id} is already indexed`);
    const doc = this.ids.length;
    this.norms = null;
    this.impacts.clear();
    this.searchedOnce.clear();
    this.located = new WeakMap();
    this.ids.push(id);
    positions.set(id, doc);
    this.fieldLengths.forEach((lengths, f) => {
      const growing = Array.isArray(lengths) ? lengths : Array.from(lengths);
      growing.push(0);
      this.fieldLengths[f] = growing;
    });

    const perField: [number, string[]][] = [];
    const bodyTerms = tokenize(text);
    perField.push([0, bodyTerms]);
    if (this.options.indexBigrams) perField.push([this.fieldIndex(BIGRAM_FIELD), bigrams(bodyTerms).map((pair) => BIGRAM_PREFIX + pair)]);
    for (const [name, value] of Object.entries(fields)) {
      if (name === BODY_FIELD || name === BIGRAM_FIELD) throw new Error(`Field name ${name} is reserved`);
      perField.push([this.fieldIndex(name), tokenize(value)]);
    }

    const seen = new Set<string>();
    for (const [field, terms] of perField) {
      this.fieldLengths[field][doc] += terms.length;
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, tf] of counts) {
        let list = this.list(term);
        if (list === undefined || !Array.isArray(list)) {
          list = list === undefined ? [] : Array.from(list);
          this.postings.set(term, list);
        }
        this.unpacked.add(term);
        list.push(doc, (tf << FIELD_BITS) | field);
        if (!seen.has(term)) {
          seen.add(term);
          this.documentFrequencies.set(term, (this.documentFrequencies.get(term) ?? 0) + 1);
        }
      }
    }
  }

  /** The `k` best documents for a free-text query, optionally only among ids the filter accepts. */
  search(query: string, k: number, filter?: (id: string) => boolean): ScoredId[] {
    const counts = new Map<string, number>();
    const terms = tokenize(query);
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    const bigramTerms = this.options.indexBigrams ? bigrams(terms).map((term) => ({ term, weight: 1 })) : [];
    return this.searchTerms({ terms: [...counts].map(([term, weight]) => ({ term, weight })), bigrams: bigramTerms }, k, filter);
  }

  /** Like `search`, for an already analysed and weighted query. */
  searchTerms(query: Bm25Query, k: number, filter?: (id: string) => boolean): ScoredId[] {
    const scores = this.scoreAll(query, filter);
    return this.topK(scores, k);
  }

  /**
   * The BM25 score of every document (0 where nothing matched or the filter rejected it), by insertion order: in
   * `into` when given (one slot per document, cleared first), else in a new array.
   */
  scoreAll(query: Bm25Query, filter?: (id: string) => boolean, into?: Float64Array): Float64Array {
    const bigramTerms = this.options.indexBigrams && query.bigrams ? query.bigrams.map(({ term, weight }) => ({ term: BIGRAM_PREFIX + term, weight })) : [];
    return this.score([...query.terms, ...bigramTerms], filter, into);
  }

  /**
   * Adds to `scores` (one slot per document, as `scoreAll` fills them) the scores of body terms that each count only
   * within their own ranges of documents: what `scoreAll` would add there, but each term's postings are read only
   * where its ranges lie, however long its whole list is, and no slot outside them is read or written. Where the ranges
   * lie in the lists is found on the first search with this array of terms and kept for the next ones: a caller that
   * asks the same terms again (a question's definition matches) passes the same array.
   */
  addScoped(terms: readonly ScopedTerm[], scores: Float64Array, filter?: (id: string) => boolean): Float64Array {
    const n = this.ids.length;
    if (scores.length !== n) throw new Error(`Scores of ${n} documents cannot go into an array of ${scores.length}`);
    if (n === 0) return scores;
    const { k1 } = this.options;
    this.pack();
    const norms = this.fieldNorms();
    let located = this.located.get(terms);
    if (located === undefined) {
      located = terms.flatMap((term) => this.locate(term) ?? []);
      this.located.set(terms, located);
    }
    const allowed = this.acceptance(filter);
    for (const { list, weight, bounds } of located) {
      const adding = { weight, k1, norms, scores, allowed };
      for (let b = 0; b < bounds.length; b += 2) addPairs(list, bounds[b], bounds[b + 1], adding);
    }
    return scores;
  }

  /**
   * Where a scoped term's ranges lie in its list, as pair indexes `[from, to)` of each range that holds any, and its
   * weight times idf; null when it counts nowhere (not indexed, or weighed 0).
   */
  private locate({ term, weight: queryWeight, ranges }: ScopedTerm): LocatedTerm | null {
    const list = this.list(term);
    if (!list || queryWeight === 0) return null;
    const bounds: number[] = [];
    let at = 0;
    for (let r = 0; r + 1 < ranges.length && at < list.length; r += 2) {
      const start = firstPairFrom(list, at, ranges[r]);
      let end = start;
      while (end < list.length && list[end] < ranges[r + 1]) end += 2;
      if (end > start) bounds.push(start, end);
      at = end;
    }
    return { list: list instanceof Int32Array ? list : Int32Array.from(list), weight: queryWeight * this.idf(term), bounds: Int32Array.from(bounds) };
  }

  private score(terms: readonly WeightedTerm[], filter?: (id: string) => boolean, into?: Float64Array): Float64Array {
    const n = this.ids.length;
    if (into !== undefined && into.length !== n) throw new Error(`Scores of ${n} documents cannot go into an array of ${into.length}`);
    const scores = into === undefined ? new Float64Array(n) : into.fill(0);
    if (n === 0) return scores;
    const { k1 } = this.options;
    this.pack();
    const norms = this.fieldNorms();
    const allowed = this.acceptance(filter);

    for (const { term, weight: queryWeight } of terms) {
      const list = this.list(term);
      if (!list || queryWeight === 0) continue;
      const weight = queryWeight * this.idf(term);
      const impacts = this.impactsOf(term, list, norms, k1);
      if (impacts === null) {
        addPairs(list, 0, list.length, { weight, k1, norms, scores, allowed });
        continue;
      }
      const { docs, saturated } = impacts;
      if (allowed === null) {
        // Every document counts: no test in the loop (a document whose impact is 0 gains 0, its score unchanged).
        for (let i = 0; i < docs.length; i++) scores[docs[i]] += weight * saturated[i];
        continue;
      }
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        if (saturated[i] > 0 && allowed(doc)) scores[doc] += weight * saturated[i];
      }
    }
    return scores;
  }

  /** A term's inverse document frequency among the indexed ids. */
  private idf(term: string): number {
    const n = this.ids.length;
    const df = this.documentFrequencies.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Whether a position's id passes the filter, each asked once per search; null without a filter (every one does). */
  private acceptance(filter?: (id: string) => boolean): ((doc: number) => boolean) | null {
    if (filter === undefined) return null;
    const accepted = new Int8Array(this.ids.length);
    return (doc: number): boolean => {
      if (accepted[doc] === 0) accepted[doc] = filter(this.ids[doc]) ? 1 : 2;
      return accepted[doc] === 1;
    };
  }

  /**
   * A long list's impacts once it is searched again: worked out on its second search and kept. Null for a short list,
   * or on a first search, which reads the list as it is: were the terms searched more than the bound holds, a term
   * seen once would otherwise cost its impacts each time.
   */
  private impactsOf(term: string, list: ArrayLike<number>, norms: readonly FieldNorm[], k1: number): TermImpacts | null {
    if (list.length < 2 * MIN_IMPACT_PAIRS) return null;
    const kept = this.impacts.get(term);
    if (kept !== undefined) return kept;
    if (!this.searchedOnce.has(term)) {
      if (this.searchedOnce.size >= SEARCHED_ONCE_LIMIT) this.searchedOnce.clear();
      this.searchedOnce.add(term);
      return null;
    }
    this.searchedOnce.delete(term);
    const docs = new Int32Array(list.length >> 1);
    const saturated = new Float64Array(list.length >> 1);
    let count = 0;
    for (let i = 0; i < list.length; ) {
      const doc = list[i];
      let acc = 0;
      for (; i < list.length && list[i] === doc; i += 2) {
        const packed = list[i + 1];
        const norm = norms[packed & FIELD_MASK];
        acc += (norm.weight * (packed >>> FIELD_BITS)) / norm.divisors[doc];
      }
      docs[count] = doc;
      saturated[count++] = acc > 0 ? (acc * (k1 + 1)) / (acc + k1) : 0;
    }
    const impacts = { docs: docs.slice(0, count), saturated: saturated.slice(0, count) };
    this.impacts.set(term, impacts);
    return impacts;
  }

  private fieldNorms(): FieldNorm[] {
    if (this.norms !== null) return this.norms;
    const n = this.ids.length;
    this.norms = this.fieldNames.map((name, f) => {
      const lengths = this.fieldLengths[f];
      let total = 0;
      for (const length of lengths) total += length;
      const average = total / n || 1;
      const b = this.options.fieldB[name] ?? this.options.b;
      const weight = name === BIGRAM_FIELD ? 1 : (this.options.fieldWeights[name] ?? 1);
      const divisors = new Float64Array(n);
      for (let doc = 0; doc < n; doc++) divisors[doc] = 1 - b + (b * lengths[doc]) / average;
      return { weight, divisors };
    });
    return this.norms;
  }

  /** Packs the lists extended since the last search. */
  private pack(): void {
    if (this.unpacked.size === 0) return;
    for (const term of this.unpacked) {
      const list = this.postings.get(term);
      if (Array.isArray(list)) this.postings.set(term, Int32Array.from(list));
    }
    this.unpacked.clear();
  }

  idAt(index: number): string {
    return this.ids[index];
  }

  /** The indexed terms (phrases of adjacent terms left out). */
  *terms(): IterableIterator<string> {
    for (const term of this.postings.keys()) if (!term.startsWith(BIGRAM_PREFIX)) yield term;
  }

  /** How many indexed ids hold the term, in any field. */
  documentFrequency(term: string): number {
    return this.documentFrequencies.get(term) ?? 0;
  }

  /** Whether some indexed id holds the term in the named field. */
  occursInField(term: string, field: string): boolean {
    const index = this.fieldNames.indexOf(field);
    const list = this.list(term);
    if (index < 0 || !list) return false;
    for (let i = 1; i < list.length; i += 2) if ((list[i] & FIELD_MASK) === index) return true;
    return false;
  }

  /** The positions (as in the score arrays) of the ids that hold the term, in any field; a position may repeat. */
  *positionsOf(term: string): IterableIterator<number> {
    const list = this.list(term);
    if (list) for (let i = 0; i < list.length; i += 2) yield list[i];
  }

  /** Where an id sits in the score arrays, -1 when it is not indexed. */
  positionOf(id: string): number {
    return this.positions().get(id) ?? -1;
  }

  private positions(): Map<string, number> {
    this.idIndex ??= new Map(this.ids.map((id, position) => [id, position]));
    return this.idIndex;
  }

  /** The `k` highest positive scores, best first; ties keep insertion order. */
  topK(scores: Float64Array, k: number): ScoredId[] {
    return this.topPositions(scores, k).map((doc) => ({ id: this.ids[doc], score: scores[doc] }));
  }

  /** The positions of the `k` highest positive scores, best first; ties keep insertion order. */
  topPositions(scores: Float64Array, k: number): number[] {
    return bestPositions(scores, k).map(({ position }) => position);
  }

  toJSON(): SerializedBm25Index {
    const terms = [...this.postings.keys()];
    return {
      version: 1,
      options: { ...this.options, fieldWeights: { ...this.options.fieldWeights }, fieldB: { ...this.options.fieldB } },
      ids: [...this.ids],
      fieldNames: [...this.fieldNames],
      fieldLengths: this.fieldLengths.map((lengths) => [...lengths]),
      terms,
      documentFrequencies: terms.map((term) => this.documentFrequencies.get(term) ?? 0),
      postings: terms.map((term) => {
        const list = this.list(term) ?? [];
        const triples: number[] = [];
        for (let i = 0; i < list.length; i += 2) triples.push(list[i], list[i + 1] & FIELD_MASK, list[i + 1] >>> FIELD_BITS);
        return triples;
      }),
    };
  }

  /** The index in typed arrays (its lists packed first), to be restored by `fromSnapshot`. */
  toSnapshot(): Bm25Snapshot {
    this.pack();
    if (this.ids.some((id) => id.includes(ID_SEPARATOR))) throw new Error('An id holds a NUL character: the index has no snapshot');
    const terms = [...this.postings.keys()];
    const lists = terms.map((term) => this.postings.get(term) ?? []);
    const offsets = new Int32Array(terms.length + 1);
    lists.forEach((list, i) => (offsets[i + 1] = list instanceof EncodedPostings ? offsets[i] + list.bytes.length : encodePairs(list, null, offsets[i])));
    const postings = new Uint8Array(offsets[terms.length]);
    lists.forEach((list, i) => (list instanceof EncodedPostings ? postings.set(list.bytes, offsets[i]) : encodePairs(list, postings, offsets[i])));
    return {
      version: 2,
      options: { ...this.options, fieldWeights: { ...this.options.fieldWeights }, fieldB: { ...this.options.fieldB } },
      ids: this.ids.join(ID_SEPARATOR),
      fieldNames: [...this.fieldNames],
      fieldLengths: this.fieldLengths.map((lengths) => Int32Array.from(lengths)),
      terms,
      documentFrequencies: Int32Array.from(terms, (term) => this.documentFrequencies.get(term) ?? 0),
      offsets,
      pairs: Int32Array.from(lists, (list) => (list instanceof EncodedPostings ? list.pairs : list.length / 2)),
      postings,
    };
  }

  /** A term's pairs, decoded first when they are still as a snapshot stored them. */
  private list(term: string): number[] | Int32Array | undefined {
    const list = this.postings.get(term);
    if (!(list instanceof EncodedPostings)) return list;
    const decoded = decodePairs(list);
    this.postings.set(term, decoded);
    return decoded;
  }

  private fieldIndex(name: string): number {
    let index = this.fieldNames.indexOf(name);
    if (index < 0) {
      if (this.fieldNames.length >= FIELD_SLOTS) throw new Error(`A BM25 index holds at most ${FIELD_SLOTS} fields`);
      index = this.fieldNames.length;
      this.fieldNames.push(name);
      this.fieldLengths.push(new Array<number>(this.ids.length).fill(0));
    }
    return index;
  }
}

/**
 * A share added to the scores of runs of positions: `[starts[r], ends[r])` gets `shares[r]` where its score is
 * positive. The runs are in order and cover every position.
 */
export interface RunLift {
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  shares: ArrayLike<number>;
  /** Each run's highest score (`highestOfRuns`), when known: a run that cannot beat the best found so far is passed over. */
  highest?: ArrayLike<number>;
}

/**
 * The highest of the scores `[from, to)` (0 for none, or none positive). Four running maximums side by side: one waits
 * on each comparison before the next, and a data room holds a few hundred thousand passages.
 */
export function highestScore(scores: Float64Array, from = 0, to = scores.length): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = from;
  for (; i + 4 <= to; i += 4) {
    if (scores[i] > a) a = scores[i];
    if (scores[i + 1] > b) b = scores[i + 1];
    if (scores[i + 2] > c) c = scores[i + 2];
    if (scores[i + 3] > d) d = scores[i + 3];
  }
  for (; i < to; i++) if (scores[i] > a) a = scores[i];
  return Math.max(a, b, c, d);
}

/** Each run's highest score into `into` (see `RunLift.highest`), and the highest of all (0 when none is positive). */
export function highestOfRuns(scores: Float64Array, starts: ArrayLike<number>, ends: ArrayLike<number>, into: Float64Array): number {
  let highest = 0;
  for (let run = 0; run < starts.length; run++) {
    into[run] = highestScore(scores, starts[run], ends[run]);
    if (into[run] > highest) highest = into[run];
  }
  return highest;
}

/**
 * The `k` highest positive scores, with `lift`'s shares added when given, best first and the earlier of equals first.
 * The shares are added while choosing, without a branch, not written into the scores: about half of a data room's
 * passages match a question, in no order a branch could predict (six times the time).
 */
export function bestPositions(scores: Float64Array, k: number, lift?: RunLift): { position: number; score: number }[] {
  const size = Math.max(0, Math.min(Math.floor(k), scores.length));
  if (size === 0) return [];
  const { starts, ends, shares, highest } = lift ?? { starts: [0], ends: [scores.length], shares: [0] };
  // A min-heap of the best so far, positions and their scores in typed arrays (numbers kept unboxed): its root is
  // the weakest kept (lowest score, then latest position). Positions come in order, so a new one is later than every
  // one kept: of equal scores it is the weaker, and once the heap is full it beats the root only by a higher score.
  const positions = new Int32Array(size);
  const values = new Float64Array(size);
  let count = 0;
  let floor = 0;
  for (let run = 0; run < starts.length; run++) {
    const share = shares[run];
    // No score of the run lifted beats its highest plus its share (rounding keeps the order of sums), nor a score of
    // 0 or less its highest: once the heap is full and its weakest beats that, the run is passed over whole.
    if (highest !== undefined && count === size && !(highest[run] + (share > 0 ? share : 0) > floor)) continue;
    for (let i = starts[run]; i < ends[run]; i++) {
      const base = scores[i];
      const score = base + share * Number(base > 0);
      if (!(score > floor)) continue;
      let at: number;
      if (count < size) {
        // Sift up from the new leaf.
        at = count++;
        while (at > 0) {
          const parent = (at - 1) >> 1;
          if (!(score <= values[parent])) break;
          positions[at] = positions[parent];
          values[at] = values[parent];
          at = parent;
        }
      } else {
        // Sift down from the root, which the new position replaces.
        at = 0;
        for (;;) {
          const left = 2 * at + 1;
          if (left >= count) break;
          const right = left + 1;
          let child = left;
          if (right < count && (values[right] < values[left] || (values[right] === values[left] && positions[right] > positions[left]))) child = right;
          if (!(values[child] < score)) break;
          positions[at] = positions[child];
          values[at] = values[child];
          at = child;
        }
      }
      positions[at] = i;
      values[at] = score;
      if (count === size) floor = values[0];
    }
  }
  const best = Array.from(positions.subarray(0, count), (position, at) => ({ position, score: values[at] }));
  return best.sort((a, b) => b.score - a.score || a.position - b.position);
}
