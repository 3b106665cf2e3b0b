import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A passage of a document as stored: its headings and text sealed (FieldCipher). */
@Entity({ name: 'chunks' })
export class SealedChunkEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'document_id' })
  documentId: string;

  @Column('uuid', { name: 'project_id' })
  projectId: string;

  @Column('int')
  ordinal: number;

  @Column('int')
  start: number;

  @Column('int')
  end: number;

  @Column('int', { name: 'page_start' })
  pageStart: number;

  @Column('int', { name: 'page_end' })
  pageEnd: number;

  @Column('bytea', { name: 'heading_path' })
  headingPath: Buffer;

  @Column('bytea')
  text: Buffer;

  @Column('real', { array: true, nullable: true })
  vector: number[] | null;
}

/** A passage of a document; [start, end) are offsets into the document's canonical text. */
export type ChunkEntity = Omit<SealedChunkEntity, 'headingPath' | 'text'> & { headingPath: string[]; text: string };
