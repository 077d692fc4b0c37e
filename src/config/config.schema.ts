import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseCreditPacks } from './credit-packs';
import { parseDomainRates } from './domain-rates';
import { parseMailbox } from './mail-from';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const port = z.coerce.number().int().min(1).max(65535);

const databaseUrl = z.string().refine((value) => /^(sqlite:.+|mysql:\/\/.+|mariadb:\/\/.+)$/.test(value), {
  message: 'expected sqlite:PATH or mysql://user:pass@host:3306/database',
});

const httpUrl = z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' });

/** Every setting Tidings reads. Nothing else reads process.env. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: databaseUrl.default('sqlite:./data/tidings.db'),
  PORT: port.default(3000),
  // Without a trailing slash, once, so that every link is PUBLIC_URL + a path.
  PUBLIC_URL: httpUrl.default('http://localhost:3000').transform((url) => url.replace(/\/+$/, '')),
  SECRET_KEY: z.string().min(16, 'expected at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), { message: 'expected smtp://… or smtps://…' })
    .optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).default('./data/outbox/'),
  MAIL_FROM: z
    .string()
    .default('tidings@localhost')
    .transform((text, context) => {
      const mailbox = parseMailbox(text);
      if (typeof mailbox === 'string') context.addIssue({ code: 'custom', message: mailbox });
      return typeof mailbox === 'string' ? { address: '', name: null, domain: '' } : mailbox;
    }),
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  SMTP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).optional(),
  SMTP_DOMAIN_RATES: z
    .string()
    .default('')
    .transform((text, context) => {
      const rates = text ? parseDomainRates(text) : [];
      if (typeof rates === 'string') context.addIssue({ code: 'custom', message: rates });
      return typeof rates === 'string' ? [] : rates;
    }),
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((value) => value.replace(/\\n/g, '\n'))
    .refine((value) => /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(value), {
      message: 'expected a PEM private key (newlines may be written as \\n)',
    })
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/i, 'expected a DNS label such as tidings2026')
    .default('tidings'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'expected redis://[user:password@]host:port[/db] or rediss://…')
    .optional(),
  POLL_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
  FETCH_PER_HOST: z.coerce.number().int().min(1).max(100).default(2),
  FETCH_ALLOW_PRIVATE: booleanFromEnv.default(false),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  FETCH_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
  FETCH_IDLE_TIMEOUT_MS: z.coerce.number().int().min(50).max(300_000).default(20_000),
  FETCH_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  FETCH_HOST_GAP_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PARSE_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(() => Math.max(1, Math.min(4, availableParallelism() - 1))),
  PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  POLL_FLOOR_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  POLL_CEILING_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  FEED_BROKEN_AFTER_HOURS: z.coerce.number().int().min(1).max(2160).default(72),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: httpUrl.optional(),
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  STARTER_CREDITS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  CREDIT_PACKS: z
    .string()
    .default('1000:500,5000:2000,20000:5000')
    .transform((text, context) => {
      const packs = parseCreditPacks(text);
      if (typeof packs === 'string') context.addIssue({ code: 'custom', message: packs });
      return typeof packs === 'string' ? [] : packs;
    }),
  CREDIT_CURRENCY: z
    .string()
    .regex(/^[a-z]{3}$/, 'expected a three-letter ISO currency code in lower case')
    .default('eur'),
  INBOUND_SMTP_PORT: port.optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  INBOUND_TLS_CERT: z.string().min(1).optional(),
  INBOUND_TLS_KEY: z.string().min(1).optional(),
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  INBOUND_MAX_ATTACHMENTS: z.coerce.number().int().min(0).max(100).default(10),
  INBOUND_MAX_ATTACHMENT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  SUPPORT_WEBHOOK_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  SUPPORT_AUTO_ACK: booleanFromEnv.default(false),
  WEBSUB_LEASE_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(864_000),
  PING_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  PING_COALESCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  CLAIM_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(15),
  RETENTION_DAYS: z.coerce.number().int().min(7).max(36_500).default(90),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(100),
});

export type RawConfig = z.infer<typeof configSchema>;
