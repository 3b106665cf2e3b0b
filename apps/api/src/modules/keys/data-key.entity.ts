import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Who a data key belongs to: an account until firms exist, when a firm's members share its key. */
export type DataKeyOwnerKind = 'account' | 'firm';

/** A 256-bit data key wrapped by the deployment key; destroying it (crypto-shredding) empties `wrapped_key`. */
@Entity({ name: 'data_keys' })
export class DataKeyEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { name: 'owner_kind' })
  ownerKind: DataKeyOwnerKind;

  @Column('uuid', { name: 'owner_id' })
  ownerId: string;

  @Column('bytea', { name: 'wrapped_key', nullable: true })
  wrappedKey: Buffer | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { name: 'destroyed_at', nullable: true })
  destroyedAt: Date | null;
}
