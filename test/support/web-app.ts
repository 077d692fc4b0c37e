import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../../src/app.module';
import { Clock } from '../../src/common/clock';
import { loadConfig } from '../../src/config/load-config';
import { prepareDatabase } from '../../src/db/prepare-database';
import { PollScheduler } from '../../src/fetcher/poll.scheduler';
import { OutboxScheduler } from '../../src/mail/outbox.scheduler';
import { waitForSignInLink } from './outbox-files';
import { TestClock } from './test-app';
import { createTestDatabase, Dialect } from './test-database';

export interface WebTestApp {
  app: INestApplication;
  baseUrl: string;
  clock: TestClock;
  outboxDir: string;
  /** A new browser: its own cookie jar. */
  browser(): WebClient;
  close(): Promise<void>;
}

/** The real app in role `serve` (the dashboard) on a random loopback port, without the poll scheduler. */
export async function createWebTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<WebTestApp> {
  const database = await createTestDatabase(dialect, { migrated: true });
  const outboxDir = mkdtempSync(join(tmpdir(), 'tidings-outbox-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FETCH_ALLOW_PRIVATE: 'true',
    SECRET_KEY: 'a test secret of sufficient length',
    MAIL_OUTBOX_DIR: outboxDir,
    ...env,
    DATABASE_URL: database.url,
  });
  await prepareDatabase(config.DATABASE_URL, { migrate: true });
  const clock = new TestClock();
  const moduleRef = await Test.createTestingModule({
    imports: [AppModule.register({ config, role: 'all' })],
  })
    .overrideProvider(Clock)
    .useValue(clock)
    .overrideProvider(PollScheduler)
    .useValue({})
    .overrideProvider(OutboxScheduler)
    .useValue({})
    .compile();
  const app = moduleRef.createNestApplication({ logger: false, rawBody: true });
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return {
    app,
    baseUrl,
    clock,
    outboxDir,
    browser: () => new WebClient(baseUrl, outboxDir),
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

export interface Page {
  status: number;
  location: string | null;
  html: string;
  headers: Headers;
}

/** A tiny browser over fetch: a cookie jar, no redirects followed, the CSRF field read from the last page. */
export class WebClient {
  readonly cookies = new Map<string, string>();
  csrf = '';

  constructor(
    readonly baseUrl: string,
    private readonly outboxDir: string,
  ) {}

  get(path: string): Promise<Page> {
    return this.request(path, { method: 'GET' });
  }

  /** Posts a form; the CSRF field of the last page is added unless `_csrf` is given. */
  post(path: string, form: Record<string, string> = {}, init: RequestInit = {}): Promise<Page> {
    const body = init.body ?? new URLSearchParams({ _csrf: this.csrf, ...form });
    return this.request(path, { method: 'POST', body, ...init });
  }

  /** The whole emailed-link flow: ask for a link, read it from the outbox, confirm it. */
  async signIn(email: string, timezone = 'Europe/Paris'): Promise<Page> {
    await this.get('/signin');
    const sent = await this.post('/signin', { email, timezone });
    if (sent.status !== 200) throw new Error(`sign-in request answered ${sent.status}`);
    const link = await this.waitForSignInLink(email);
    await this.get(new URL(link).pathname);
    return this.post(new URL(link).pathname);
  }

  /** The link in the newest sign-in email to this address (waits for the outbox flush to write it). */
  waitForSignInLink(email: string, after = 0): Promise<string> {
    return waitForSignInLink(this.outboxDir, email, after);
  }

  private async request(path: string, init: RequestInit): Promise<Page> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string> | undefined) },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const [name, value] = [pair.slice(0, separator), pair.slice(separator + 1)];
      if (/Max-Age=0/.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const html = await response.text();
    this.csrf = /name="_csrf" value="([^"]*)"/.exec(html)?.[1] ?? this.csrf;
    return {
      status: response.status,
      location: response.headers.get('location'),
      html,
      headers: response.headers,
    };
  }
}
