import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface StoredPage {
  page: number;
  start: number;
  end: number;
  ocr: boolean;
}

/** The canonical extracted text of a document and its page map: what every citation is checked against. */
@Entity({ name: 'document_texts' })
export class DocumentTextEntity {
  @PrimaryColumn('uuid', { name: 'document_id' })
  documentId: string;

  @Column('text')
  text: string;

  @Column('jsonb')
  pages: StoredPage[];
}
