import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ConflictError, NotFoundError } from '../common/errors';
import { newId } from '../common/ids';
import { isUniqueViolation, parseOrThrow } from '../common/zod-errors';
import { STAFF_ROLES } from './domain/staff-roles';
import { emailSchema, newUserSchema, userSettingsSchema } from './domain/user-settings';
import { UserEntity } from './user.entity';
import { UsersRepository } from './users.repository';

export type User = Readonly<UserEntity>;

@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async addUser(input: Record<string, unknown>): Promise<User> {
    const fields = parseOrThrow(newUserSchema, input);
    const user: UserEntity = { id: newId(), ...fields, createdAt: this.clock.now() };
    try {
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
    const user = await this.users.findByEmail(normalised);
    if (!user) throw new NotFoundError(`no user with the email ${normalised}`);
    return user;
  }

  async getById(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError(`no user ${userId}`);
    return user;
  }

  /** Timezone, digest hour and weekly day, all validated; nothing changes when one is wrong. */
  async updateSettings(userId: string, input: Record<string, unknown>): Promise<User> {
    const settings = parseOrThrow(userSettingsSchema, input);
    if (!(await this.users.update(userId, settings))) throw new NotFoundError(`no user ${userId}`);
    return this.getById(userId);
  }

  /** The reader asked for every email as it comes (the `unlimited` reply): no budget a day any more. */
  async liftDailyLimit(userId: string): Promise<void> {
    await this.users.update(userId, { maxEmailsPerDay: 0 });
  }

  /** For the admin page: up to `limit` users whose address contains `text`. */
  searchByEmail(text: string, limit: number): Promise<User[]> {
    return this.users.search(text, limit);
  }

  /** Who can answer support: agents and admins (`canSee('support', role)`). */
  supportStaff(): Promise<User[]> {
    return this.users.findByRoles(STAFF_ROLES.support);
  }

  countUsers(): Promise<number> {
    return this.users.count();
  }

  findByIds(ids: readonly string[]): Promise<User[]> {
    return this.users.findByIds(ids);
  }
}
