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

export const newUserSchema = z.object({
  email: emailSchema,
  timezone: timezoneSchema.default('UTC'),
  digestHour: z.coerce
    .number()
    .int()
    .min(0, 'expected an hour from 0 to 23')
    .max(23, 'expected an hour from 0 to 23')
    .default(7),
  digestWeekday: z.coerce
    .number()
    .int()
    .min(0, 'expected a weekday from 0 (Sunday) to 6 (Saturday)')
    .max(6, 'expected a weekday from 0 (Sunday) to 6 (Saturday)')
    .default(1),
  role: z.enum(['user', 'support']).default('user'),
});

export type NewUser = z.infer<typeof newUserSchema>;
