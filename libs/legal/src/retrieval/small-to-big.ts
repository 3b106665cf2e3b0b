/** A retrieval passage as small-to-big assembly needs it: where it lies and under which headings. */
export interface SectionChunk {
  id: string;
  documentId: string;
  /** Position among its document's passages. */
  ordinal: number;
  start: number;
  end: number;
  headingPath: readonly string[];
}

export interface SmallToBigOptions {
  /** The longest section handed out whole; a longer one leaves the passage as it is (0 turns assembly off). */
  maxSectionChars: number;
  /**
   * When above 0, a passage grows only over the neighbours of its section that score at least this share of its own
   * score (a provision told over several passages), instead of taking the whole section.
   */
  growRatio: number;
  /** How many of the best passages grow by `growRatio`; the ones after them are handed out as their whole section. */
  tightHits: number;
  /** The longest whole section handed out for a passage after the tight ones. */
  contextSectionChars: number;
}

/** Measured on CUAD dev and ContractNLI (bench:retrieval-lab, --sections): see the README's retrieval table. */
export const DEFAULT_SMALL_TO_BIG: Readonly<SmallToBigOptions> = {
  maxSectionChars: 2000,
  growRatio: 0.85,
  tightHits: 1,
  contextSectionChars: 4000,
};

/** A ranked passage grown to its enclosing section: `chunkIds` are the passages it spans, in document order. */
export interface SectionHit {
  /** The passage that was retrieved. */
  id: string;
  documentId: string;
  /** The first passage's position among its document's passages. */
  ordinal: number;
  start: number;
  end: number;
  /** The retrieved passage's headings. */
  headingPath: readonly string[];
  chunkIds: string[];
  score: number;
}

const startsWith = (path: readonly string[], prefix: readonly string[]): boolean => prefix.length <= path.length && prefix.every((label, i) => path[i] === label);

/**
 * The sections of a project's documents as their passages' heading paths draw them. A passage's section is the run
 * of its document's consecutive passages that sit under its own heading path (subsections included): the clause or
 * section it was cut from. A passage under no heading has no section but itself.
 */
export class SectionMap {
  private readonly byDocument = new Map<string, SectionChunk[]>();
  private readonly position = new Map<string, { documentId: string; index: number }>();
  /** Documents restored column by column (`fromColumns`) whose passages are made into records when first asked for. */
  private readonly stored = new Map<string, number[]>();
  private columns: SectionColumns | null = null;
  /** Each stored passage's document, built only when a passage is asked for without its document. */
  private storedDocumentOf: Map<string, string> | null = null;

  constructor(chunks: Iterable<SectionChunk>) {
    this.add(chunks);
  }

  /** A map of passages given column by column (as a snapshot holds them): each document is read when first needed. */
  static fromColumns(columns: SectionColumns): SectionMap {
    const map = new SectionMap([]);
    map.columns = columns;
    for (let row = 0; row < columns.documentAt.length; row++) {
      const documentId = columns.documentIds[columns.documentAt[row]];
      const rows = map.stored.get(documentId);
      if (rows) rows.push(row);
      else map.stored.set(documentId, [row]);
    }
    return map;
  }

  /** Adds passages (of documents new to the map, or more of one already in it). */
  add(chunks: Iterable<SectionChunk>): void {
    const touched = new Set<string>();
    for (const chunk of chunks) {
      this.open(chunk.documentId);
      const list = this.byDocument.get(chunk.documentId) ?? [];
      list.push(chunk);
      this.byDocument.set(chunk.documentId, list);
      touched.add(chunk.documentId);
    }
    for (const documentId of touched) this.place(documentId);
  }

  /** A passage as it was added (`documentId`, when known, spares a search for it). */
  get(chunkId: string, documentId?: string): SectionChunk | undefined {
    const at = this.locate(chunkId, documentId);
    return at === undefined ? undefined : this.byDocument.get(at.documentId)?.[at.index];
  }

  /** The passages of a passage's section, in order: the passage alone when the section is longer than `maxChars`. */
  sectionOf(chunkId: string, maxChars: number, documentId?: string): SectionChunk[] {
    const at = this.locate(chunkId, documentId);
    if (at === undefined) return [];
    const list = this.byDocument.get(at.documentId) as SectionChunk[];
    const chunk = list[at.index];
    if (chunk.headingPath.length === 0 || maxChars <= 0) return [chunk];
    let first = at.index;
    let last = at.index;
    while (first > 0 && startsWith(list[first - 1].headingPath, chunk.headingPath)) first--;
    while (last + 1 < list.length && startsWith(list[last + 1].headingPath, chunk.headingPath)) last++;
    if (list[last].end - list[first].start > maxChars) return [chunk];
    return list.slice(first, last + 1);
  }

  private locate(chunkId: string, documentId?: string): { documentId: string; index: number } | undefined {
    const at = this.position.get(chunkId);
    if (at !== undefined || this.stored.size === 0) return at;
    const owner = documentId ?? this.storedDocument(chunkId);
    if (owner === undefined || !this.open(owner)) return undefined;
    return this.position.get(chunkId);
  }

  /** Makes a stored document's passages into records; whether it was stored. */
  private open(documentId: string): boolean {
    const rows = this.stored.get(documentId);
    const columns = this.columns;
    if (rows === undefined || columns === null) return false;
    this.stored.delete(documentId);
    const list = rows.map((row) => ({
      id: columns.idAt(row),
      documentId,
      ordinal: columns.ordinals[row],
      start: columns.starts[row],
      end: columns.ends[row],
      headingPath: columns.headingPaths[columns.headings[row]],
    }));
    this.byDocument.set(documentId, [...(this.byDocument.get(documentId) ?? []), ...list]);
    this.place(documentId);
    return true;
  }

  private place(documentId: string): void {
    const list = this.byDocument.get(documentId) as SectionChunk[];
    list.sort((a, b) => a.ordinal - b.ordinal);
    list.forEach((chunk, index) => this.position.set(chunk.id, { documentId, index }));
  }

  private storedDocument(chunkId: string): string | undefined {
    const columns = this.columns;
    if (columns === null) return undefined;
    if (this.storedDocumentOf === null) {
      this.storedDocumentOf = new Map();
      for (const [documentId, rows] of this.stored) for (const row of rows) this.storedDocumentOf.set(columns.idAt(row), documentId);
    }
    return this.storedDocumentOf.get(chunkId);
  }
}

/** Passages column by column: row `i` is one passage. */
export interface SectionColumns {
  idAt: (row: number) => string;
  /** The documents, once each, and each row's place among them. */
  documentIds: readonly string[];
  documentAt: Int32Array;
  ordinals: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  /** Each row's heading path, as a place in `headingPaths`. */
  headings: Int32Array;
  headingPaths: readonly (readonly string[])[];
}

/**
 * Small-to-big: passages are ranked small, and each is handed out grown over its section (at most `maxSectionChars`):
 * over the neighbours that match the question nearly as well (`growRatio`), or, at a ratio of 0, the whole section.
 * A passage already handed out within a better one is not repeated; the order is the passages' order.
 */
export function assembleSections(
  hits: readonly { id: string; documentId?: string; score: number; passageScore?: number }[],
  sections: SectionMap,
  options: Partial<SmallToBigOptions> = {},
): SectionHit[] {
  const { maxSectionChars, growRatio: tightRatio, tightHits, contextSectionChars } = { ...DEFAULT_SMALL_TO_BIG, ...options };
  // Passages grow by their own match with the question: a document prior lifts every passage of a document alike.
  const own = (hit: { score: number; passageScore?: number }): number => hit.passageScore ?? hit.score;
  const scores = new Map(hits.map((hit) => [hit.id, own(hit)]));
  const out: SectionHit[] = [];
  const given = new Set<string>();
  for (const hit of hits) {
    if (given.has(hit.id)) continue;
    const tight = out.length < tightHits;
    const growRatio = tight ? tightRatio : 0;
    const maxChars = tight ? maxSectionChars : contextSectionChars;
    let section = sections.sectionOf(hit.id, growRatio > 0 ? Number.MAX_SAFE_INTEGER : maxChars, hit.documentId);
    if (growRatio > 0) section = own(hit) <= 0 ? section.filter((chunk) => chunk.id === hit.id) : grown(section, hit, (id) => (given.has(id) ? -1 : (scores.get(id) ?? 0)), growRatio * own(hit), maxChars);
    if (section.length === 0) continue;
    for (const chunk of section) given.add(chunk.id);
    out.push({
      id: hit.id,
      documentId: section[0].documentId,
      ordinal: section[0].ordinal,
      start: section[0].start,
      end: section[section.length - 1].end,
      headingPath: (section.find((chunk) => chunk.id === hit.id) ?? section[0]).headingPath,
      chunkIds: section.map((chunk) => chunk.id),
      score: hit.score,
    });
  }
  return out;
}

/** The run of a section's passages around the hit whose scores reach `floor`, at most `maxChars` long. */
function grown(section: SectionChunk[], hit: { id: string }, scoreOf: (id: string) => number, floor: number, maxChars: number): SectionChunk[] {
  const at = section.findIndex((chunk) => chunk.id === hit.id);
  if (at < 0) return section;
  let first = at;
  let last = at;
  const fits = (a: number, b: number): boolean => section[b].end - section[a].start <= maxChars;
  for (;;) {
    const before = first > 0 && scoreOf(section[first - 1].id) >= floor && fits(first - 1, last) ? scoreOf(section[first - 1].id) : -1;
    const after = last + 1 < section.length && scoreOf(section[last + 1].id) >= floor && fits(first, last + 1) ? scoreOf(section[last + 1].id) : -1;
    if (before < 0 && after < 0) break;
    if (before >= after) first--;
    else last++;
  }
  return section.slice(first, last + 1);
}
