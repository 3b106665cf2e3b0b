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
  start: number;
  end: number;
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

  constructor(chunks: Iterable<SectionChunk>) {
    this.add(chunks);
  }

  /** Adds passages (of documents new to the map, or more of one already in it). */
  add(chunks: Iterable<SectionChunk>): void {
    const touched = new Set<string>();
    for (const chunk of chunks) {
      const list = this.byDocument.get(chunk.documentId) ?? [];
      list.push(chunk);
      this.byDocument.set(chunk.documentId, list);
      touched.add(chunk.documentId);
    }
    for (const documentId of touched) {
      const list = this.byDocument.get(documentId) as SectionChunk[];
      list.sort((a, b) => a.ordinal - b.ordinal);
      list.forEach((chunk, index) => this.position.set(chunk.id, { documentId, index }));
    }
  }

  /** A passage as it was added. */
  get(chunkId: string): SectionChunk | undefined {
    const at = this.position.get(chunkId);
    return at === undefined ? undefined : this.byDocument.get(at.documentId)?.[at.index];
  }

  /** The passages of a passage's section, in order: the passage alone when the section is longer than `maxChars`. */
  sectionOf(chunkId: string, maxChars: number): SectionChunk[] {
    const at = this.position.get(chunkId);
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
}

/**
 * Small-to-big: passages are ranked small, and each is handed out grown over its section (at most `maxSectionChars`):
 * over the neighbours that match the question nearly as well (`growRatio`), or, at a ratio of 0, the whole section.
 * A passage already handed out within a better one is not repeated; the order is the passages' order.
 */
export function assembleSections(
  hits: readonly { id: string; score: number; passageScore?: number }[],
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
    let section = sections.sectionOf(hit.id, growRatio > 0 ? Number.MAX_SAFE_INTEGER : maxChars);
    if (growRatio > 0) section = own(hit) <= 0 ? section.filter((chunk) => chunk.id === hit.id) : grown(section, hit, (id) => (given.has(id) ? -1 : (scores.get(id) ?? 0)), growRatio * own(hit), maxChars);
    if (section.length === 0) continue;
    for (const chunk of section) given.add(chunk.id);
    out.push({
      id: hit.id,
      documentId: section[0].documentId,
      start: section[0].start,
      end: section[section.length - 1].end,
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
