import { deserialize, serialize } from 'node:v8';
import { assembleSections, LegalRetriever, SectionMap, type LegalRetrieverSnapshot, type RetrievalHit, type SectionHit } from '@casewise/legal';

/** A document as its project's retriever reads it: the opening of its stored text and its file name. */
export interface RetrieverInputDocument {
  id: string;
  name?: string;
  /** The first characters of the stored text (title, parties, recitals): what a query naming the document matches. */
  opening: string;
}

/** A passage as the retriever reads it: its words and headings, and where it lies (for small-to-big). */
export interface RetrieverInputChunk {
  id: string;
  documentId: string;
  ordinal: number;
  start: number;
  end: number;
  text: string;
  headingPath: string[];
}

/** One ranked passage before small-to-big: its score, and its own match with the question before any document prior. */
export interface RankedPassage {
  id: string;
  /** Its document, when known: spares looking it up. */
  documentId?: string;
  score: number;
  passageScore?: number;
}

interface ProjectRetriever {
  retriever: LegalRetriever;
  sections: SectionMap;
}

/** A project's retriever and sections in typed arrays: what `snapshot` writes and `restore` reads (`v8.serialize`). */
interface ProjectSnapshot {
  version: 1;
  retriever: LegalRetrieverSnapshot;
  /** Per passage, in the retriever's order: its ordinal, offsets and heading path (an index into `headingPaths`). */
  ordinals: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
  headings: Int32Array;
  headingPaths: string[][];
}

/**
 * The lexical half of search for many projects: each project's legal BM25 retriever and the map of its sections. The
 * search service runs it in worker threads (WorkerPool), so that scoring a question never holds up the API's event
 * loop; the same code runs in process when there are no workers. A project it does not hold is reported as `null`:
 * the caller builds it again (after a worker restarted, or a project dropped from the cache meanwhile).
 */
export class ProjectRetrievers {
  private readonly projects = new Map<string, ProjectRetriever>();

  /**
   * Adds documents and their passages to a project's retriever; `reset` starts the project afresh. Without `reset`,
   * a project not held here is left alone and `false` returned: what it held before must be read again first.
   */
  add(projectId: string, reset: boolean, documents: readonly RetrieverInputDocument[], chunks: readonly RetrieverInputChunk[]): boolean {
    let project = reset ? undefined : this.projects.get(projectId);
    if (project === undefined && !reset) return false;
    if (project === undefined) {
      project = { retriever: LegalRetriever.build([], []), sections: new SectionMap([]) };
      this.projects.set(projectId, project);
    }
    for (const document of documents) project.retriever.addDocument({ id: document.id, name: document.name, text: document.opening });
    for (const chunk of chunks) {
      project.retriever.addChunk({ id: chunk.id, documentId: chunk.documentId, text: chunk.text, headingPath: chunk.headingPath });
    }
    project.sections.add(chunks.map(({ id, documentId, ordinal, start, end, headingPath }) => ({ id, documentId, ordinal, start, end, headingPath })));
    return true;
  }

  /** The project's retriever and sections as bytes (its postings packed on the way), or null when not held here. */
  snapshot(projectId: string): Uint8Array | null {
    const project = this.projects.get(projectId);
    if (project === undefined) return null;
    const retriever = project.retriever.toSnapshot();
    const size = project.retriever.size;
    const data: ProjectSnapshot = { version: 1, retriever, ordinals: new Int32Array(size), starts: new Int32Array(size), ends: new Int32Array(size), headings: new Int32Array(size), headingPaths: [] };
    const headingIndex = new Map<string, number>();
    let i = 0;
    for (const [id, documentId] of project.retriever.chunkDocuments()) {
      const chunk = project.sections.get(id, documentId);
      if (chunk === undefined) throw new Error(`Passage ${id} has no section`);
      const key = chunk.headingPath.join('\u0000');
      let heading = headingIndex.get(key);
      if (heading === undefined) {
        heading = data.headingPaths.push([...chunk.headingPath]) - 1;
        headingIndex.set(key, heading);
      }
      data.ordinals[i] = chunk.ordinal;
      data.starts[i] = chunk.start;
      data.ends[i] = chunk.end;
      data.headings[i] = heading;
      i++;
    }
    return serialize(data);
  }

  /** Holds a project's retriever again from its `snapshot` bytes, replacing what was held. */
  restore(projectId: string, bytes: Uint8Array): void {
    const data = deserialize(bytes) as ProjectSnapshot;
    if (data.version !== 1) throw new Error(`Unsupported search snapshot version ${String(data.version)}`);
    const retriever = LegalRetriever.fromSnapshot(data.retriever);
    const { chunkDocumentIds, chunkDocumentIndexes } = data.retriever;
    const sections = SectionMap.fromColumns({
      idAt: (row) => retriever.chunkIdAt(row),
      documentIds: chunkDocumentIds,
      documentAt: chunkDocumentIndexes,
      ordinals: data.ordinals,
      starts: data.starts,
      ends: data.ends,
      headings: data.headings,
      headingPaths: data.headingPaths,
    });
    this.projects.set(projectId, { retriever, sections });
  }

  forget(projectId: string): void {
    this.projects.delete(projectId);
  }

  /** The `depth` best passages for a query, lexically, among the given documents' when some are given. */
  rank(projectId: string, query: string, depth: number, documentIds?: readonly string[]): RetrievalHit[] | null {
    const project = this.projects.get(projectId);
    if (project === undefined) return null;
    const allowed = documentIds ? new Set(documentIds) : null;
    const filter = allowed ? (id: string) => allowed.has(project.retriever.documentOf(id) ?? '') : undefined;
    return project.retriever.search(query, depth, filter);
  }

  /** Ranked passages grown to their sections (small-to-big), the best `k`. */
  assemble(projectId: string, ranked: readonly RankedPassage[], k: number): SectionHit[] | null {
    const project = this.projects.get(projectId);
    if (project === undefined) return null;
    return assembleSections(ranked, project.sections).slice(0, k);
  }

  /** Ranks and assembles in one step: the lexical search alone. */
  search(projectId: string, query: string, depth: number, k: number, documentIds?: readonly string[]): SectionHit[] | null {
    const ranked = this.rank(projectId, query, depth, documentIds);
    return ranked === null ? null : this.assemble(projectId, ranked, k);
  }
}
