import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { SignInTokenEntity } from './sign-in-token.entity';

/** The `sign_in_tokens` table: only hashes of the emailed tokens, each used once. */
@Injectable()
export class SignInTokensRepository {
  constructor(@InjectRepository(SignInTokenEntity) private readonly tokens: Repository<SignInTokenEntity>) {}

  async insert(token: SignInTokenEntity): Promise<void> {
    await this.tokens.insert(token);
  }

  async deleteExpiredBefore(instant: Date): Promise<void> {
    await this.tokens.delete({ expiresAt: LessThan(instant) });
  }

  findByHash(tokenHash: string): Promise<SignInTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash });
  }

  /** Marks the token used if it is unused and unexpired (compare-and-set); false when it was not. */
  async use(tokenHash: string, now: Date): Promise<boolean> {
    const claimed = await this.tokens
      .createQueryBuilder()
      .update()
      .set({ usedAt: now })
      .where('token_hash = :tokenHash AND used_at IS NULL AND expires_at > :now', { tokenHash, now })
      .execute();
    return claimed.affected === 1;
  }
}
