import nodemailer from 'nodemailer';

export interface RawMail {
  from: string;
  to: string;
  subject?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  headers?: Record<string, string>;
  text?: string;
}

/** An RFC 5322 message as a mail client or an MTA would send it. */
export function rawMessage(mail: RawMail): string {
  const headers: Record<string, string | undefined> = {
    From: mail.from,
    To: mail.to,
    Subject: mail.subject ?? 'A question',
    Date: 'Sun, 22 Nov 2026 10:00:00 +0000',
    'Message-ID': mail.messageId,
    'In-Reply-To': mail.inReplyTo,
    References: mail.references,
    'MIME-Version': '1.0',
    ...(mail.headers ?? {}),
  };
  if (!Object.keys(mail.headers ?? {}).some((name) => /^content-type$/i.test(name)))
    headers['Content-Type'] = 'text/plain; charset=utf-8';
  const head = Object.entries(headers)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  return `${head}\r\n\r\n${(mail.text ?? 'Hello, I have a question.').replace(/\r?\n/g, '\r\n')}\r\n`;
}

/** What `MailService.sendEntry` needs to email one post to a reader, for the specs that reply to it. */
export function entryEmailTo(reader: { id: string; email: string }, dedupKey: string, title: string) {
  return {
    dedupKey,
    to: { userId: reader.id, email: reader.email },
    subscriptionId: 'none',
    feed: { id: 'feed', title: 'Example Blog', url: 'https://blog.example/feed', siteUrl: null },
    entry: { title, link: 'https://blog.example/post', author: null, published: null, html: '<p>Hi</p>' },
  };
}

/** What the sender sees: accepted, or refused with an SMTP/HTTP status. */
export type DeliveryResult = { accepted: true } | { accepted: false; code: number };

export interface InboundTransport {
  name: string;
  deliver(raw: string, envelope: { from: string; to: string[] }): Promise<DeliveryResult>;
}

/** Real SMTP to the listener, as the sender's MTA would speak it. */
export function smtpTransport(port: () => number): InboundTransport {
  return {
    name: 'SMTP',
    deliver: async (raw, envelope) => {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: port(),
        secure: false,
        ignoreTLS: true,
      });
      try {
        await transport.sendMail({ envelope, raw });
        return { accepted: true };
      } catch (error) {
        return { accepted: false, code: (error as { responseCode?: number }).responseCode ?? -1 };
      } finally {
        transport.close();
      }
    },
  };
}

/** The raw-MIME webhook, as an inbound-mail provider would call it (the envelope travels in headers). */
export function webhookTransport(baseUrl: () => string, secret: string): InboundTransport {
  return {
    name: 'HTTP',
    deliver: async (raw, envelope) => {
      const response = await fetch(`${baseUrl()}/support/inbound`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'message/rfc822' },
        body: `Return-Path: <${envelope.from}>\r\nDelivered-To: ${envelope.to.join(', ')}\r\n${raw}`,
      });
      return response.status === 202 ? { accepted: true } : { accepted: false, code: response.status };
    },
  };
}
