import { MetricsService } from '@api/modules/metrics/metrics.service';
import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { chunkDocument, detectBoilerplate, type TextSpan } from '@casewise/legal';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { isParseError, ParseError } from '@api/modules/common/parse-error';
import { DocumentsService } from '@api/modules/documents/documents.service';
import type { ParseReport } from '@api/modules/documents/parse-report';
import { ConfigService } from '@api/modules/config/config.service';
import { Embedder } from '@api/modules/embeddings/embedder';
import { JobContext, JobName, JobPayloads, PermanentJobError } from '@api/modules/jobs/job.constants';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { LegacyTextSealer, type UnsealedRow } from '@api/modules/keys/legacy-text.sealer';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { IntegrityError, StorageRepository } from '@api/modules/storage/storage.repository';
import { UsageService } from '@api/modules/usage/usage.service';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import type { ChunkEntity } from './chunk.entity';
import type { DocumentTextEntity, StoredPage } from './document-text.entity';
import { CHUNK_SEALED_COLUMNS, IngestionRepository, NewChunk, toNewChunks } from './ingestion.repository';
import { DocumentParser } from './parser.adapter';

export const TRANSIENT_FAILURE = 'The document could not be processed. Please try uploading it again later.';
export const WORKER_STOPPED_FAILURE = 'Processing this file stopped the server every time it was tried: the file may be damaged.';

/** Something to read: a character that is not white space, a control or an invisible format character. */
const READABLE = /[^\s\p{Cc}\p{Cf}]/u;

/** The ingest-document job: parse, chunk, embed, index; queued → processing → ready | failed. */
@Injectable()
export class IngestionService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(IngestionService.name);

  constructor(
    private readonly jobs: JobRepository,
    private readonly documents: DocumentsService,
    private readonly repository: IngestionRepository,
    private readonly storage: StorageRepository,
    private readonly parser: DocumentParser,
    private readonly embedder: Embedder,
    private readonly vectors: VectorIndex,
    private readonly audit: AuditRepository,
    private readonly sealer: LegacyTextSealer,
    private readonly projects: ProjectsService,
    private readonly usage: UsageService,
    private readonly config: ConfigService,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register(
      JobName.IngestDocument,
      (payload, context) => this.ingest(payload, context),
      (payload) => this.giveUp(payload),
    );
    this.sealer.register({
      sealedTable: 'document_texts',
      sealedColumns: ['text'],
      findUnsealed: (limit) => this.unsealedTexts(limit),
      writeSealed: (documentId, _column, sealed) => this.repository.writeSealedText(documentId, sealed),
    });
    this.sealer.register({
      sealedTable: 'chunks',
      sealedColumns: CHUNK_SEALED_COLUMNS,
      findUnsealed: (limit) => this.repository.findUnsealedChunks(limit),
      writeSealed: (chunkId, column, sealed) => this.repository.writeSealedChunk(chunkId, column, sealed),
    });
  }

  /** A text's project is its document's, which documents knows. */
  private async unsealedTexts(limit: number): Promise<UnsealedRow[]> {
    const texts = await this.repository.findUnsealedTexts(limit);
    const projects = await this.documents.projectIdsOf(texts.map((text) => text.documentId));
    return texts.map((text) => {
      const projectId = projects.get(text.documentId);
      if (!projectId) throw new Error(`The text of document ${text.documentId} has no document`);
      return { rowId: text.documentId, projectId, values: { text: text.text } };
    });
  }

  /** Documents whose job was lost (a crash between commit and enqueue) are queued again. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.jobs.runsWorkers) return;
    // Documents first, jobs second: a job queued in between is seen, as the one query this replaces saw it.
    const unfinished = await this.documents.unfinishedIds();
    const live = new Set((await this.jobs.livePayloads(JobName.IngestDocument)).map((payload) => payload.documentId));
    for (const documentId of unfinished.filter((id) => !live.has(id))) {
      if (!(await this.documents.requeue(documentId, { ifUnfinished: true }))) continue;
      await this.jobs.queue(JobName.IngestDocument, { documentId });
      this.logger.log(`Re-queued document ${documentId} left unfinished`);
    }
  }

  /** Pages read count for whoever uploaded the document, in the firm that holds it. */
  private async countPages(document: { projectId: string; uploadedBy: string | null }, pages: number): Promise<void> {
    if (!document.uploadedBy) return;
    const firmId = await this.projects.firmOf(document.projectId);
    if (firmId) await this.usage.count({ id: document.uploadedBy, firmId }, { pages });
  }

  /** Its worker died during every try: the document fails instead of waiting for the next start-up. */
  private async giveUp(payload: JobPayloads[JobName.IngestDocument]): Promise<void> {
    await this.documents.markFailed(payload.documentId, WORKER_STOPPED_FAILURE, { ifUnfinished: true });
  }

  /**
   * Saves a parsed document's text (with the page furniture its chunks left out) and chunks and makes it ready, in
   * one transaction; the ids of the chunks saved, none when the document was deleted meanwhile.
   */
  async saveParsed(document: { id: string; projectId: string }, text: string, pages: StoredPage[], report: ParseReport, chunks: NewChunk[], furniture: TextSpan[]): Promise<string[]> {
    const content = await this.repository.sealContent(document, text, pages, chunks, furniture);
    const saved = await this.documents.markReady(document.id, report, (transaction) => this.repository.replaceContent(transaction, content));
    return saved ? content.chunks.map((chunk) => chunk.id) : [];
  }

  /** The documents' canonical texts and page maps, opened: what citations are checked against. */
  textsOf(documentIds: string[]): Promise<DocumentTextEntity[]> {
    return this.repository.textsOf(documentIds);
  }

  /** Chunks of the project's ready documents, in document and reading order, opened; vectors only when asked for. */
  async chunksOfProject(projectId: string, withVectors = true): Promise<ChunkEntity[]> {
    return this.repository.chunksOf(projectId, await this.documents.readyIds(projectId), withVectors);
  }

  /** Chunks of these documents of the project, in document and reading order, opened; vectors only when asked for. */
  chunksOfDocuments(projectId: string, documentIds: string[], withVectors = true): Promise<ChunkEntity[]> {
    return this.repository.chunksOf(projectId, documentIds, withVectors);
  }

  async ingest(payload: JobPayloads[JobName.IngestDocument], context: JobContext): Promise<void> {
    const document = await this.documents.findById(payload.documentId);
    // A failed document's job runs again only when a crash came between the two failures being recorded.
    if (!document || document.status === 'ready' || document.status === 'failed') return;
    if (!(await this.documents.markProcessing(document.id))) return;
    const started = performance.now();
    try {
      const bytes = await this.storage.read(document);
      const parsed = await this.parser.parse(document.type, bytes);
      if (!READABLE.test(parsed.text)) throw new ParseError('no-text');
      const pages = parsed.pages.map((page) => ({ page: page.page, start: page.start, end: page.end, ocr: page.ocr }));
      // Running headers, footers, page numbers and legends stay in the stored text but in no chunk; their spans are
      // stored with the text, for the answers to leave out too.
      const furniture = detectBoilerplate(parsed.text, pages);
      const pieces = chunkDocument(parsed.text, pages, { exclude: furniture });
      // With SEARCH_VECTOR_WEIGHT 0 search never asks for vectors, so none are computed or stored.
      const vectors = this.config.search.vectorWeight > 0 ? await this.embedder.embedDocuments(pieces.map((piece) => piece.text)) : [];
      const chunks = toNewChunks(pieces, this.vectors.vectorsForChunkRows(vectors));
      const ids = await this.saveParsed(document, parsed.text, pages, parsed.report, chunks, furniture);
      if (ids.length > 0 && vectors.length > 0) {
        await this.vectors.replaceDocument(
          document.projectId,
          document.id,
          ids.map((id, index) => ({ id, vector: vectors[index] })),
        );
      }
      await this.countPages(document, parsed.report.pages);
      this.metrics.observeIngestion(parsed.report.pages, (performance.now() - started) / 1000);
    } catch (error) {
      const permanent = isParseError(error) || error instanceof IntegrityError;
      if (error instanceof IntegrityError) {
        await this.audit.record({ action: 'document.integrity_failure', target: { type: 'document', id: document.id }, details: { projectId: document.projectId, documentId: document.id } });
      }
      const final = permanent || context.attempt >= context.maxAttempts;
      const reason = permanent ? (error as Error).message : TRANSIENT_FAILURE;
      if (final) await this.documents.markFailed(document.id, reason);
      else await this.documents.requeue(document.id);
      if (!permanent) this.logger.warn(`Ingesting ${document.id} failed (try ${context.attempt}): ${(error as Error).message}`);
      throw permanent ? new PermanentJobError(reason) : error;
    }
  }
}
