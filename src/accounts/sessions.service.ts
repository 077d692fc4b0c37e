import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../common/clock';
import { newId, sha256Hex } from '../common/ids';
import { AccountsService, User } from './accounts.service';
import { SessionsRepository } from './sessions.repository';

export const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** Dashboard sessions: a random token (the web module keeps it in a signed cookie), only its SHA-256 stored. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly accounts: AccountsService,
    private readonly clock: Clock,
  ) {}

  async start(userId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await this.sessions.insert({
      id: newId(),
      tokenHash: sha256Hex(token),
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS),
      lastSeenAt: now,
    });
    return token;
  }

  /** The signed-in user of a session token, or null when the session is unknown or expired. */
  async userOf(token: string): Promise<User | null> {
    const now = this.clock.now();
    const session = await this.sessions.findUnexpired(sha256Hex(token), now);
    if (!session) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS)
      await this.sessions.touch(session.id, now);
    return this.accounts.getById(session.userId);
  }

  async end(token: string): Promise<void> {
    const now = this.clock.now();
    await this.sessions.deleteByHash(sha256Hex(token));
    await this.sessions.deleteExpired(now);
  }
}
