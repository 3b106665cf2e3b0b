import { Module } from '@nestjs/common';
import { DocxRenderer } from './docx-renderer';
import { PdfRenderer } from './pdf-renderer';

/**
 * Report rendering adapters: PDF through Chromium, Word through docx; ConfigService comes from the global
 * ConfigModule. They render the report they are given and never read the database or call the language model.
 */
@Module({
  providers: [PdfRenderer, DocxRenderer],
  exports: [PdfRenderer, DocxRenderer],
})
export class ReportsModule {}
