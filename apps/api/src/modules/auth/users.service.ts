import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

/** A person as other modules may see them: never a password hash or a token version. */
export interface Person {
  id: string;
  email: string;
  firmId: string;
  role: UserEntity['role'];
  status: UserEntity['status'];
  disabled: boolean;
  createdAt: Date;
}

function toPerson(user: UserEntity): Person {
  return { id: user.id, email: user.email, firmId: user.firmId, role: user.role, status: user.status, disabled: user.disabledAt !== null, createdAt: user.createdAt };
}

/** The firm's directory of people, for the modules that share matters and administer accounts. */
@Injectable()
export class UsersService {
  constructor(private readonly users: UserRepository) {}

  /** The person of this firm with this address; another firm's account is as unknown as no account. */
  async findInFirmByEmail(firmId: string, email: string): Promise<Person | null> {
    const user = await this.users.findByEmail(email);
    return user && user.firmId === firmId ? toPerson(user) : null;
  }

  async findInFirm(firmId: string, id: string): Promise<Person | null> {
    const user = await this.users.findById(id);
    return user && user.firmId === firmId ? toPerson(user) : null;
  }

  async findMany(ids: readonly string[]): Promise<Map<string, Person>> {
    if (ids.length === 0) return new Map();
    const rows = await this.users.findBy({ id: In([...new Set(ids)]) });
    return new Map(rows.map((row) => [row.id, toPerson(row)]));
  }
}
