import { BillingService } from '../../../src/billing/billing.service';
import { GMAIL_CLIP_BYTES } from '../../../src/mail/email-composer';
import { OutboxService } from '../../../src/mail/outbox.service';
import { SmtpCapture } from '../../support/smtp-capture';
import { createTestApp, TestApp } from '../../support/test-app';
import { testDialects } from '../../support/test-database';
import { DeliveryFixture } from './delivery-fixture';

/** A post of a few paragraphs, as blogs write them: long enough that 200 excerpts cannot all fit. */
const body = (n: number) =>
  `Post ${n} opens with a first sentence that sets the scene for the reader. ` +
  'It goes on with a second sentence, which says a little more about the subject at hand. ' +
  'A third sentence adds detail that the digest has no room for. '.repeat(20);

describe.each(testDialects())('a digest of 200 posts on %s', (dialect) => {
  let test: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await new SmtpCapture().start();
    test = await createTestApp(dialect, { SMTP_URL: smtp.url, MAIL_FROM: 'tidings@tidings.test' });
  });

  afterAll(async () => {
    await test.close();
    await smtp.stop();
  });

  it('stays under Gmail’s clip: contents, counts, whole sentences, and every other post as a linked headline', async () => {
    const fixture = new DeliveryFixture(test);
    const user = await fixture.addUser('busy@example.com');
    await test.app.get(BillingService).grantStarterCredits(user.id, 100);
    test.clock.set('2026-11-22T05:00:00Z');
    for (let f = 1; f <= 20; f += 1) {
      const name = `Feed ${String(f).padStart(2, '0')}`;
      const feed = await fixture.feed(name, [[user, { mode: 'daily' }]], `https://site${f}.example/`);
      await fixture.publish(
        feed,
        Array.from({ length: 10 }, (_, i) => ({
          title: `Feed ${f} post ${i + 1}`,
          summary: `<p>${body(f * 100 + i)}</p>`,
          published: `2026-11-22T0${Math.floor(i / 4)}:${String(i * 5).padStart(2, '0')}:00Z`,
        })),
      );
    }
    await fixture.sendDue('2026-11-22T07:00:00Z');
    await test.app.get(OutboxService).flush();
    const [digest] = await smtp.waitFor(1);

    const html = digest.parsed.html!;
    const text = digest.parsed.text!;
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(GMAIL_CLIP_BYTES);
    expect(Buffer.byteLength(html)).toBeLessThan(102 * 1024);
    expect(text).toContain('200 new posts from 20 feeds');
    expect(text).toMatch(/In this digest:\n- Feed 01 \(10 new posts\)\n- Feed 02 \(10 new posts\)/);
    expect(html.match(/href="#feed-\d+"/g)).toHaveLength(20);
    expect(html).toContain('id="feed-20"');

    const excerpted = text.match(/^Feed \d+ post \d+$/gm) ?? [];
    const headlines = text.match(/^- Feed \d+ post \d+: https:\/\/\S+$/gm) ?? [];
    expect(excerpted.length).toBeGreaterThan(20);
    expect(excerpted.length + headlines.length).toBe(200);
    expect(text).not.toMatch(/^and \d+ more/m);
    expect(html.match(/Read more →/g)).toHaveLength(excerpted.length);
    expect(text).toContain(
      'Post 109 opens with a first sentence that sets the scene for the reader. It goes on',
    );
    expect(text).not.toMatch(/detail that the digest has no room for\. A third/);
    expect(text).not.toContain('…');
  });
});
