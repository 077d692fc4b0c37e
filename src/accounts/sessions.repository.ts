import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, MoreThan, Repository } from 'typeorm';
import { SessionEntity } from './session.entity';

/** The `sessions` table: only hashes of the cookie tokens. */
@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>) {}

  async insert(session: SessionEntity): Promise<void> {
    await this.sessions.insert(session);
  }

  findUnexpired(tokenHash: string, now: Date): Promise<SessionEntity | null> {
    return this.sessions.findOneBy({ tokenHash, expiresAt: MoreThan(now) });
  }

  async touch(id: string, lastSeenAt: Date): Promise<void> {
    await this.sessions.update({ id }, { lastSeenAt });
  }

  async deleteByHash(tokenHash: string): Promise<void> {
    await this.sessions.delete({ tokenHash });
  }

  async deleteExpired(now: Date): Promise<void> {
    await this.sessions.delete({ expiresAt: LessThan(now) });
  }
}
