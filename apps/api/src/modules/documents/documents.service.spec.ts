import type { AuditEntry, AuditRepository } from '@api/modules/audit/audit.repository';
import type { CryptoRepository } from '@api/modules/common/crypto.repository';
import type { Transaction } from '@api/modules/database/transaction';
import type { JobRepository } from '@api/modules/jobs/job.repository';
import type { ProjectsService } from '@api/modules/projects/projects.service';
import type { StorageRepository } from '@api/modules/storage/storage.repository';
import type { VectorIndex } from '@api/modules/vectors/vector-index';
import type { DocumentRepository } from './document.repository';
import { type DocumentStatus, IllegalDocumentTransitionError } from './document-status';
import { DocumentsService } from './documents.service';
import type { UsageService } from '@api/modules/usage/usage.service';
import type { FirmsService } from '@api/modules/firms/firms.service';
import { strict } from '@test/utils/strict';

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
