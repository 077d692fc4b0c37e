import MailComposer from 'nodemailer/lib/mail-composer';
import { AccountsService } from '../../../src/accounts/accounts.service';
import { RetentionService } from '../../../src/retention/retention.service';
import { SupportService } from '../../../src/support/support.service';
import { freePort } from '../../support/server-process';
import { testDialects } from '../../support/test-database';
import { createWebTestApp, WebClient, WebTestApp } from '../../support/web-app';
import { smtpTransport } from './inbound-mail-helpers';

const MAX_FILE_BYTES = 300_000;
/** A real PDF header and 200 kB of pseudo-random bytes: what a scan looks like to the parser. */
const pdf = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251)),
]);
/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function message(subject: string, attachments: Array<Record<string, unknown>>): Promise<string> {
  return new Promise((resolve, reject) =>
    new MailComposer({
      from: 'reader@example.com',
      to: 'support@tidings.test',
      subject,
      text: 'Here is what I see.',
      html: '<p>Here is what I see: <img src="cid:shot@reader"></p>',
      attachments,
    })
      .compile()
      .build((error, raw) => (error ? reject(error) : resolve(raw.toString('utf8')))),
  );
}

describe.each(testDialects())('files sent to support on %s', (dialect) => {
  let server: WebTestApp;
  let smtpPort: number;
  let agent: WebClient;
  let reader: WebClient;
  const inbound = smtpTransport(() => smtpPort);
  const envelope = { from: 'reader@example.com', to: ['support@tidings.test'] };

  beforeAll(async () => {
    smtpPort = await freePort();
    server = await createWebTestApp(dialect, {
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_MAX_ATTACHMENTS: '3',
      INBOUND_MAX_ATTACHMENT_BYTES: String(MAX_FILE_BYTES),
      MAIL_FROM: 'tidings@tidings.test',
    });
    await server.app.get(AccountsService).addUser({ email: 'agent@tidings.test', role: 'support' });
    agent = server.browser();
    await agent.signIn('agent@tidings.test');
    reader = server.browser();
    await reader.signIn('reader@example.com');
  });

  afterAll(() => server.close());

  async function threadWith(subject: string) {
    const thread = (await server.app.get(SupportService).listThreads()).find((t) => t.subject === subject);
    return thread ? agent.get(`/support/threads/${thread.id}`) : null;
  }

  it('keeps a PDF and an inline screenshot, lists them, and lets agents download them as files only', async () => {
    const raw = await message('My screenshot', [
      { filename: 'scan "1".pdf', content: pdf, contentType: 'application/pdf' },
      { filename: 'shot.png', content: png, contentType: 'image/png', cid: 'shot@reader' },
    ]);
    expect(await inbound.deliver(raw, envelope)).toEqual({ accepted: true });
    const page = (await threadWith('My screenshot'))!;
    const links = [...page.html.matchAll(/<a href="(\/support\/attachments\/[^"]+)" download>([^<]+)<\/a>/g)];
    const hrefs = new Map(links.map((link) => [link[2], link[1]]));
    expect([...hrefs.keys()].sort()).toEqual(['scan _1_.pdf', 'shot.png']);
    expect(page.html).toContain('(application/pdf, 200009 bytes)');

    const download = await fetch(`${server.baseUrl}${hrefs.get('scan _1_.pdf')}`, {
      headers: { cookie: [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="scan _1_.pdf"; filename*=UTF-8''scan%20_1_.pdf`,
    );
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    expect((await reader.get(hrefs.get('shot.png')!)).status).toBe(404);
  });

  it('refuses a file over the limit and more files than the limit, permanently and saying the limit', async () => {
    const large = await message('Too large', [
      { filename: 'huge.pdf', content: Buffer.alloc(MAX_FILE_BYTES + 1, 1), contentType: 'application/pdf' },
    ]);
    expect(await inbound.deliver(large, envelope)).toEqual({ accepted: false, code: 552 });
    const many = await message(
      'Too many',
      Array.from({ length: 4 }, (_, i) => ({ filename: `f${i}.txt`, content: `file ${i}` })),
    );
    expect(await inbound.deliver(many, envelope)).toEqual({ accepted: false, code: 552 });
    expect(await threadWith('Too large')).toBeNull();
    expect(await threadWith('Too many')).toBeNull();
  });

  it('drops the files’ bytes after the retention period, keeping their names for the thread', async () => {
    const raw = await message('Old file', [
      { filename: 'old.pdf', content: pdf, contentType: 'application/pdf' },
    ]);
    expect(await inbound.deliver(raw, envelope)).toEqual({ accepted: true });
    server.clock.advance(91 * 24 * 3600 * 1000);
    const report = await server.app.get(RetentionService).prune();
    expect(report.pruned.supportAttachments).toBeGreaterThanOrEqual(1);
    const support = server.app.get(SupportService);
    const thread = (await support.listThreads()).find((t) => t.subject === 'Old file')!;
    const [file] = (await support.getThread(thread.id)).messages[0].attachments;
    expect(file).toMatchObject({ filename: 'old.pdf', isPruned: true });
    await expect(support.attachment(file.id)).rejects.toThrow(
      'old.pdf was removed after the retention period',
    );
  });
});
