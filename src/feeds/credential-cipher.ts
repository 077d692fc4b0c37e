import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { ValidationError } from '../common/errors';
import { CONFIG } from '../config/config.module';
import { Config } from '../config/load-config';
import { canonicalCredentials, FeedCredentials, feedCredentialsSchema } from './domain/feed-credentials';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The stored login cannot be read back: another SECRET_KEY, or a row changed by hand. */
export class UnreadableCredentialsError extends ValidationError {}

/**
 * Feed logins at rest: AES-256-GCM (authenticated, a random 96-bit IV each time, the feed's id as
 * additional data so that a secret copied to another row does not open) under a key derived from
 * SECRET_KEY by HKDF-SHA-256 with its own purpose label; and the credentials' fingerprint, an HMAC
 * under a second derived key, which names the feed without being the secret or guessable from it.
 */
@Injectable()
export class CredentialCipher {
  private readonly encryptionKey: Buffer;
  private readonly fingerprintKey: Buffer;

  constructor(@Inject(CONFIG) config: Pick<Config, 'SECRET_KEY'>) {
    this.encryptionKey = derive(config.SECRET_KEY, 'tidings feed credentials: encryption v1');
    this.fingerprintKey = derive(config.SECRET_KEY, 'tidings feed credentials: fingerprint v1');
  }

  fingerprint(credentials: FeedCredentials): string {
    return createHmac('sha256', this.fingerprintKey).update(canonicalCredentials(credentials)).digest('hex');
  }

  /** `v1.<base64url of IV, tag and ciphertext>`. */
  seal(credentials: FeedCredentials, feedId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(feedId));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  open(stored: string, feedId: string): FeedCredentials {
    const [version, payload] = stored.split('.');
    const bytes = Buffer.from(payload ?? '', 'base64url');
    if (version !== VERSION || bytes.length <= IV_BYTES + TAG_BYTES)
      throw new UnreadableCredentialsError('the stored login is not in a known format');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, bytes.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(feedId));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      return feedCredentialsSchema.parse(JSON.parse(plain.toString('utf8')));
    } catch {
      throw new UnreadableCredentialsError(
        'the stored login cannot be read (was SECRET_KEY changed?): enter it again',
      );
    }
  }
}

function derive(secretKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), purpose, 32));
}
