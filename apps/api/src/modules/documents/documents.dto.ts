import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { DocumentEntity, DocumentStatus } from './document.entity';

export class UploadDocumentDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'One file per request' })
  file: unknown;

  @ApiProperty({ format: 'uuid', example: '8b2e4f10-5c3a-4d7e-9f61-0a1b2c3d4e5f' })
  project_id: string;
}

export class UploadedDocumentDto {
  @ApiProperty({ format: 'uuid', example: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' })
  id: string;

  @ApiProperty({ example: 'supply-agreement.pdf' })
  filename: string;

  @ApiProperty({ enum: ['queued', 'processing', 'ready', 'failed'], example: 'queued' })
  status: DocumentStatus;

  @ApiProperty({ description: 'Size in bytes', example: 248311 })
  size: number;

  @ApiProperty({ description: 'SHA-256 of the file, hex', example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' })
  sha256: string;
}

export class ParseReportDto {
  @ApiProperty({ example: 12 })
  pages: number;

  @ApiProperty({ description: 'Pages whose text came from OCR', example: 1 })
  pages_ocr: number;

  @ApiProperty({ description: 'Pages where no text was found', example: 0 })
  pages_without_text: number;

  @ApiProperty({ description: 'Characters of extracted text', example: 41872 })
  characters: number;

  @ApiProperty({ description: 'Tables found', example: 2 })
  tables: number;
}

export class DocumentDto {
  @ApiProperty({ format: 'uuid', example: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b' })
  id: string;

  @ApiProperty({ example: 'supply-agreement.pdf' })
  filename: string;

  @ApiProperty({ description: 'MIME type of the file', example: 'application/pdf' })
  type: string;

  @ApiProperty({ enum: ['queued', 'processing', 'ready', 'failed'], example: 'ready' })
  status: DocumentStatus;

  @ApiProperty({ type: String, nullable: true, description: 'Why the document failed, in plain language' })
  error: string | null;

  @ApiProperty({ description: 'Size in bytes', example: 248311 })
  size: number;

  @ApiProperty({ description: 'SHA-256 of the uploaded bytes (hex), so a client can skip a file already uploaded', example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' })
  sha256: string;

  @ApiProperty({ type: Number, nullable: true, example: 12 })
  pages: number | null;

  @ApiPropertyOptional({ type: ParseReportDto, nullable: true })
  parse_report: ParseReportDto | null;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:05:00.000Z' })
  created_at: string;
}

export class DocumentListResponseDto {
  @ApiProperty({ type: [DocumentDto] })
  documents: DocumentDto[];
}

export class FileListResponseDto {
  @ApiProperty({ type: [String], example: ['supply-agreement.pdf', 'notice-of-breach.eml'] })
  files: string[];
}

export function mapUploaded(document: DocumentEntity): UploadedDocumentDto {
  return { id: document.id, filename: document.filename, status: document.status, size: document.size, sha256: document.sha256 };
}

export function mapDocument(document: DocumentEntity): DocumentDto {
  const report = document.parseReport;
  return {
    id: document.id,
    filename: document.filename,
    type: document.type,
    status: document.status,
    error: document.error,
    size: document.size,
    sha256: document.sha256,
    pages: document.pages,
    parse_report: report
      ? { pages: report.pages, pages_ocr: report.pagesOcr, pages_without_text: report.pagesWithoutText, characters: report.characters, tables: report.tables }
      : null,
    created_at: document.createdAt.toISOString(),
  };
}
