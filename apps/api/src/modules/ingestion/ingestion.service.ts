import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { chunkDocument } from '@casewise/legal';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { DocumentRepository } from '@api/modules/documents/document.repository';
import { Embedder } from '@api/modules/embeddings/embedder';
import { JobContext, JobName, JobPayloads, PermanentJobError } from '@api/modules/jobs/job.constants';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { IntegrityError, StorageRepository } from '@api/modules/storage/storage.repository';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { IngestionRepository, toNewChunks } from './ingestion.repository';
import { DocumentParser } from './parser.adapter';
import { isParseError, ParseError } from '@api/modules/common/parse-error';

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
    private readonly documents: DocumentRepository,
    private readonly repository: IngestionRepository,
    private readonly storage: StorageRepository,
    private readonly parser: DocumentParser,
    private readonly embedder: Embedder,
    private readonly vectors: VectorIndex,
    private readonly audit: AuditRepository,
  ) {}

  onModuleInit(): void {
    this.jobs.register(
      JobName.IngestDocument,
      (payload, context) => this.ingest(payload, context),
      (payload) => this.giveUp(payload),
    );
  }

  /** Documents whose job was lost (a crash between commit and enqueue) are queued again. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.jobs.runsWorkers) return;
    for (const documentId of await this.repository.orphanedDocuments()) {
      await this.documents.update(documentId, { status: 'queued' });
      await this.jobs.queue(JobName.IngestDocument, { documentId });
      this.logger.log(`Re-queued document ${documentId} left unfinished`);
    }
  }

  /** Its worker died during every try: the document fails instead of waiting for the next start-up. */
  private async giveUp(payload: JobPayloads[JobName.IngestDocument]): Promise<void> {
    const document = await this.documents.findById(payload.documentId);
    if (document && (document.status === 'queued' || document.status === 'processing')) {
      await this.documents.update(document.id, { status: 'failed', error: WORKER_STOPPED_FAILURE });
    }
  }

  async ingest(payload: JobPayloads[JobName.IngestDocument], context: JobContext): Promise<void> {
    const document = await this.documents.findById(payload.documentId);
    if (!document || document.status === 'ready') return;
    await this.documents.update(document.id, { status: 'processing', error: null });
    try {
      const bytes = await this.storage.read(document);
      const parsed = await this.parser.parse(document.type, bytes);
      if (!READABLE.test(parsed.text)) throw new ParseError('no-text');
      const pages = parsed.pages.map((page) => ({ page: page.page, start: page.start, end: page.end, ocr: page.ocr }));
      const pieces = chunkDocument(parsed.text, pages);
      const vectors = await this.embedder.embedDocuments(pieces.map((piece) => piece.text));
      const chunks = toNewChunks(pieces, this.vectors.storesInDatabase ? vectors : []);
      const ids = await this.repository.saveParsed(document, parsed.text, pages, parsed.report, chunks);
      if (!this.vectors.storesInDatabase && ids.length > 0) {
        await this.vectors.replaceDocument(
          document.projectId,
          document.id,
          ids.map((id, index) => ({ id, vector: vectors[index] })),
        );
      }
    } catch (error) {
      const permanent = isParseError(error) || error instanceof IntegrityError;
      if (error instanceof IntegrityError) {
        await this.audit.record({ action: 'document.integrity-failure', details: { projectId: document.projectId, documentId: document.id } });
      }
      const final = permanent || context.attempt >= context.maxAttempts;
      const reason = permanent ? (error as Error).message : TRANSIENT_FAILURE;
      await this.documents.update(document.id, final ? { status: 'failed', error: reason } : { status: 'queued', error: null });
      if (!permanent) this.logger.warn(`Ingesting ${document.id} failed (try ${context.attempt}): ${(error as Error).message}`);
      throw permanent ? new PermanentJobError(reason) : error;
    }
  }
}
