import { AuditRepository } from '@api/modules/audit/audit.repository';
import { BadRequestError, NotFoundError } from '@api/modules/common/app-error';
import { DocumentsService } from '@api/modules/documents/documents.service';
import type { DocumentTextEntity } from '@api/modules/ingestion/document-text.entity';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { CitationChecker, type CitationCheck } from '@api/modules/llm/citation-checker';
import { LanguageModel } from '@api/modules/llm/language-model';
import type { Citation, ReportDraft } from '@api/modules/llm/llm.types';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { NO_DOCUMENTS } from '@api/modules/qa/qa.service';
import { DocxRenderer } from '@api/modules/reports/docx-renderer';
import { PdfRenderer } from '@api/modules/reports/pdf-renderer';
import { UsageService } from '@api/modules/usage/usage.service';
import { entity, NOW } from '@test/utils/entities';
import { expectError } from '@test/utils/expect-error';
import { automock } from '@test/utils/strict';
import { AnalysisService } from './analysis.service';
import type { ReportEntity } from './report.entity';
import { ReportRepository } from './report.repository';

const CALLER = entity.caller();
const PROJECT = entity.project({ name: 'Acme v. Example' });
const TEXT = 'The supplier shall deliver the goods by 1 March 2025.';
const READY = entity.document({ id: 'document-1', filename: 'supply.txt', status: 'ready', sha256: 'd'.repeat(64) });
const RAW: Citation = { documentId: 'document-1', file: 'supply.txt', page: 2, start: 0, end: 5, quote: 'supplier  shall deliver' };
const KEPT: CitationCheck['valid'][number] = { documentId: 'document-1', file: 'supply.txt', page: 1, start: 4, end: 27, quote: 'supplier shall deliver', relocated: true };

function setup(checked: CitationCheck = { valid: [KEPT], invalid: [] }) {
  const projects = automock(ProjectsService);
  const documents = automock(DocumentsService);
  const ingestion = automock(IngestionService);
  const model = automock(LanguageModel);
  const checker = automock(CitationChecker);
  const reports = automock(ReportRepository);
  const pdf = automock(PdfRenderer);
  const docx = automock(DocxRenderer);
  const usage = automock(UsageService);
  const audit = automock(AuditRepository);
  projects.getFor.mockResolvedValue(PROJECT);
  const draft: ReportDraft = { kind: 'case-summary', markdown: '# Summary\nDelivery is due [1].', citations: [RAW], engine: 'test-model', usage: { inputTokens: 500, outputTokens: 80 } };
  model.report.mockResolvedValue(draft);
  checker.check.mockReturnValue(checked);
  const sut = new AnalysisService(projects, documents, ingestion, model, checker, reports, pdf, docx, usage, audit);
  return { sut, projects, documents, ingestion, model, checker, reports, pdf, docx, usage, audit };
}

type Mocks = ReturnType<typeof setup>;

/** The project holds READY (with its text), a queued document, and a ready one whose text is missing. */
function holdsDocuments({ documents, ingestion }: Mocks): void {
  documents.inProject.mockResolvedValue([READY, entity.document({ id: 'document-2', status: 'queued' }), entity.document({ id: 'document-3', status: 'ready' })]);
  const stored: DocumentTextEntity = { documentId: 'document-1', text: TEXT, pages: [{ page: 1, start: 0, end: TEXT.length, ocr: false }], furniture: [] };
  ingestion.textsOf.mockResolvedValue([stored]);
}

function storedReport(overrides: Partial<ReportEntity> = {}): ReportEntity {
  return { id: 'report-1', projectId: PROJECT.id, kind: 'case-summary', markdown: '# Summary', citations: [KEPT], engine: 'test-model', documents: [{ id: READY.id, file: READY.filename, sha256: READY.sha256 }], usage: null, createdAt: NOW, ...overrides };
}

describe(AnalysisService.name, () => {
  describe('generate', () => {
    it('refuses a project with no ready document, never asking the model', async () => {
      const mocks = setup();
      mocks.documents.inProject.mockResolvedValue([entity.document({ status: 'processing' }), entity.document({ status: 'failed' })]);
      await expectError(mocks.sut.generate(CALLER, PROJECT.id, 'case-summary'), BadRequestError, NO_DOCUMENTS);
      expect(mocks.projects.getFor).toHaveBeenCalledWith(CALLER, PROJECT.id, 'reports.generate');
      expect(mocks.model.report).not.toHaveBeenCalled();
    });

    it('asks the model about the ready documents that have a stored text only', async () => {
      const mocks = setup();
      holdsDocuments(mocks);
      mocks.reports.add.mockImplementation(async (report) => ({ ...report, id: 'report-1', createdAt: NOW }));
      mocks.usage.count.mockResolvedValue();
      mocks.audit.record.mockResolvedValue();
      await mocks.sut.generate(CALLER, PROJECT.id, 'case-summary');
      expect(mocks.ingestion.textsOf).toHaveBeenCalledWith(['document-1', 'document-3']);
      expect(mocks.model.report).toHaveBeenCalledWith('case-summary', [{ id: 'document-1', file: 'supply.txt', sha256: READY.sha256, text: TEXT, pages: [{ page: 1, start: 0, end: TEXT.length, ocr: false }] }], PROJECT.name);
      const [citations, textOf] = mocks.checker.check.mock.calls[0];
      expect(citations).toEqual([RAW]);
      expect(textOf('document-1')).toBe(TEXT);
    });

    it('stores the checked citations, not the model’s, then counts the report and records it', async () => {
      const mocks = setup();
      holdsDocuments(mocks);
      const order: string[] = [];
      mocks.reports.add.mockImplementation(async (report) => {
        order.push('add');
        return { ...report, id: 'report-1', createdAt: NOW };
      });
      mocks.usage.count.mockImplementation(async () => void order.push('count'));
      mocks.audit.record.mockImplementation(async () => void order.push('audit'));
      const report = await mocks.sut.generate(CALLER, PROJECT.id, 'case-summary');
      expect(mocks.reports.add).toHaveBeenCalledWith({
        projectId: PROJECT.id,
        kind: 'case-summary',
        markdown: '# Summary\nDelivery is due [1].',
        citations: [{ documentId: 'document-1', file: 'supply.txt', page: 1, start: 4, end: 27, quote: 'supplier shall deliver' }],
        engine: 'test-model',
        documents: [{ id: 'document-1', file: 'supply.txt', sha256: READY.sha256 }],
        usage: { inputTokens: 500, outputTokens: 80 },
      });
      expect(report.citations).not.toContainEqual(expect.objectContaining({ quote: RAW.quote }));
      expect(mocks.usage.count).toHaveBeenCalledWith(CALLER, { reports: 1, inputTokens: 500, outputTokens: 80 });
      expect(mocks.audit.record).toHaveBeenCalledWith({
        action: 'report.generate',
        firmId: CALLER.firmId,
        target: { type: 'report', id: 'report-1' },
        actorId: CALLER.id,
        email: CALLER.email,
        details: { projectId: PROJECT.id, kind: 'case-summary', engine: 'test-model' },
      });
      expect(order).toEqual(['add', 'count', 'audit']);
    });

    it('stores nothing when the model cited a passage that is not in the documents', async () => {
      const mocks = setup({ valid: [KEPT], invalid: [{ citation: RAW, reason: 'quote not found' }] });
      holdsDocuments(mocks);
      await expect(mocks.sut.generate(CALLER, PROJECT.id, 'liability-analysis')).rejects.toThrow('The liability-analysis cited 1 passage(s) that are not in the documents.');
      expect(mocks.reports.add).not.toHaveBeenCalled();
      expect(mocks.usage.count).not.toHaveBeenCalled();
      expect(mocks.audit.record).not.toHaveBeenCalled();
    });
  });

  describe('download', () => {
    it('answers 404 naming the report to generate first', async () => {
      const mocks = setup();
      mocks.reports.latest.mockResolvedValue(null);
      await expectError(mocks.sut.download(CALLER, PROJECT.id, 'liability-analysis', 'pdf'), NotFoundError, 'Generate the liability analysis first.');
      expect(mocks.projects.getFor).toHaveBeenCalledWith(CALLER, PROJECT.id, 'reports.read');
      expect(mocks.reports.latest).toHaveBeenCalledWith(PROJECT.id, 'liability-analysis');
    });

    it('renders the latest report as PDF with the project’s name, its documents and its checked citations', async () => {
      const mocks = setup();
      mocks.reports.latest.mockResolvedValue(storedReport());
      mocks.pdf.render.mockResolvedValue(Buffer.from('%PDF'));
      await expect(mocks.sut.download(CALLER, PROJECT.id, 'case-summary', 'pdf')).resolves.toEqual({ bytes: Buffer.from('%PDF'), fileName: `case_summary_${PROJECT.id}.pdf`, contentType: 'application/pdf' });
      expect(mocks.pdf.render).toHaveBeenCalledWith({ kind: 'case-summary', projectName: PROJECT.name, generatedAt: NOW, documents: ['supply.txt'], engine: 'test-model', markdown: '# Summary', citations: [KEPT] });
      expect(mocks.docx.render).not.toHaveBeenCalled();
    });

    it('renders a Word file when asked for docx', async () => {
      const mocks = setup();
      mocks.reports.latest.mockResolvedValue(storedReport({ kind: 'liability-analysis' }));
      mocks.docx.render.mockResolvedValue(Buffer.from('PK'));
      await expect(mocks.sut.download(CALLER, PROJECT.id, 'liability-analysis', 'docx')).resolves.toEqual({
        bytes: Buffer.from('PK'),
        fileName: `liability_analysis_${PROJECT.id}.docx`,
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      });
      expect(mocks.pdf.render).not.toHaveBeenCalled();
    });
  });
});
