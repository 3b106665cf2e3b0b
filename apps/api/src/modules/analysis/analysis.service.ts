import { Injectable } from '@nestjs/common';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { BadRequestError, NotFoundError } from '@api/modules/common/app-error';
import { DocumentsService } from '@api/modules/documents/documents.service';
import { IngestionService } from '@api/modules/ingestion/ingestion.service';
import { CitationChecker } from '@api/modules/llm/citation-checker';
import { LanguageModel } from '@api/modules/llm/language-model';
import { ReportKind, SourceDocument } from '@api/modules/llm/llm.types';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { NO_DOCUMENTS } from '@api/modules/qa/qa.service';
import { DocxRenderer } from '@api/modules/reports/docx-renderer';
import { PdfRenderer } from '@api/modules/reports/pdf-renderer';
import { ReportEntity } from './report.entity';
import { ReportRepository } from './report.repository';
import { UsageService } from '@api/modules/usage/usage.service';
import { AuditRepository } from '@api/modules/audit/audit.repository';

const NOT_GENERATED: Record<ReportKind, string> = {
  'case-summary': 'Generate the case summary first.',
  'liability-analysis': 'Generate the liability analysis first.',
};

const FILE_STEMS: Record<ReportKind, string> = {
  'case-summary': 'case_summary',
  'liability-analysis': 'liability_analysis',
};

export interface RenderedFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

@Injectable()
export class AnalysisService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly documents: DocumentsService,
    private readonly ingestion: IngestionService,
    private readonly model: LanguageModel,
    private readonly checker: CitationChecker,
    private readonly reports: ReportRepository,
    private readonly pdf: PdfRenderer,
    private readonly docx: DocxRenderer,
    private readonly usage: UsageService,
    private readonly audit: AuditRepository,
  ) {}

  /** Generates and stores a report over the project's ready documents; only checked citations are kept. */
  async generate(user: AuthUser, projectId: string, kind: ReportKind): Promise<ReportEntity> {
    const project = await this.projects.getFor(user, projectId, 'reports.generate');
    const ready = (await this.documents.inProject(project.id)).filter((document) => document.status === 'ready');
    if (ready.length === 0) throw new BadRequestError(NO_DOCUMENTS);
    const texts = new Map((await this.ingestion.textsOf(ready.map((document) => document.id))).map((text) => [text.documentId, text]));
    const sources: SourceDocument[] = ready.flatMap((document) => {
      const text = texts.get(document.id);
      return text ? [{ id: document.id, file: document.filename, sha256: document.sha256, text: text.text, pages: text.pages }] : [];
    });
    const draft = await this.model.report(kind, sources, project.name);
    const checked = this.checker.check(draft.citations, (id) => texts.get(id)?.text);
    if (checked.invalid.length > 0) {
      throw new Error(`The ${kind} cited ${checked.invalid.length} passage(s) that are not in the documents.`);
    }
    const report = await this.reports.add({
      projectId: project.id,
      kind,
      markdown: draft.markdown,
      citations: checked.valid.map(({ documentId, file, page, start, end, quote }) => ({ documentId, file, page, start, end, quote })),
      engine: draft.engine,
      documents: sources.map(({ id, file, sha256 }) => ({ id, file, sha256 })),
      usage: draft.usage,
    });
    await this.usage.count(user, { reports: 1, inputTokens: draft.usage?.inputTokens, outputTokens: draft.usage?.outputTokens });
    await this.audit.record({
      action: 'report.generate',
      firmId: user.firmId,
      target: { type: 'report', id: report.id },
      actorId: user.id,
      email: user.email,
      details: { projectId: project.id, kind, engine: draft.engine },
    });
    return report;
  }

  /** The latest report of each kind, for a workspace reopening the project; null where none was generated. */
  async stored(user: AuthUser, projectId: string): Promise<Record<ReportKind, ReportEntity | null>> {
    const project = await this.projects.getFor(user, projectId, 'reports.read');
    const [summary, liability] = await Promise.all([this.reports.latest(project.id, 'case-summary'), this.reports.latest(project.id, 'liability-analysis')]);
    return { 'case-summary': summary, 'liability-analysis': liability };
  }

  async download(user: AuthUser, projectId: string, kind: ReportKind, format: 'pdf' | 'docx'): Promise<RenderedFile> {
    const project = await this.projects.getFor(user, projectId, 'reports.read');
    const report = await this.reports.latest(project.id, kind);
    if (!report) throw new NotFoundError(NOT_GENERATED[kind]);
    const renderable = {
      kind,
      projectName: project.name,
      generatedAt: report.createdAt,
      documents: report.documents.map((document) => document.file),
      engine: report.engine,
      markdown: report.markdown,
      citations: report.citations,
    };
    const fileName = `${FILE_STEMS[kind]}_${project.id}.${format}`;
    if (format === 'docx') {
      return { bytes: await this.docx.render(renderable), fileName, contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
    }
    return { bytes: await this.pdf.render(renderable), fileName, contentType: 'application/pdf' };
  }
}
