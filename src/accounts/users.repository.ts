import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { readInChunks } from '../db/chunked';
import { placeholders, selectRows } from '../db/raw-rows';
import { UserEntity } from './user.entity';

/** The `users` table. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  /** Throws the driver's unique violation when the email is taken. */
  async insert(user: UserEntity): Promise<void> {
    // insert, not save: save opens a transaction of its own, which would interleave with the queued
    // transactions on SQLite's single connection.
    await this.users.insert(user);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  /** Users whose address contains `text` (any case), in address order. */
  search(text: string, limit: number): Promise<UserEntity[]> {
    const pattern = `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
    return this.users
      .createQueryBuilder('account')
      .where("LOWER(account.email) LIKE :pattern ESCAPE '!'", { pattern })
      .orderBy('account.email', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** Everyone with one of these roles, by address (the support team is small). */
  findByRoles(roles: readonly string[]): Promise<UserEntity[]> {
    return this.users.find({ where: { role: In([...roles]) }, order: { email: 'ASC' }, take: 500 });
  }

  count(): Promise<number> {
    return this.users.count();
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** Returns whether the user exists. */
  async update(id: string, values: Partial<UserEntity>): Promise<boolean> {
    return Boolean((await this.users.update({ id }, values)).affected);
  }

  /** Users by id, read for every new entry: no query builder. */
  findByIds(ids: readonly string[]): Promise<UserEntity[]> {
    return readInChunks(ids, (chunk) =>
      selectRows<UserEntity>(
        this.users.manager,
        UserEntity,
        `SELECT * FROM users WHERE id IN (${placeholders(chunk.length)})`,
        chunk,
      ),
    );
  }
}
