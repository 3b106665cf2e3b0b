import { Body, Controller, Delete, Get, Param, Post, Req, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { RateLimit } from '@api/modules/rate-limit/rate-limit.guard';
import { projectIdPipe } from '@api/modules/projects/project-id.pipe';
import { DeletedResponseDto } from '@api/modules/projects/projects.dto';
import { DocumentListResponseDto, FileListResponseDto, UploadDocumentDto, UploadedDocumentDto } from './documents.dto';
import { DocumentsService } from './documents.service';
import { UploadInterceptor, UploadRequest } from './upload.interceptor';

@ApiTags('documents')
@ApiBearerAuth('bearer')
@Controller()
export class DocumentsController {
  constructor(private readonly service: DocumentsService) {}

  @Post('upload')
  @RateLimit('uploads')
  @UseInterceptors(UploadInterceptor)
  @ApiOperation({
    summary: 'Upload a document',
    description: 'Stores one file (PDF, DOCX, TXT, Markdown, HTML, EML, PNG, JPEG or TIFF) in a project and queues it for text extraction; poll the project\'s documents for its status (`queued`, `processing`, `ready` or `failed`). The same name with the same bytes answers 200 with the existing document; the same name with other bytes is 409; 503 (with Retry-After) while the server\'s storage is full or its database out of reach, nothing stored. Limited per user.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadDocumentDto })
  @ApiCreatedResponse({ type: UploadedDocumentDto, description: 'Stored and queued for ingestion' })
  @ApiOkResponse({ type: UploadedDocumentDto, description: 'The same name with the same bytes: the existing document' })
  @ApiErrors(400, 401, 404, 409, 413, 415, 503)
  async uploadDocument(
    @CurrentUser() user: AuthUser,
    @Req() request: UploadRequest,
    @Body() body: Record<string, unknown>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UploadedDocumentDto> {
    const result = await this.service.upload(user, body.project_id, request.upload as NonNullable<UploadRequest['upload']>);
    response.status(result.created ? 201 : 200);
    return result.document;
  }

  @Get('projects/:id/files')
  @ApiOperation({
    summary: 'List a project\'s file names',
    description: 'The file names of the project\'s documents.',
  })
  @ApiOkResponse({ type: FileListResponseDto })
  @ApiErrors(400, 401, 404)
  listFiles(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<FileListResponseDto> {
    return this.service.listFiles(user, id);
  }

  @Get('projects/:id/documents')
  @ApiOperation({
    summary: 'List a project\'s documents',
    description: 'The project\'s documents with their status, the reason when one failed, size, page count and the extraction report.',
  })
  @ApiOkResponse({ type: DocumentListResponseDto })
  @ApiErrors(400, 401, 404)
  listDocuments(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<DocumentListResponseDto> {
    return this.service.listDocuments(user, id);
  }

  @Delete('projects/:id/files/:filename')
  @ApiOperation({
    summary: 'Delete a document by file name',
    description: 'Deletes the project\'s document with this file name, with its text and chunks.',
  })
  @ApiOkResponse({ type: DeletedResponseDto })
  @ApiErrors(400, 401, 404)
  deleteFile(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string, @Param('filename') filename: string): Promise<DeletedResponseDto> {
    return this.service.deleteByName(user, id, filename);
  }

  @Get('projects/:id/documents/:documentId/content')
  @ApiOperation({
    summary: 'Download an original document',
    description: 'The file exactly as it was uploaded, as an attachment.',
  })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The original file as uploaded' })
  @ApiErrors(400, 401, 404)
  async downloadDocument(
    @CurrentUser() user: AuthUser,
    @Param('id', projectIdPipe) id: string,
    @Param('documentId') documentId: string,
  ): Promise<StreamableFile> {
    const { document, bytes } = await this.service.content(user, id, documentId);
    return new StreamableFile(bytes, {
      type: document.type,
      disposition: `attachment; filename*=UTF-8''${encodeURIComponent(document.filename)}`,
      length: bytes.length,
    });
  }
}
