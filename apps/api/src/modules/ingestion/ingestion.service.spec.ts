import { Logger } from '@nestjs/common';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import { ParseError } from '@api/modules/common/parse-error';
import { ConfigService } from '@api/modules/config/config.service';
import type { Transaction } from '@api/modules/database/transaction';
import { DocumentsService } from '@api/modules/documents/documents.service';
import type { ParseReport } from '@api/modules/documents/parse-report';
import { Embedder } from '@api/modules/embeddings/embedder';
import { type JobContext, JobName, PermanentJobError } from '@api/modules/jobs/job.constants';
import { JobRepository } from '@api/modules/jobs/job.repository';
import { LegacyTextSealer } from '@api/modules/keys/legacy-text.sealer';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { IntegrityError, StorageRepository } from '@api/modules/storage/storage.repository';
import { UsageService } from '@api/modules/usage/usage.service';
import { VectorIndex } from '@api/modules/vectors/vector-index';
import { entity } from '@test/utils/entities';
import { expectError } from '@test/utils/expect-error';
import { automock, strict } from '@test/utils/strict';
import { IngestionRepository, type SealedContent } from './ingestion.repository';
import { IngestionService, TRANSIENT_FAILURE, WORKER_STOPPED_FAILURE } from './ingestion.service';
import { DocumentParser } from './parser.adapter';
import { MetricsService } from '@api/modules/metrics/metrics.service';

const TEXT = 'The tenant shall pay rent monthly.';
const REPORT: ParseReport = { pages: 3, pagesOcr: 0, pagesWithoutText: 0, characters: TEXT.length, tables: 0 };
const QUEUED = entity.document({ id: 'document-1', projectId: 'project-1', uploadedBy: 'user-1', status: 'queued', type: 'text/plain' });
const FIRST_TRY: JobContext = { jobId: 'job-1', attempt: 1, maxAttempts: 3 };
const LAST_TRY: JobContext = { jobId: 'job-1', attempt: 3, maxAttempts: 3 };

function setup(options: { runsWorkers?: boolean; vectorWeight?: number } = {}) {
  const jobs = automock(JobRepository, { runsWorkers: options.runsWorkers ?? true });
  const documents = automock(DocumentsService);
  const repository = automock(IngestionRepository);
  const storage = automock(StorageRepository);
  const parser = automock(DocumentParser);
  const embedder = automock(Embedder);
  const vectors = automock(VectorIndex);
  const audit = automock(AuditRepository);
  const sealer = automock(LegacyTextSealer);
  const projects = automock(ProjectsService);
  const usage = automock(UsageService);
  const config = strict<ConfigService>({ search: { cacheMb: 256, vectorWeight: options.vectorWeight ?? 1 } });
  const metrics = automock(MetricsService);
  const sut = new IngestionService(jobs, documents, repository, storage, parser, embedder, vectors, audit, sealer, projects, usage, config, metrics);
  return { sut, jobs, documents, repository, storage, parser, embedder, vectors, audit, sealer, projects, usage, metrics };
}

type Mocks = ReturnType<typeof setup>;

/** The document is taken up and its stored file reads; what parsing does is up to the test. */
function takesUp(mocks: Mocks): void {
  mocks.metrics.observeIngestion.mockReturnValue(undefined);
  mocks.documents.findById.mockResolvedValue(QUEUED);
  mocks.documents.markProcessing.mockResolvedValue(true);
  mocks.storage.read.mockResolvedValue(Buffer.from(TEXT));
}

/** Parsing, embedding and saving succeed; `saved` says whether the document still existed to be made ready. */
function parsesAndSaves(mocks: Mocks, saved: boolean): { transaction: Transaction; content: SealedContent } {
  const transaction = { id: 'tx' } as unknown as Transaction;
  const content = { documentId: QUEUED.id, text: Buffer.from('sealed'), pages: [], chunks: [{ id: 'chunk-1' }] } as unknown as SealedContent;
  mocks.parser.parse.mockResolvedValue({ text: TEXT, pages: [{ page: 1, start: 0, end: TEXT.length, ocr: false }], report: REPORT });
  mocks.embedder.embedDocuments.mockImplementation(async (texts) => texts.map(() => [0.5, 0.5]));
  mocks.vectors.vectorsForChunkRows.mockImplementation((rows) => rows.map(() => null));
  mocks.repository.sealContent.mockResolvedValue(content);
  mocks.repository.replaceContent.mockResolvedValue();
  mocks.documents.markReady.mockImplementation(async (_id, _report, saveContent) => {
    if (!saved) return false;
    await saveContent(transaction);
    return true;
  });
  return { transaction, content };
}

describe(IngestionService.name, () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });

  describe('ingest', () => {
    it('leaves a deleted, ready or failed document alone', async () => {
      const mocks = setup();
      mocks.documents.findById.mockResolvedValueOnce(null).mockResolvedValueOnce({ ...QUEUED, status: 'ready' }).mockResolvedValueOnce({ ...QUEUED, status: 'failed' });
      for (let i = 0; i < 3; i++) await mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY);
      expect(mocks.documents.markProcessing).not.toHaveBeenCalled();
    });

    it('reads nothing when the document could not be taken up', async () => {
      const mocks = setup();
      mocks.documents.findById.mockResolvedValue(QUEUED);
      mocks.documents.markProcessing.mockResolvedValue(false);
      await mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY);
      expect(mocks.storage.read).not.toHaveBeenCalled();
    });

    it('parses, embeds and saves the document ready in one transaction, indexes its chunks and counts its pages for the uploader', async () => {
      const mocks = setup();
      takesUp(mocks);
      const { transaction, content } = parsesAndSaves(mocks, true);
      mocks.vectors.replaceDocument.mockResolvedValue();
      mocks.projects.firmOf.mockResolvedValue('firm-1');
      mocks.usage.count.mockResolvedValue();
      await mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY);
      expect(mocks.storage.read).toHaveBeenCalledWith(QUEUED);
      expect(mocks.parser.parse).toHaveBeenCalledWith('text/plain', Buffer.from(TEXT));
      expect(mocks.repository.sealContent).toHaveBeenCalledWith(QUEUED, TEXT, [{ page: 1, start: 0, end: TEXT.length, ocr: false }], [expect.objectContaining({ text: TEXT, vector: null })], []);
      expect(mocks.documents.markReady).toHaveBeenCalledWith(QUEUED.id, REPORT, expect.any(Function));
      expect(mocks.metrics.observeIngestion).toHaveBeenCalledWith(REPORT.pages, expect.any(Number));
      expect(mocks.repository.replaceContent).toHaveBeenCalledWith(transaction, content);
      expect(mocks.vectors.replaceDocument).toHaveBeenCalledWith('project-1', QUEUED.id, [{ id: 'chunk-1', vector: [0.5, 0.5] }]);
      expect(mocks.usage.count).toHaveBeenCalledWith({ id: 'user-1', firmId: 'firm-1' }, { pages: 3 });
    });

    it('computes and stores no vectors when search gives them no weight (SEARCH_VECTOR_WEIGHT 0)', async () => {
      const mocks = setup({ vectorWeight: 0 });
      takesUp(mocks);
      parsesAndSaves(mocks, true);
      mocks.projects.firmOf.mockResolvedValue('firm-1');
      mocks.usage.count.mockResolvedValue();
      await mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY);
      expect(mocks.embedder.embedDocuments).not.toHaveBeenCalled();
      expect(mocks.repository.sealContent).toHaveBeenCalledWith(QUEUED, TEXT, expect.any(Array), [expect.objectContaining({ text: TEXT, vector: null })], []);
      expect(mocks.vectors.replaceDocument).not.toHaveBeenCalled();
      expect(mocks.documents.markReady).toHaveBeenCalled();
    });

    it('indexes nothing when the document was deleted while it was parsed, though the pages read still count', async () => {
      const mocks = setup();
      takesUp(mocks);
      parsesAndSaves(mocks, false);
      mocks.projects.firmOf.mockResolvedValue('firm-1');
      mocks.usage.count.mockResolvedValue();
      await mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY);
      expect(mocks.repository.replaceContent).not.toHaveBeenCalled();
      expect(mocks.vectors.replaceDocument).not.toHaveBeenCalled();
      expect(mocks.usage.count).toHaveBeenCalledWith({ id: 'user-1', firmId: 'firm-1' }, { pages: 3 });
    });

    it('counts no pages for a document whose uploader is gone, or whose project is', async () => {
      for (const [uploadedBy, firm] of [
        [null, 'firm-1'],
        ['user-1', null],
      ] as const) {
        const mocks = setup();
        takesUp(mocks);
        mocks.documents.findById.mockResolvedValue({ ...QUEUED, uploadedBy });
        parsesAndSaves(mocks, true);
        mocks.vectors.replaceDocument.mockResolvedValue();
        mocks.projects.firmOf.mockResolvedValue(firm);
        await mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY);
        expect(mocks.usage.count).not.toHaveBeenCalled();
      }
    });

    it('fails a document with no readable text for good, with the reason shown to the user', async () => {
      const mocks = setup();
      takesUp(mocks);
      mocks.parser.parse.mockResolvedValue({ text: ' \n\u200b\t', pages: [], report: REPORT });
      mocks.documents.markFailed.mockResolvedValue(true);
      await expectError(mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY), PermanentJobError, new ParseError('no-text').message);
      expect(mocks.documents.markFailed).toHaveBeenCalledWith(QUEUED.id, new ParseError('no-text').message);
      expect(mocks.embedder.embedDocuments).not.toHaveBeenCalled();
    });

    it('records a stored file that failed its integrity check and fails the document for good', async () => {
      const mocks = setup();
      mocks.documents.findById.mockResolvedValue(QUEUED);
      mocks.documents.markProcessing.mockResolvedValue(true);
      mocks.storage.read.mockRejectedValue(new IntegrityError());
      mocks.audit.record.mockResolvedValue();
      mocks.documents.markFailed.mockResolvedValue(true);
      await expectError(mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY), PermanentJobError, new IntegrityError().message);
      expect(mocks.audit.record).toHaveBeenCalledWith({ action: 'document.integrity_failure', target: { type: 'document', id: QUEUED.id }, details: { projectId: 'project-1', documentId: QUEUED.id } });
      expect(mocks.documents.markFailed).toHaveBeenCalledWith(QUEUED.id, new IntegrityError().message);
    });

    it('puts the document back in the queue after a passing failure, and lets the job retry with the original error', async () => {
      const mocks = setup();
      takesUp(mocks);
      const outage = new Error('embedder unavailable');
      mocks.parser.parse.mockResolvedValue({ text: TEXT, pages: [{ page: 1, start: 0, end: TEXT.length, ocr: false }], report: REPORT });
      mocks.embedder.embedDocuments.mockRejectedValue(outage);
      mocks.documents.requeue.mockResolvedValue(true);
      await expect(mocks.sut.ingest({ documentId: QUEUED.id }, FIRST_TRY)).rejects.toBe(outage);
      expect(mocks.documents.requeue).toHaveBeenCalledWith(QUEUED.id);
      expect(mocks.documents.markFailed).not.toHaveBeenCalled();
    });

    it('fails the document with the general reason when a passing failure hits its last try', async () => {
      const mocks = setup();
      takesUp(mocks);
      mocks.parser.parse.mockRejectedValue(new Error('worker crashed'));
      mocks.documents.markFailed.mockResolvedValue(true);
      await expect(mocks.sut.ingest({ documentId: QUEUED.id }, LAST_TRY)).rejects.toThrow('worker crashed');
      expect(mocks.documents.markFailed).toHaveBeenCalledWith(QUEUED.id, TRANSIENT_FAILURE);
      expect(mocks.documents.requeue).not.toHaveBeenCalled();
    });
  });

  describe('start-up', () => {
    it('registers the job with a give-up handler that fails the document only if it is unfinished', async () => {
      const mocks = setup();
      mocks.jobs.register.mockReturnValue();
      mocks.sealer.register.mockReturnValue();
      mocks.documents.markFailed.mockResolvedValue(true);
      mocks.sut.onModuleInit();
      expect(mocks.jobs.register).toHaveBeenCalledWith(JobName.IngestDocument, expect.any(Function), expect.any(Function));
      expect(mocks.sealer.register.mock.calls.map(([owner]) => owner.sealedTable)).toEqual(['document_texts', 'chunks']);
      const giveUp = mocks.jobs.register.mock.calls[0][2];
      await giveUp?.({ documentId: QUEUED.id }, 'worker stopped');
      expect(mocks.documents.markFailed).toHaveBeenCalledWith(QUEUED.id, WORKER_STOPPED_FAILURE, { ifUnfinished: true });
    });

    it('does nothing on an API-only process', async () => {
      const mocks = setup({ runsWorkers: false });
      await expect(mocks.sut.onApplicationBootstrap()).resolves.toBeUndefined();
    });

    it('re-queues the unfinished documents that have no live job, and only those it could move', async () => {
      const mocks = setup();
      mocks.documents.unfinishedIds.mockResolvedValue(['has-job', 'lost', 'settled-meanwhile']);
      mocks.jobs.livePayloads.mockResolvedValue([{ documentId: 'has-job' }]);
      mocks.documents.requeue.mockImplementation(async (id) => id === 'lost');
      mocks.jobs.queue.mockResolvedValue('job-9');
      await mocks.sut.onApplicationBootstrap();
      expect(mocks.jobs.livePayloads).toHaveBeenCalledWith(JobName.IngestDocument);
      expect(mocks.documents.requeue.mock.calls).toEqual([
        ['lost', { ifUnfinished: true }],
        ['settled-meanwhile', { ifUnfinished: true }],
      ]);
      expect(mocks.jobs.queue.mock.calls).toEqual([[JobName.IngestDocument, { documentId: 'lost' }]]);
    });
  });
});
