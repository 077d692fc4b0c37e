import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Clock } from '../common/clock';
import { ConflictError, NotFoundError } from '../common/errors';
import { newId } from '../common/ids';
import { isUniqueViolation, parseOrThrow } from '../common/zod-errors';
import { placeholders, selectRows } from '../db/raw-rows';
import { emailSchema, newUserSchema, userSettingsSchema } from './domain/user-settings';
import { UserEntity } from './user.entity';

export type User = Readonly<UserEntity>;

@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly clock: Clock,
  ) {}

  async addUser(input: Record<string, unknown>): Promise<User> {
    const fields = parseOrThrow(newUserSchema, input);
    const user = this.users.create({ id: newId(), ...fields, createdAt: this.clock.now() });
    try {
      // insert, not save: save opens a transaction of its own, which would interleave with the queued
      // transactions on SQLite's single connection.
      await this.users.insert(user);
      return user;
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(`a user with the email ${fields.email} already exists`);
      throw error;
    }
  }

  async getByEmail(email: string): Promise<User> {
    const normalised = parseOrThrow(emailSchema, email);
    const user = await this.users.findOneBy({ email: normalised });
    if (!user) throw new NotFoundError(`no user with the email ${normalised}`);
    return user;
  }

  async getById(userId: string): Promise<User> {
    const user = await this.users.findOneBy({ id: userId });
    if (!user) throw new NotFoundError(`no user ${userId}`);
    return user;
  }

  /** Timezone, digest hour and weekly day, all validated; nothing changes when one is wrong. */
  async updateSettings(userId: string, input: Record<string, unknown>): Promise<User> {
    const settings = parseOrThrow(userSettingsSchema, input);
    const result = await this.users.update({ id: userId }, settings);
    if (!result.affected) throw new NotFoundError(`no user ${userId}`);
    return this.getById(userId);
  }

  async findByIds(ids: readonly string[]): Promise<User[]> {
    if (ids.length === 0) return [];
    return selectRows(
      this.users.manager,
      UserEntity,
      `SELECT * FROM users WHERE id IN (${placeholders(ids.length)})`,
      ids,
    );
  }
}
