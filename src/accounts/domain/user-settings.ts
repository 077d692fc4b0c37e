import { z } from 'zod';
import { canonicalTimezone } from './timezones';

export const emailSchema = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email({ message: 'expected an email address' }))
  .transform((email) => email.toLowerCase());

/** A timezone as stored: its canonical spelling (`europe/kiev` → `Europe/Kyiv`). */
export const timezoneSchema = z.string().transform((name, context) => {
  const zone = canonicalTimezone(name);
  if (zone) return zone;
  context.addIssue({ code: 'custom', message: 'expected an IANA timezone name such as Europe/Paris' });
  return z.NEVER;
});

const digestHourSchema = z.coerce
  .number()
  .int()
  .min(0, 'expected an hour from 0 to 23')
  .max(23, 'expected an hour from 0 to 23');

const digestWeekdaySchema = z.coerce
  .number()
  .int()
  .min(0, 'expected a weekday from 0 (Sunday) to 6 (Saturday)')
  .max(6, 'expected a weekday from 0 (Sunday) to 6 (Saturday)');

export const newUserSchema = z.object({
  email: emailSchema,
  timezone: timezoneSchema.default('UTC'),
  digestHour: digestHourSchema.default(7),
  digestWeekday: digestWeekdaySchema.default(1),
  role: z.enum(['user', 'support', 'admin']).default('user'),
});

export type NewUser = z.infer<typeof newUserSchema>;

/** What a user may change about their own account (the email and role are not theirs to change). */
export const userSettingsSchema = z.object({
  timezone: timezoneSchema,
  digestHour: digestHourSchema,
  digestWeekday: digestWeekdaySchema,
});

export type UserSettings = z.infer<typeof userSettingsSchema>;
