import type { TextSpan } from '@casewise/legal';
import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface StoredPage {
  page: number;
  start: number;
  end: number;
  ocr: boolean;
}

/** A document's text as stored: sealed (FieldCipher). */
@Entity({ name: 'document_texts' })
export class SealedDocumentTextEntity {
  @PrimaryColumn('uuid', { name: 'document_id' })
  documentId: string;

  @Column('bytea')
  text: Buffer;

  @Column('jsonb')
  pages: StoredPage[];

  /**
   * Its page furniture (running headers, footers, page numbers, legends) as found when it was read, which its
   * passages leave out; null for a text stored before it was kept.
   */
  @Column('jsonb', { nullable: true })
  furniture: TextSpan[] | null;
}

/** The canonical extracted text of a document and its page map: what every citation is checked against. */
export type DocumentTextEntity = Omit<SealedDocumentTextEntity, 'text'> & { text: string };
