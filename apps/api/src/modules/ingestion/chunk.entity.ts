import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A passage of a document; [start, end) are offsets into the document's canonical text. */
@Entity({ name: 'chunks' })
export class ChunkEntity {
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

  @Column('jsonb', { name: 'heading_path' })
  headingPath: string[];

  @Column('text')
  text: string;

  @Column('real', { array: true, nullable: true })
  vector: number[] | null;
}
