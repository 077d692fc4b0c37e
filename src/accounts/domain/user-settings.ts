import { z } from 'zod';

export function isKnownTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const emailSchema = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email({ message: 'expected an email address' }))
  .transform((email) => email.toLowerCase());

export const timezoneSchema = z
  .string()
  .refine(isKnownTimezone, { message: 'expected an IANA timezone name such as Europe/Paris' });

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
  role: z.enum(['user', 'support']).default('user'),
});

export type NewUser = z.infer<typeof newUserSchema>;

/** What a user may change about their own account (the email and role are not theirs to change). */
export const userSettingsSchema = z.object({
  timezone: timezoneSchema,
  digestHour: digestHourSchema,
  digestWeekday: digestWeekdaySchema,
});

export type UserSettings = z.infer<typeof userSettingsSchema>;
