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

  /** The embedding as bytes (vector-bytes.ts), when the database keeps vectors. */
  @Column('bytea', { nullable: true })
  vector: Uint8Array | null;
}

/** A passage of a document; [start, end) are offsets into the document's canonical text. */
export type ChunkEntity = Omit<SealedChunkEntity, 'headingPath' | 'text' | 'vector'> & { headingPath: string[]; text: string; vector: number[] | null };
