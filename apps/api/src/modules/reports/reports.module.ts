import { Module } from '@nestjs/common';
import { DocxRenderer } from './docx-renderer';
import { PdfRenderer } from './pdf-renderer';

/** Report rendering adapters: PDF through Chromium, Word through docx. ConfigService comes from the global ConfigModule. */
@Module({
  providers: [PdfRenderer, DocxRenderer],
  exports: [PdfRenderer, DocxRenderer],
})
export class ReportsModule {}
