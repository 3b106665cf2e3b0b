import type { DatabaseHandle } from '@api/modules/database/database.handle';
import { Logger } from '@nestjs/common';
import { type AuditEntry, AuditRepository } from '@api/modules/audit/audit.repository';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError, UnsupportedMediaTypeError } from '@api/modules/common/app-error';
import { CryptoRepository } from '@api/modules/common/crypto.repository';
import type { Transaction } from '@api/modules/database/transaction';
import { FirmsService } from '@api/modules/firms/firms.service';
import { JobName } from '@api/modules/jobs/job.constants';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { IncomingFile, IntegrityError, StorageRepository } from '@api/modules/storage/storage.repository';
import { UsageService } from '@api/modules/usage/usage.service';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { entity } from '@test/utils/entities';
import { expectError } from '@test/utils/expect-error';
import { automock, strict } from '@test/utils/strict';
import { DocumentRepository } from './document.repository';
import { type DocumentStatus, IllegalDocumentTransitionError } from './document-status';
import { DocumentsService } from './documents.service';
import type { ReceivedUpload } from './upload.interceptor';

const REPORT = { pages: 2, pagesOcr: 0, pagesWithoutText: 0, characters: 120, tables: 0 };

/** One document row in memory, and the log of what a transaction did, in order; a throw discards the transaction's writes. */
function setup(status: DocumentStatus | null) {
  const row = status === null ? null : { projectId: 'project-1', status, error: null as string | null, pages: null as number | null };
  const log: string[] = [];
  const audit: AuditEntry[] = [];
  const transaction = { id: 'tx' } as unknown as Transaction;
  const documents = strict<DocumentRepository>({
    async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      const before = row && { ...row };
      const auditBefore = audit.length;
      try {
        return await work(transaction);
      } catch (error) {
        if (row && before) Object.assign(row, before);
        audit.length = auditBefore;
        log.push('rollback');
        throw error;
      }
    },
    async lockStatus(tx, id) {
      expect(tx).toBe(transaction);
      log.push(`lock ${id}`);
      return row && { projectId: row.projectId, status: row.status };
    },
    async setStatus(tx, _id, changes) {
      expect(tx).toBe(transaction);
      log.push(`status ${String(changes.status)}`);
      Object.assign(row ?? {}, changes);
    },
  });
  const auditRepository = strict<AuditRepository>({
    async record(entry, tx) {
      expect(tx).toBe(transaction);
      log.push(`audit ${entry.action}`);
      audit.push(entry);
    },
  });
  const service = new DocumentsService(
    documents,
    strict<ProjectsService>({}),
    strict<StorageRepository>({}),
    strict<JobRepository>({}),
    auditRepository,
    strict<VectorIndex>({}),
    strict<CryptoRepository>({}),
    strict<UsageService>({}),
    strict<FirmsService>({}),
    strict<DatabaseHandle>({}),
  );
  return { service, row, log, audit, transaction };
}

describe(`${DocumentsService.name} status machine`, () => {
  it('makes a processing document ready with its content saved in the same transaction, before the status and its audit event', async () => {
    const { service, row, log, audit, transaction } = setup('processing');
    const saved: Transaction[] = [];
    await expect(
      service.markReady('doc-1', REPORT, async (tx) => {
        log.push('content');
        saved.push(tx);
      }),
    ).resolves.toBe(true);
    expect(saved).toEqual([transaction]);
    expect(log).toEqual(['lock doc-1', 'content', 'status ready', 'audit document.ready']);
    expect(row).toMatchObject({ status: 'ready', error: null, pages: 2 });
    expect(audit).toEqual([{ action: 'document.ready', target: { type: 'document', id: 'doc-1' }, details: { projectId: 'project-1', documentId: 'doc-1', from: 'processing' } }]);
  });

  it('saves nothing and answers false when the document was deleted meanwhile', async () => {
    const { service, log, audit } = setup(null);
    const saveContent = jest.fn();
    await expect(service.markReady('doc-1', REPORT, saveContent)).resolves.toBe(false);
    expect(saveContent).not.toHaveBeenCalled();
    expect(log).toEqual(['lock doc-1']);
    expect(audit).toEqual([]);
  });

  it('refuses to make a queued document ready, saving neither content nor status', async () => {
    const { service, row, audit } = setup('queued');
    const saveContent = jest.fn();
    await expect(service.markReady('doc-1', REPORT, saveContent)).rejects.toThrow(IllegalDocumentTransitionError);
    expect(saveContent).not.toHaveBeenCalled();
    expect(row?.status).toBe('queued');
    expect(audit).toEqual([]);
  });

  it('rolls the status back when saving the content fails', async () => {
    const { service, row, audit, log } = setup('processing');
    await expect(service.markReady('doc-1', REPORT, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(row?.status).toBe('processing');
    expect(audit).toEqual([]);
    expect(log).toEqual(['lock doc-1', 'rollback']);
  });

  it('refuses to take a ready or failed document up again', async () => {
    for (const settled of ['ready', 'failed'] as const) {
      const { service, row, audit } = setup(settled);
      await expect(service.markProcessing('doc-1')).rejects.toThrow(`Document doc-1 cannot move from ${settled} to processing`);
      expect(row?.status).toBe(settled);
      expect(audit).toEqual([]);
    }
  });

  it('records a failure with its reason', async () => {
    const { service, row, audit } = setup('processing');
    await expect(service.markFailed('doc-1', 'No text was found in this file.')).resolves.toBe(true);
    expect(row).toMatchObject({ status: 'failed', error: 'No text was found in this file.' });
    expect(audit).toEqual([{ action: 'document.failed', target: { type: 'document', id: 'doc-1' }, details: { projectId: 'project-1', documentId: 'doc-1', from: 'processing', error: 'No text was found in this file.' } }]);
  });

  it('hands a processing document back to the queue and clears its error', async () => {
    const { service, row, audit } = setup('processing');
    await expect(service.requeue('doc-1')).resolves.toBe(true);
    expect(row).toMatchObject({ status: 'queued', error: null });
    expect(audit.map((entry) => entry.action)).toEqual(['document.queued']);
  });

  it('leaves a settled document alone when asked to fail or re-queue it only if unfinished', async () => {
    for (const settled of ['ready', 'failed'] as const) {
      const { service, row, audit } = setup(settled);
      await expect(service.markFailed('doc-1', 'stopped', { ifUnfinished: true })).resolves.toBe(false);
      await expect(service.requeue('doc-1', { ifUnfinished: true })).resolves.toBe(false);
      expect(row?.status).toBe(settled);
      expect(audit).toEqual([]);
    }
  });

  it('refuses to fail a ready document outright', async () => {
    const { service, row } = setup('ready');
    await expect(service.markFailed('doc-1', 'late failure')).rejects.toThrow(IllegalDocumentTransitionError);
    expect(row?.status).toBe('ready');
  });
});

const PROJECT_ID = '0b5f7c1e-4d2a-4e8b-9c3f-6a1d2e3f4a5b';
const UPLOADER = entity.caller({ id: 'user-1', email: 'member@firm.example' });
const SHA = 'b'.repeat(64);

function received(overrides: Partial<ReceivedUpload> = {}): ReceivedUpload {
  return { path: '/incoming/upload-1', originalName: 'contract.txt', size: 120, sha256: SHA, incoming: new IncomingFile('/incoming/upload-1', 120, SHA, Buffer.alloc(32), Buffer.alloc(12), Buffer.alloc(16)), ...overrides };
}

/** Every adapter of the service as a strict automock; the project resolves for the caller, and the incoming file is always removable. */
function mocked() {
  const documents = automock(DocumentRepository);
  const projects = automock(ProjectsService);
  const storage = automock(StorageRepository);
  const jobs = automock(JobRepository);
  const audit = automock(AuditRepository);
  const vectors = automock(VectorIndex);
  const crypto = automock(CryptoRepository);
  const usage = automock(UsageService);
  const firms = automock(FirmsService);
  const sut = new DocumentsService(documents, projects, storage, jobs, audit, vectors, crypto, usage, firms, strict<DatabaseHandle>({}));
  projects.getFor.mockResolvedValue(entity.project({ id: PROJECT_ID }));
  storage.removeIncoming.mockResolvedValue();
  return { sut, documents, projects, storage, jobs, audit, vectors, crypto, usage, firms };
}

type Mocked = ReturnType<typeof mocked>;

/** An upload that passes every check up to the name lookup: a 10 MB firm limit and a plain-text file. */
function acceptsUpTo10Mb(mocks: Mocked): void {
  mocks.firms.uploadLimitMb.mockResolvedValue(10);
  mocks.storage.inspectIncoming.mockResolvedValue('txt');
}

describe(`${DocumentsService.name} upload`, () => {
  it('refuses a project id that is not a UUID before any lookup, and still removes the incoming file', async () => {
    const mocks = mocked();
    await expectError(mocks.sut.upload(UPLOADER, 'project-1', received()), BadRequestError, 'The project id is not valid: it must be a UUID.');
    expect(mocks.projects.getFor).not.toHaveBeenCalled();
    expect(mocks.storage.removeIncoming).toHaveBeenCalledWith('/incoming/upload-1');
  });

  it('asks for upload rights on the trimmed project id', async () => {
    const mocks = mocked();
    await expectError(mocks.sut.upload(UPLOADER, ` ${PROJECT_ID} `, received({ size: 0 })), BadRequestError, '"contract.txt" is empty (0 bytes): there is nothing to upload.');
    expect(mocks.projects.getFor).toHaveBeenCalledWith(UPLOADER, PROJECT_ID, 'documents.upload');
  });

  it('refuses a file over the firm’s upload limit without storing it', async () => {
    const mocks = mocked();
    mocks.firms.uploadLimitMb.mockResolvedValue(1);
    await expectError(mocks.sut.upload(UPLOADER, PROJECT_ID, received({ size: 1024 * 1024 + 1 })), PayloadTooLargeError, "The file is larger than your firm's upload limit of 1 MB.");
    expect(mocks.firms.uploadLimitMb).toHaveBeenCalledWith(UPLOADER.firmId);
    expect(mocks.storage.removeIncoming).toHaveBeenCalledWith('/incoming/upload-1');
  });

  it('accepts a file of exactly the firm’s limit', async () => {
    const mocks = mocked();
    mocks.firms.uploadLimitMb.mockResolvedValue(1);
    mocks.storage.inspectIncoming.mockResolvedValue(null);
    await expectError(mocks.sut.upload(UPLOADER, PROJECT_ID, received({ size: 1024 * 1024 })), UnsupportedMediaTypeError);
  });

  it('answers the existing document, creating nothing, when the same file is uploaded again under its name', async () => {
    const mocks = mocked();
    acceptsUpTo10Mb(mocks);
    const existing = entity.document({ projectId: PROJECT_ID, sha256: SHA });
    mocks.documents.findByName.mockResolvedValue(existing);
    await expect(mocks.sut.upload(UPLOADER, PROJECT_ID, received())).resolves.toEqual({ created: false, document: { id: existing.id, filename: existing.filename, status: 'ready', size: existing.size, sha256: SHA } });
    expect(mocks.documents.findByName).toHaveBeenCalledWith(PROJECT_ID, 'contract.txt');
    expect(mocks.storage.store).not.toHaveBeenCalled();
  });

  it('refuses different content under a name the project already has', async () => {
    const mocks = mocked();
    acceptsUpTo10Mb(mocks);
    mocks.documents.findByName.mockResolvedValue(entity.document({ projectId: PROJECT_ID, sha256: 'c'.repeat(64) }));
    await expectError(mocks.sut.upload(UPLOADER, PROJECT_ID, received()), ConflictError, 'A document named "contract.txt" already exists in this project.');
  });

  it('stores the file under a fresh id, saves the row as queued, then records, queues and counts it, in that order', async () => {
    const mocks = mocked();
    acceptsUpTo10Mb(mocks);
    const order: string[] = [];
    mocks.documents.findByName.mockResolvedValue(null);
    mocks.crypto.randomId.mockReturnValue('document-7');
    mocks.storage.store.mockImplementation(async () => {
      order.push('store');
      return { key: 'stored/document-7', size: 120, sha256: SHA };
    });
    const inserted = entity.document({ id: 'document-7', projectId: PROJECT_ID, status: 'queued', sha256: SHA, storageKey: 'stored/document-7' });
    const transaction = {} as Transaction;
    mocks.documents.transaction.mockImplementation(async (work) => {
      order.push('begin');
      const result = await work(transaction);
      order.push('commit');
      return result;
    });
    mocks.documents.insertIn.mockImplementation(async () => {
      order.push('insert');
      return inserted;
    });
    const job = entity.job({ id: 'job-1' });
    mocks.jobs.record.mockImplementation(async () => {
      order.push('record job');
      return job;
    });
    mocks.jobs.dispatch.mockImplementation(async () => void order.push('dispatch'));
    mocks.audit.record.mockImplementation(async () => void order.push('audit'));
    mocks.usage.count.mockImplementation(async () => void order.push('count'));
    mocks.storage.removeIncoming.mockImplementation(async () => void order.push('remove incoming'));

    const result = await mocks.sut.upload(UPLOADER, PROJECT_ID, received());

    expect(result).toEqual({ created: true, document: { id: 'document-7', filename: 'contract.txt', status: 'queued', size: inserted.size, sha256: SHA } });
    expect(mocks.storage.store).toHaveBeenCalledWith(received().incoming, 'document-7');
    expect(mocks.documents.insertIn).toHaveBeenCalledWith(transaction, {
      id: 'document-7',
      projectId: PROJECT_ID,
      uploadedBy: UPLOADER.id,
      filename: 'contract.txt',
      type: 'text/plain',
      size: 120,
      sha256: SHA,
      storageKey: 'stored/document-7',
      status: 'queued',
      error: null,
      pages: null,
      parseReport: null,
    });
    expect(mocks.audit.record).toHaveBeenCalledWith({
      action: 'document.upload',
      firmId: UPLOADER.firmId,
      target: { type: 'document', id: 'document-7' },
      actorId: UPLOADER.id,
      email: UPLOADER.email,
      details: { projectId: PROJECT_ID, documentId: 'document-7', filename: 'contract.txt' },
    });
    // The document and its job commit together; the job reaches the queue only once both are durable.
    expect(mocks.jobs.record).toHaveBeenCalledWith(transaction, JobName.IngestDocument, { documentId: 'document-7' });
    expect(mocks.jobs.dispatch).toHaveBeenCalledWith(job);
    expect(mocks.usage.count).toHaveBeenCalledWith(UPLOADER, { uploads: 1 });
    expect(order).toEqual(['store', 'begin', 'insert', 'record job', 'commit', 'dispatch', 'audit', 'count', 'remove incoming']);
  });

  it('removes its stored copy when another upload of the same name won the race, and answers as for that one', async () => {
    const mocks = mocked();
    acceptsUpTo10Mb(mocks);
    const winner = entity.document({ id: 'document-8', projectId: PROJECT_ID, sha256: SHA });
    mocks.documents.findByName.mockResolvedValueOnce(null).mockResolvedValueOnce(winner);
    mocks.crypto.randomId.mockReturnValue('document-7');
    mocks.storage.store.mockResolvedValue({ key: 'stored/document-7', size: 120, sha256: SHA });
    mocks.documents.transaction.mockImplementation((work) => work({} as Transaction));
    mocks.documents.insertIn.mockResolvedValue(null);
    mocks.storage.remove.mockResolvedValue();
    await expect(mocks.sut.upload(UPLOADER, PROJECT_ID, received())).resolves.toMatchObject({ created: false, document: { id: 'document-8' } });
    expect(mocks.storage.remove).toHaveBeenCalledWith('stored/document-7');
    expect(mocks.jobs.record).not.toHaveBeenCalled();
    expect(mocks.jobs.dispatch).not.toHaveBeenCalled();
  });

  it('answers 409 when the name was taken and freed again while it uploaded', async () => {
    const mocks = mocked();
    acceptsUpTo10Mb(mocks);
    mocks.documents.findByName.mockResolvedValue(null);
    mocks.crypto.randomId.mockReturnValue('document-7');
    mocks.storage.store.mockResolvedValue({ key: 'stored/document-7', size: 120, sha256: SHA });
    mocks.documents.transaction.mockImplementation((work) => work({} as Transaction));
    mocks.documents.insertIn.mockResolvedValue(null);
    mocks.storage.remove.mockResolvedValue();
    await expectError(mocks.sut.upload(UPLOADER, PROJECT_ID, received()), ConflictError, 'A document named "contract.txt" was being changed at the same time. Please try again.');
  });
});

describe(`${DocumentsService.name} deletion, download and retry`, () => {
  it('answers 404 for a name holding a NUL byte without looking it up, and names it without the byte', async () => {
    const mocks = mocked();
    await expectError(mocks.sut.deleteByName(UPLOADER, PROJECT_ID, 'con\0tract.txt'), NotFoundError, 'No document named "contract.txt" in this project.');
    expect(mocks.projects.getFor).toHaveBeenCalledWith(UPLOADER, PROJECT_ID, 'documents.delete');
    expect(mocks.documents.findByName).not.toHaveBeenCalled();
  });

  it('deletes the row first, then the vectors and the file even when the vectors cannot go yet, and records the deletion', async () => {
    const mocks = mocked();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const document = entity.document({ projectId: PROJECT_ID, filename: 'contract.txt', storageKey: 'stored/document-1' });
    const order: string[] = [];
    mocks.documents.findByName.mockResolvedValue(document);
    mocks.documents.delete.mockImplementation(async () => void order.push('row'));
    mocks.vectors.deleteDocument.mockImplementation(async () => {
      order.push('vectors');
      throw new Error('qdrant down');
    });
    mocks.storage.remove.mockImplementation(async () => void order.push('file'));
    mocks.audit.record.mockImplementation(async () => void order.push('audit'));
    await expect(mocks.sut.deleteByName(UPLOADER, PROJECT_ID, 'contract.txt')).resolves.toEqual({ message: 'Document "contract.txt" deleted.' });
    expect(order).toEqual(['row', 'vectors', 'file', 'audit']);
    expect(mocks.documents.delete).toHaveBeenCalledWith(document.id);
    expect(mocks.storage.remove).toHaveBeenCalledWith('stored/document-1');
    expect(mocks.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'document.delete', details: { projectId: PROJECT_ID, documentId: document.id, filename: 'contract.txt' } }));
  });

  it('records an integrity failure, not a download, and passes the error on', async () => {
    const mocks = mocked();
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const document = entity.document({ id: '9d8e7f6a-5b4c-4d3e-8f2a-1b0c9d8e7f6a', projectId: PROJECT_ID });
    mocks.documents.findInProject.mockResolvedValue(document);
    mocks.storage.read.mockRejectedValue(new IntegrityError());
    mocks.audit.record.mockResolvedValue();
    await expectError(mocks.sut.content(UPLOADER, PROJECT_ID, document.id), IntegrityError);
    expect(mocks.audit.record.mock.calls.map(([entry]) => entry.action)).toEqual(['document.integrity_failure']);
  });

  it('records a download of the decrypted file', async () => {
    const mocks = mocked();
    const document = entity.document({ id: '9d8e7f6a-5b4c-4d3e-8f2a-1b0c9d8e7f6a', projectId: PROJECT_ID });
    mocks.documents.findInProject.mockResolvedValue(document);
    mocks.storage.read.mockResolvedValue(Buffer.from('text'));
    mocks.audit.record.mockResolvedValue();
    await expect(mocks.sut.content(UPLOADER, PROJECT_ID, document.id)).resolves.toEqual({ document, bytes: Buffer.from('text') });
    expect(mocks.projects.getFor).toHaveBeenCalledWith(UPLOADER, PROJECT_ID, 'documents.read');
    expect(mocks.documents.findInProject).toHaveBeenCalledWith(PROJECT_ID, document.id);
    expect(mocks.audit.record).toHaveBeenCalledWith(expect.objectContaining({ action: 'document.download', actorId: UPLOADER.id }));
  });

  it('answers 404 for a document id that is not a UUID without looking it up', async () => {
    const mocks = mocked();
    await expectError(mocks.sut.content(UPLOADER, PROJECT_ID, 'document-1'), NotFoundError, 'Document not found.');
    expect(mocks.documents.findInProject).not.toHaveBeenCalled();
  });

  it('retries only a failed document', async () => {
    const mocks = mocked();
    await expectError(mocks.sut.retry(UPLOADER, entity.document({ status: 'ready' })), BadRequestError, 'Only a failed document can be retried.');
    expect(mocks.documents.transaction).not.toHaveBeenCalled();
  });

  it('refuses a retry when the document stopped being failed meanwhile', async () => {
    const mocks = mocked();
    mocks.documents.transaction.mockImplementation((work) => work({} as Transaction));
    mocks.documents.lockStatus.mockResolvedValue({ projectId: 'project-1', status: 'queued' });
    await expectError(mocks.sut.retry(UPLOADER, entity.document({ status: 'failed' })), BadRequestError, 'Only a failed document can be retried.');
    expect(mocks.jobs.queue).not.toHaveBeenCalled();
  });

  it('puts a failed document back in the queue with a new job and records who retried it', async () => {
    const mocks = mocked();
    const failed = entity.document({ status: 'failed', error: 'No text was found in this file.' });
    mocks.documents.transaction.mockImplementation((work) => work({} as Transaction));
    mocks.documents.lockStatus.mockResolvedValue({ projectId: failed.projectId, status: 'failed' });
    mocks.documents.setStatus.mockResolvedValue();
    mocks.audit.record.mockResolvedValue();
    mocks.jobs.queue.mockResolvedValue('job-2');
    mocks.documents.findById.mockResolvedValue({ ...failed, status: 'queued', error: null });
    await expect(mocks.sut.retry(UPLOADER, failed)).resolves.toMatchObject({ status: 'queued', error: null });
    expect(mocks.documents.setStatus).toHaveBeenCalledWith(expect.anything(), failed.id, { status: 'queued', error: null });
    expect(mocks.jobs.queue).toHaveBeenCalledWith(JobName.IngestDocument, { documentId: failed.id });
    expect(mocks.audit.record.mock.calls.map(([entry]) => entry.action)).toEqual(['document.queued', 'document.retry']);
    expect(mocks.audit.record).toHaveBeenLastCalledWith({
      action: 'document.retry',
      firmId: UPLOADER.firmId,
      target: { type: 'document', id: failed.id },
      actorId: UPLOADER.id,
      email: UPLOADER.email,
      details: { projectId: failed.projectId, documentId: failed.id },
    });
  });
});
