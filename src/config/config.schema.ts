import { z } from 'zod';

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
  PUBLIC_URL: httpUrl.default('http://localhost:3000'),
  SECRET_KEY: z.string().min(16, 'expected at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), { message: 'expected smtp://… or smtps://…' })
    .optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).default('./data/outbox/'),
  MAIL_FROM: z.email({ message: 'expected an email address' }).default('tidings@localhost'),
  POLL_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(60),
  FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(20),
  FETCH_PER_HOST: z.coerce.number().int().min(1).max(100).default(2),
  FETCH_ALLOW_PRIVATE: booleanFromEnv.default(false),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  FETCH_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: httpUrl.optional(),
  INBOUND_SMTP_PORT: port.optional(),
  WEBSUB_LEASE_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(864_000),
  PING_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  PING_COALESCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
});

export type RawConfig = z.infer<typeof configSchema>;
