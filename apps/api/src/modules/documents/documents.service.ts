import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CryptoRepository } from '@api/modules/common/crypto.repository';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '@api/modules/common/app-error';
import { DatabaseHandle } from '@api/modules/database/database.handle';
import type { Transaction } from '@api/modules/database/transaction';
import { JobName } from '@api/modules/jobs/job.constants';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { ProjectDocuments, ProjectsService } from '@api/modules/projects/projects.service';
import { IntegrityError, StorageRepository, type StoredFileRef } from '@api/modules/storage/storage.repository';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { DocumentEntity } from './document.entity';
import { DocumentRepository } from './document.repository';
import { assertTransition, type DocumentStatus, UNFINISHED } from './document-status';
import { MAX_TEXT_CHARACTERS, type ParseReport } from './parse-report';
import { DeletedResponseDto } from '@api/modules/projects/projects.dto';
import { DocumentListResponseDto, FileListResponseDto, mapDocument, mapUploaded, UploadedDocumentDto } from './documents.dto';
import { detectFileType, MIME_TYPES, SUPPORTED_TYPES_TEXT } from './file-type';
import { validateFileName } from './file-name';
import type { ReceivedUpload } from './upload.interceptor';
import { UsageService } from '@api/modules/usage/usage.service';
import { FirmsService } from '@api/modules/firms/firms.service';

export interface UploadResult {
  created: boolean;
  document: UploadedDocumentDto;
}

interface MoveOptions {
  /** Leave the document alone (and answer false) unless it is in one of these. */
  onlyFrom?: readonly DocumentStatus[];
  /** Runs in the transaction that moves the status, after the move is checked. */
  within?: (transaction: Transaction) => Promise<void>;
}

/** A document as other modules read it through this service; only this module writes documents. */
export type DocumentRecord = Readonly<DocumentEntity>;

@Injectable()
export class DocumentsService implements OnModuleInit, ProjectDocuments {
  private readonly logger = new Logger(DocumentsService.name);

  constructor(
    private readonly documents: DocumentRepository,
    private readonly projects: ProjectsService,
    private readonly storage: StorageRepository,
    private readonly jobs: JobRepository,
    private readonly audit: AuditRepository,
    private readonly vectors: VectorIndex,
    private readonly crypto: CryptoRepository,
    private readonly usage: UsageService,
    private readonly firms: FirmsService,
    private readonly database: DatabaseHandle,
  ) {}

  onModuleInit(): void {
    this.projects.registerDocuments(this);
    // A document read or removed writes or frees its passages by the hundred: the database's statistics follow.
    const tidy = () => this.database.noteWrites();
    this.onDocumentReady(tidy);
    this.onDocumentDeleted(tidy);
    this.projects.onProjectDeleted(tidy);
  }

  private readonly deletionListeners: ((projectId: string, documentId: string) => void)[] = [];

  /** Lets a module that keeps a project's state in memory drop it as soon as one of its documents is deleted. */
  onDocumentDeleted(listener: (projectId: string, documentId: string) => void): void {
    this.deletionListeners.push(listener);
  }

  private readonly readyListeners: ((projectId: string, documentId: string) => void)[] = [];

  /** Lets a module that keeps a project's state in memory prepare it as soon as one of its documents is ready (committed). */
  onDocumentReady(listener: (projectId: string, documentId: string) => void): void {
    this.readyListeners.push(listener);
  }

  /** Document counts and stored bytes per project, for the firm console's matter list. */
  summaries(projectIds: readonly string[]): Promise<Map<string, { count: number; bytes: number }>> {
    return this.documents.summaries(projectIds);
  }

  /**
   * Answers 201 only once the encrypted file is on disk (fsynced) and its row committed; then queues
   * ingestion. The incoming plaintext is removed whatever happens.
   */
  async upload(user: AuthUser, projectId: unknown, upload: ReceivedUpload): Promise<UploadResult> {
    try {
      if (typeof projectId !== 'string' || projectId.trim() === '') throw new BadRequestError('project_id is required: the id of the project to add the document to.');
      if (!isUUID(projectId.trim())) throw new BadRequestError('The project id is not valid: it must be a UUID.');
      const project = await this.projects.getFor(user, projectId.trim(), 'documents.upload');
      const filename = validateFileName(upload.originalName);
      if (upload.size === 0) throw new BadRequestError(`"${filename}" is empty (0 bytes): there is nothing to upload.`);
      const limitMb = await this.firms.uploadLimitMb(user.firmId);
      if (upload.size > limitMb * 1024 * 1024) throw new PayloadTooLargeError(`The file is larger than your firm's upload limit of ${limitMb} MB.`);
      const type = await this.storage.inspectIncoming(upload.incoming, (source) => detectFileType(source, filename, { maxTextCharacters: MAX_TEXT_CHARACTERS }));
      if (!type) throw new UnsupportedMediaTypeError(`"${filename}" is not a supported file type. Supported types: ${SUPPORTED_TYPES_TEXT}.`);

      const existing = await this.documents.findByName(project.id, filename);
      if (existing) return this.sameNameAnswer(existing, upload.sha256, filename);

      // The id is chosen first: the stored file is bound to it.
      const documentId = this.crypto.randomId();
      const stored = await this.storage.store(upload.incoming, documentId);
      // The document and its ingestion job commit together: a database lost in between leaves neither, never a
      // document that no job will ever read.
      const inserted = await this.documents.transaction(async (transaction) => {
        const row = await this.documents.insertIn(transaction, {
          id: documentId,
          projectId: project.id,
          uploadedBy: user.id,
          filename,
          type: MIME_TYPES[type],
          size: stored.size,
          sha256: stored.sha256,
          storageKey: stored.key,
          status: 'queued',
          error: null,
          pages: null,
          parseReport: null,
        });
        return row ? { document: row, job: await this.jobs.record(transaction, JobName.IngestDocument, { documentId: row.id }) } : null;
      });
      if (!inserted) {
        await this.storage.remove(stored.key);
        const raced = await this.documents.findByName(project.id, filename);
        if (!raced) throw new ConflictError(`A document named "${filename}" was being changed at the same time. Please try again.`);
        return this.sameNameAnswer(raced, upload.sha256, filename);
      }
      const { document, job } = inserted;
      await this.jobs.dispatch(job);
      await this.audit.record({ action: 'document.upload', firmId: user.firmId, target: { type: 'document', id: document.id }, actorId: user.id, email: user.email, details: { projectId: project.id, documentId: document.id, filename } });
      await this.usage.count(user, { uploads: 1 });
      return { created: true, document: mapUploaded(document) };
    } finally {
      await this.storage.removeIncoming(upload.path);
    }
  }

  async listFiles(user: AuthUser, projectId: string): Promise<FileListResponseDto> {
    const project = await this.projects.getFor(user, projectId, 'documents.read');
    return { files: (await this.documents.list(project.id)).map((document) => document.filename) };
  }

  async listDocuments(user: AuthUser, projectId: string): Promise<DocumentListResponseDto> {
    const project = await this.projects.getFor(user, projectId, 'documents.read');
    return { documents: (await this.documents.list(project.id)).map(mapDocument) };
  }

  async deleteByName(user: AuthUser, projectId: string, filename: string): Promise<DeletedResponseDto> {
    const project = await this.projects.getFor(user, projectId, 'documents.delete');
    // No stored name holds a NUL byte (PostgreSQL text cannot), so such a name is simply not found.
    const document = filename.includes('\0') ? null : await this.documents.findByName(project.id, filename.normalize('NFC'));
    if (!document) throw new NotFoundError(`No document named "${filename.replace(/\0/g, '')}" in this project.`);
    await this.documents.delete(document.id);
    for (const listener of this.deletionListeners) listener(project.id, document.id);
    await this.vectors.deleteDocument(document.id).catch((error: Error) => this.logger.warn(`Vectors not removed yet: ${error.message}`));
    await this.storage.remove(document.storageKey).catch((error: Error) => this.logger.warn(`Stored file not removed yet: ${error.message}`));
    await this.audit.record({ action: 'document.delete', firmId: user.firmId, target: { type: 'document', id: document.id }, actorId: user.id, email: user.email, details: { projectId: project.id, documentId: document.id, filename } });
    return { message: `Document "${document.filename}" deleted.` };
  }

  /** The original file, decrypted and checked; a tampered file is reported, never served. */
  async content(user: AuthUser, projectId: string, documentId: string): Promise<{ document: DocumentEntity; bytes: Buffer }> {
    const project = await this.projects.getFor(user, projectId, 'documents.read');
    const document = isUUID(documentId) ? await this.documents.findInProject(project.id, documentId) : null;
    if (!document) throw new NotFoundError('Document not found.');
    try {
      const bytes = await this.storage.read(document);
      await this.audit.record({
        action: 'document.download',
        firmId: user.firmId,
        target: { type: 'document', id: document.id },
        actorId: user.id,
        email: user.email,
        details: { projectId: project.id, documentId: document.id, filename: document.filename },
      });
      return { document, bytes };
    } catch (error) {
      if (error instanceof IntegrityError) {
        this.logger.error(`Integrity check failed for document ${document.id}`);
        await this.audit.record({ action: 'document.integrity_failure', firmId: user.firmId, target: { type: 'document', id: document.id }, actorId: user.id, email: user.email, details: { projectId: project.id, documentId: document.id } });
      }
      throw error;
    }
  }

  storedFiles(): Promise<StoredFileRef[]> {
    return this.documents.storedFiles();
  }

  findById(id: string): Promise<DocumentEntity | null> {
    return this.documents.findById(id);
  }

  findMany(ids: string[]): Promise<DocumentEntity[]> {
    return this.documents.findMany(ids);
  }

  /** The project's documents in upload order, for modules that checked access already. */
  inProject(projectId: string): Promise<DocumentEntity[]> {
    return this.documents.list(projectId);
  }

  /** The status counts and the ready signature (`readySignature`) in one read. */
  readiness(projectId: string): Promise<{ counts: Record<DocumentStatus, number>; readySignature: string }> {
    return this.documents.readiness(projectId);
  }

  readyIds(projectId: string, limit?: number): Promise<string[]> {
    return this.documents.readyIds(projectId, limit);
  }

  /** Each ready document of the project with when it was last saved (ms). */
  readyVersions(projectId: string): Promise<Map<string, number>> {
    return this.documents.readyVersions(projectId);
  }

  /** Changes whenever a ready document of the project is added, saved again or removed. */
  readySignature(projectId: string): Promise<string> {
    return this.documents.readySignature(projectId);
  }

  /** Documents queued or processing: each has a job coming, unless a crash lost it. */
  unfinishedIds(): Promise<string[]> {
    return this.documents.unfinishedIds();
  }

  countByProject(projectIds: string[]): Promise<Map<string, number>> {
    return this.documents.countsByProject(projectIds);
  }

  lockForProjectDeletion(transaction: Transaction, projectId: string): Promise<string[]> {
    return this.documents.lockStorageKeysOfProject(transaction, projectId);
  }

  /** Document id → project id, for the documents that exist. */
  projectIdsOf(ids: string[]): Promise<Map<string, string>> {
    return this.documents.projectIdsOf(ids);
  }

  // The status machine (document-status.ts). These methods are the only writers of a document's status; each
  // move is checked, and recorded as a `document.<status>` audit event in the transaction that makes it. Each
  // answers false when the document no longer exists (deleted while its job ran), and then changes nothing.

  /** Its job took the document up. */
  async markProcessing(documentId: string): Promise<boolean> {
    return (await this.move(documentId, 'processing', { error: null })) !== null;
  }

  /**
   * Ready, with `saveContent` writing the document's text and passages in the same transaction, so they and the
   * status commit together or not at all, and a deletion waits for both. The transaction is handed to the
   * content's owner (ingestion) rather than that module writing this table, so documents stays the only writer
   * of its rows. A content saved again (a job delivered twice) replaces the first.
   */
  async markReady(documentId: string, report: ParseReport, saveContent: (transaction: Transaction) => Promise<void>): Promise<boolean> {
    const projectId = await this.move(documentId, 'ready', { error: null, pages: report.pages, parseReport: report }, { within: saveContent });
    if (projectId === null) return false;
    for (const listener of this.readyListeners) listener(projectId, documentId);
    return true;
  }

  /** Failed for good, with the reason shown to the user; `ifUnfinished` leaves a ready or failed document as it is. */
  async markFailed(documentId: string, reason: string, options: { ifUnfinished?: boolean } = {}): Promise<boolean> {
    return (await this.move(documentId, 'failed', { error: reason }, options.ifUnfinished ? { onlyFrom: UNFINISHED } : {})) !== null;
  }

  /** A page of the documents of a firm's projects, for its administrators (the caller names the projects). */
  pageOf(projectIds: readonly string[], page: Parameters<DocumentRepository['page']>[1]): Promise<{ rows: DocumentEntity[]; total: number }> {
    return this.documents.page(projectIds, page);
  }

  /** An administrator's retry of a failed document: back in the queue with a new job. */
  async retry(actor: { id: string; email: string; firmId: string }, document: DocumentEntity): Promise<DocumentEntity> {
    if (document.status !== 'failed' || (await this.move(document.id, 'queued', { error: null }, { onlyFrom: ['failed'] })) === null) {
      throw new BadRequestError('Only a failed document can be retried.');
    }
    await this.jobs.queue(JobName.IngestDocument, { documentId: document.id });
    await this.audit.record({ action: 'document.retry', firmId: actor.firmId, target: { type: 'document', id: document.id }, actorId: actor.id, email: actor.email, details: { projectId: document.projectId, documentId: document.id } });
    return (await this.documents.findById(document.id)) ?? document;
  }

  /** Back in the queue for another try; `ifUnfinished` leaves a ready or failed document as it is. */
  async requeue(documentId: string, options: { ifUnfinished?: boolean } = {}): Promise<boolean> {
    return (await this.move(documentId, 'queued', { error: null }, options.ifUnfinished ? { onlyFrom: UNFINISHED } : {})) !== null;
  }

  /** Moves a document's status in one transaction: its project's id, or null when it was left alone. */
  private async move(
    documentId: string,
    to: DocumentStatus,
    changes: { error: string | null; pages?: number; parseReport?: ParseReport },
    options: MoveOptions = {},
  ): Promise<string | null> {
    return this.documents.transaction(async (transaction) => {
      const current = await this.documents.lockStatus(transaction, documentId);
      if (!current) return null;
      if (options.onlyFrom && !options.onlyFrom.includes(current.status)) return null;
      assertTransition(documentId, current.status, to);
      await options.within?.(transaction);
      await this.documents.setStatus(transaction, documentId, { status: to, ...changes });
      const details = { projectId: current.projectId, documentId, from: current.status, ...(changes.error ? { error: changes.error } : {}) };
      await this.audit.record({ action: `document.${to}`, target: { type: 'document', id: documentId }, details }, transaction);
      return current.projectId;
    });
  }

  private sameNameAnswer(existing: DocumentEntity, sha256: string, filename: string): UploadResult {
    if (existing.sha256 === sha256) return { created: false, document: mapUploaded(existing) };
    throw new ConflictError(`A document named "${filename}" already exists in this project.`);
  }
}
