import { SmtpPool, SmtpSendError } from '../../../src/mail/smtp-pool';
import { MisbehavingSmtp } from '../../support/misbehaving-smtp';
import { freePort } from '../../support/server-process';

const message = (to: string) =>
  Buffer.from(`From: news@tidings.test\r\nTo: ${to}\r\nMessage-ID: <${to}>\r\nSubject: Hi\r\n\r\nHello\r\n`);

describe('SmtpPool against a real server on loopback', () => {
  let smtp: MisbehavingSmtp;
  let pool: SmtpPool;

  const poolFor = (port: number, options: { greetingTimeout?: number; size?: number } = {}) =>
    new SmtpPool({
      connection: { host: '127.0.0.1', port, greetingTimeout: options.greetingTimeout ?? 10_000 },
      size: options.size ?? 2,
      messagesPerConnection: 100,
      deadlineMs: 60_000,
    });

  const send = (to: string) => pool.send({ from: 'bounce@tidings.test', to: [to] }, message(to));
  const failureOf = (to: string) =>
    send(to).then(
      () => null,
      (error: SmtpSendError) => error,
    );

  beforeAll(async () => {
    smtp = await new MisbehavingSmtp().start();
  });

  beforeEach(() => {
    pool = poolFor(smtp.port);
  });

  afterEach(() => pool.close());

  afterAll(() => smtp.stop());

  it('carries many messages over few connections', async () => {
    smtp.plan = () => undefined;
    const before = smtp.connections;
    const replies = await Promise.all(Array.from({ length: 8 }, (_, n) => send(`many${n}@example.com`)));
    expect(replies.every((reply) => reply.startsWith('250'))).toBe(true);
    expect(smtp.connections - before).toBe(2);
    expect(smtp.copiesByRecipient().get('many7@example.com')).toEqual(['<many7@example.com>']);
  });

  it('says how far each failed delivery got, and whether the server may have kept it', async () => {
    smtp.plan = ({ recipient }) =>
      ({
        'grey@example.com': { at: 'rcpt' as const, code: 451, message: '4.7.1 Greylisted' },
        'big@example.com': { at: 'data' as const, code: 552, message: '5.3.4 Too big' },
        'mid@example.com': 'drop-mid-data' as const,
        'after@example.com': 'accept-then-drop' as const,
      })[recipient];
    const outcomes = await Promise.all(
      ['grey', 'big', 'mid', 'after'].map(async (name) => {
        const error = await failureOf(`${name}@example.com`);
        return [name, error?.phase, error?.responseCode, error?.isMaybeSent];
      }),
    );
    expect(outcomes).toEqual([
      ['grey', 'envelope', 451, false],
      ['big', 'verdict', 552, false],
      ['mid', expect.stringMatching(/^(data|verdict)$/), undefined, true],
      ['after', 'verdict', undefined, true],
    ]);
    expect(smtp.copiesByRecipient().get('after@example.com')).toEqual(['<after@example.com>']);
    expect(smtp.copiesByRecipient().get('mid@example.com')).toBeUndefined();
    smtp.plan = () => undefined;
    await expect(send('after-again@example.com')).resolves.toMatch(/^250/);
  });

  it('fails at connect when the server is not there, or never greets', async () => {
    const closed = poolFor(await freePort());
    const refused = await closed
      .send({ from: 'b@tidings.test', to: ['x@example.com'] }, message('x@example.com'))
      .catch((error: SmtpSendError) => error);
    expect(refused).toMatchObject({
      phase: 'connect',
      isMaybeSent: false,
      code: expect.stringMatching(/^E/),
    });
    closed.close();

    smtp.holdGreetings(1);
    const silent = poolFor(smtp.port, { greetingTimeout: 200 });
    const timedOut = await silent
      .send({ from: 'b@tidings.test', to: ['y@example.com'] }, message('y@example.com'))
      .catch((error: SmtpSendError) => error);
    expect(timedOut).toMatchObject({ phase: 'connect', code: 'ETIMEDOUT', isMaybeSent: false });
    silent.close();
    smtp.releaseGreetings();
  });
});
