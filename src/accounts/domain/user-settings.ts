import { z } from 'zod';
import { parseQuietHours } from './quiet-hours';
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

const maxEmailsPerDaySchema = z.coerce
  .number()
  .int()
  .min(0, 'expected a number of emails from 0 (no limit) to 1000')
  .max(1000, 'expected a number of emails from 0 (no limit) to 1000');

/** `22:00-07:00` or `off`, stored as `quietStart` and `quietEnd`. */
const quietHoursSchema = z.string().transform((text, context) => {
  const quietHours = parseQuietHours(text);
  if (quietHours) return quietHours;
  context.addIssue({ code: 'custom', message: 'expected quiet hours such as 22:00-07:00, or off' });
  return z.NEVER;
});

export const newUserSchema = z
  .object({
    email: emailSchema,
    timezone: timezoneSchema.default('UTC'),
    digestHour: digestHourSchema.default(7),
    digestWeekday: digestWeekdaySchema.default(1),
    maxEmailsPerDay: maxEmailsPerDaySchema.default(0),
    quietHours: quietHoursSchema.default({ quietStart: null, quietEnd: null }),
    role: z.enum(['user', 'support', 'admin']).default('user'),
  })
  .transform(({ quietHours, ...user }) => ({ ...user, ...quietHours }));

export type NewUser = z.infer<typeof newUserSchema>;

/** What a user may change about their own account (the email and role are not theirs to change). */
export const userSettingsSchema = z
  .object({
    timezone: timezoneSchema,
    digestHour: digestHourSchema,
    digestWeekday: digestWeekdaySchema,
    maxEmailsPerDay: maxEmailsPerDaySchema,
    quietHours: quietHoursSchema,
  })
  .transform(({ quietHours, ...settings }) => ({ ...settings, ...quietHours }));

export type UserSettings = z.infer<typeof userSettingsSchema>;
