import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { MailService } from '../../../src/mail/mail.service';
import { OutboxService } from '../../../src/mail/outbox.service';
import { createTestApp, TestApp } from '../../support/test-app';
import { entryEmail, MAIL_ENV, subscribedReader } from './mail-fixtures';

describe('without SMTP_URL', () => {
  const directory = mkdtempSync(join(tmpdir(), 'tidings-eml-'));
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp('sqlite', { ...MAIL_ENV, MAIL_OUTBOX_DIR: directory });
  });

  afterAll(async () => {
    await test.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes each email as a complete .eml file, headers included', async () => {
    const reader = await subscribedReader(test, 'files@example.com');
    await test.app.get(MailService).sendEntry(entryEmail(reader, { title: 'On disk' }));
    expect(await test.app.get(OutboxService).flush()).toMatchObject({ sent: 1 });
    const files = readdirSync(directory);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const email = await PostalMime.parse(readFileSync(join(directory, files[0])));
    expect(email.subject).toBe('On disk');
    const header = (name: string) => email.headers.find((h) => h.key === name)?.value;
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toMatch(/^<https:\/\/tidings\.test\/unsubscribe\//);
    expect(email.text).toContain('https://blog.example/fine');
  });
});
