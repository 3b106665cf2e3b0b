import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { DocumentEntity, DocumentStatus } from './document.entity';

export class UploadDocumentDto {
  @ApiProperty({ type: 'string', format: 'binary', description: 'One file per request' })
  file: unknown;

  @ApiProperty({ format: 'uuid' })
  project_id: string;
}

export class UploadedDocumentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  filename: string;

  @ApiProperty({ enum: ['queued', 'processing', 'ready', 'failed'] })
  status: DocumentStatus;

  @ApiProperty({ description: 'Size in bytes' })
  size: number;

  @ApiProperty({ description: 'SHA-256 of the file, hex' })
  sha256: string;
}

export class ParseReportDto {
  @ApiProperty()
  pages: number;

  @ApiProperty()
  pages_ocr: number;

  @ApiProperty()
  pages_without_text: number;

  @ApiProperty()
  characters: number;

  @ApiProperty()
  tables: number;
}

export class DocumentDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  filename: string;

  @ApiProperty()
  type: string;

  @ApiProperty({ enum: ['queued', 'processing', 'ready', 'failed'] })
  status: DocumentStatus;

  @ApiProperty({ type: String, nullable: true, description: 'Why the document failed, in plain language' })
  error: string | null;

  @ApiProperty()
  size: number;

  @ApiProperty({ type: Number, nullable: true })
  pages: number | null;

  @ApiPropertyOptional({ type: ParseReportDto, nullable: true })
  parse_report: ParseReportDto | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class DocumentListResponseDto {
  @ApiProperty({ type: [DocumentDto] })
  documents: DocumentDto[];
}

export class FileListResponseDto {
  @ApiProperty({ type: [String] })
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
    pages: document.pages,
    parse_report: report
      ? { pages: report.pages, pages_ocr: report.pagesOcr, pages_without_text: report.pagesWithoutText, characters: report.characters, tables: report.tables }
      : null,
    created_at: document.createdAt.toISOString(),
  };
}
