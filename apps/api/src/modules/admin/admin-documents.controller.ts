import { Controller, Get, Param, ParseUUIDPipe, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { UsersService } from '@api/modules/auth/users.service';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { BadRequestError, NotFoundError } from '@api/modules/common/app-error';
import type { DocumentStatus } from '@api/modules/documents/document-status';
import { type DocumentRecord, DocumentsService } from '@api/modules/documents/documents.service';
import type { ParseReport } from '@api/modules/documents/parse-report';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { ApiListQuery } from './admin-projects.controller';
import { FirmAdminGuard } from './firm-admin.guard';
import { offsetLimit, parseListQuery, RawListQuery, setContentRange, stringFilter, uuidFilter } from './simple-rest';

const STATUSES: readonly DocumentStatus[] = ['queued', 'processing', 'ready', 'failed'];
const SORTABLE = ['created_at', 'filename', 'size', 'status'] as const;
const NOT_FOUND = 'Document not found.';
const documentIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestError('The document id is not valid: it must be a UUID.') });

export class AdminDocumentDto {
  @ApiProperty({ format: 'uuid', example: '5d7c1e2a-9b3f-4a6d-8e1c-2f3a4b5c6d7e' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '8b2e4f10-5c3a-4d7e-9f61-0a1b2c3d4e5f' })
  project_id: string;

  @ApiProperty({ example: 'Acme v. Globex supply dispute' })
  project_name: string;

  @ApiProperty({ example: 'supply-agreement.pdf' })
  filename: string;

  @ApiProperty({ example: 'application/pdf' })
  type: string;

  @ApiProperty({ example: 482133 })
  size: number;

  @ApiProperty({ enum: STATUSES, example: 'failed' })
  status: DocumentStatus;

  @ApiProperty({ nullable: true, type: String, example: 'The file is password-protected. Please upload an unprotected copy.' })
  error: string | null;

  @ApiProperty({ nullable: true, type: Number, example: 21 })
  pages: number | null;

  @ApiProperty({ nullable: true, type: String, format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  uploaded_by: string | null;

  @ApiProperty({ nullable: true, type: String, example: 'associate@firm.example' })
  uploader_email: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  created_at: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:04.000Z' })
  updated_at: string;
}

export class AdminDocumentDetailDto extends AdminDocumentDto {
  @ApiPropertyOptional({ nullable: true, type: Object, description: 'How the file was read: pages, OCR, warnings.' })
  parse_report: ParseReport | null;
}

/** The state of every document of the firm's matters, and a retry for the failed ones; never their contents. */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@UseGuards(FirmAdminGuard)
@Controller('admin/documents')
export class AdminDocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly projects: ProjectsService,
    private readonly people: UsersService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List the firm's documents",
    description: "Every document of the firm's projects with its status, size and error, newest first. Names and states only, never contents.",
  })
  @ApiListQuery('project_id, status (queued|processing|ready|failed), q (part of the file name)')
  @ApiOkResponse({ type: [AdminDocumentDto] })
  @ApiErrors(400, 401, 403)
  async listAdminDocuments(@CurrentUser() admin: AuthUser, @Query() raw: RawListQuery, @Res({ passthrough: true }) response: Response): Promise<AdminDocumentDto[]> {
    const query = parseListQuery(raw, SORTABLE, 'created_at', ['project_id', 'status', 'q']);
    const status = stringFilter(query.filter, 'status');
    if (status !== undefined && !STATUSES.includes(status as DocumentStatus)) throw new BadRequestError(`The "status" filter must be one of ${STATUSES.join(', ')}.`);
    const names = await this.projects.namesInFirm(admin.firmId);
    const projectId = uuidFilter(query.filter, 'project_id');
    const scope = projectId === undefined ? [...names.keys()] : names.has(projectId) ? [projectId] : [];
    const { rows, total } = await this.documents.pageOf(scope, {
      sort: query.sort.field,
      order: query.sort.order,
      ...offsetLimit(query),
      status: status as DocumentStatus | undefined,
      q: stringFilter(query.filter, 'q'),
    });
    setContentRange(response, 'documents', query, rows.length, total);
    return this.describe(rows, names);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get one document of the firm', description: 'Status, error and parse report of one document. Another firm’s document answers 404.' })
  @ApiOkResponse({ type: AdminDocumentDetailDto })
  @ApiErrors(400, 401, 403, 404)
  async getAdminDocument(@CurrentUser() admin: AuthUser, @Param('id', documentIdPipe) id: string): Promise<AdminDocumentDetailDto> {
    return this.detail(admin, await this.inFirm(admin, id));
  }

  @Post(':id/retry')
  @ApiOperation({ summary: 'Retry a failed document', description: 'Queues a failed document to be read again. Any other status answers 400.' })
  @ApiCreatedResponse({ type: AdminDocumentDetailDto })
  @ApiErrors(400, 401, 403, 404)
  async retryDocument(@CurrentUser() admin: AuthUser, @Param('id', documentIdPipe) id: string): Promise<AdminDocumentDetailDto> {
    const document = await this.inFirm(admin, id);
    return this.detail(admin, await this.documents.retry(admin, document));
  }

  private async inFirm(admin: AuthUser, id: string): Promise<DocumentRecord> {
    const document = await this.documents.findById(id);
    const firm = document ? await this.projects.firmOf(document.projectId) : null;
    if (!document || firm !== admin.firmId) throw new NotFoundError(NOT_FOUND);
    return document;
  }

  private async detail(admin: AuthUser, document: DocumentRecord): Promise<AdminDocumentDetailDto> {
    const names = await this.projects.namesInFirm(admin.firmId);
    const [row] = await this.describe([document], names);
    return { ...row, parse_report: document.parseReport };
  }

  private async describe(rows: readonly DocumentRecord[], names: Map<string, string>): Promise<AdminDocumentDto[]> {
    const uploaders = await this.people.findMany(rows.flatMap((row) => (row.uploadedBy ? [row.uploadedBy] : [])));
    return rows.map((row) => ({
      id: row.id,
      project_id: row.projectId,
      project_name: names.get(row.projectId) ?? '',
      filename: row.filename,
      type: row.type,
      size: row.size,
      status: row.status,
      error: row.error,
      pages: row.pages,
      uploaded_by: row.uploadedBy,
      uploader_email: row.uploadedBy ? (uploaders.get(row.uploadedBy)?.email ?? null) : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }));
  }
}
