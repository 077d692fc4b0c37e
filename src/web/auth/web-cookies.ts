import { Inject, Injectable } from '@nestjs/common';
import { Response } from 'express';
import { CONFIG } from '../../config/config.module';
import { Config } from '../../config/load-config';
import { serializeCookie, signValue, verifySignedValue } from '../domain/cookies';
import { SESSION_DAYS } from '../../accounts/sessions.service';

export const SESSION_COOKIE = 'tidings_session';
export const CSRF_COOKIE = 'tidings_csrf';

/** Reads and writes our signed cookies; Secure whenever PUBLIC_URL is https. */
@Injectable()
export class WebCookies {
  private readonly isSecure: boolean;

  constructor(@Inject(CONFIG) private readonly config: Config) {
    this.isSecure = config.PUBLIC_URL.startsWith('https:');
  }

  read(cookies: Map<string, string>, name: string): string | null {
    return verifySignedValue(cookies.get(name), this.config.SECRET_KEY);
  }

  set(response: Response, name: string, value: string, maxAgeSeconds?: number): void {
    const cookie = serializeCookie(name, signValue(value, this.config.SECRET_KEY), {
      isSecure: this.isSecure,
      maxAgeSeconds,
    });
    response.append('Set-Cookie', cookie);
  }

  setSession(response: Response, token: string): void {
    this.set(response, SESSION_COOKIE, token, SESSION_DAYS * 86_400);
  }

  clear(response: Response, name: string): void {
    response.append('Set-Cookie', serializeCookie(name, '', { isSecure: this.isSecure, maxAgeSeconds: 0 }));
  }
}
