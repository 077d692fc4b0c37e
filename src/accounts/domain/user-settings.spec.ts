import { newUserSchema, userSettingsSchema } from './user-settings';

describe('newUserSchema', () => {
  it('normalises the email and applies defaults', () => {
    expect(newUserSchema.parse({ email: ' Ada@Example.COM ' })).toEqual({
      email: 'ada@example.com',
      timezone: 'UTC',
      digestHour: 7,
      digestWeekday: 1,
      maxEmailsPerDay: 0,
      quietStart: null,
      quietEnd: null,
      role: 'user',
    });
  });

  it('accepts IANA zones and midnight', () => {
    expect(
      newUserSchema.parse({ email: 'a@b.co', timezone: 'Australia/Sydney', digestHour: 0 }),
    ).toMatchObject({
      timezone: 'Australia/Sydney',
      digestHour: 0,
    });
  });

  it.each([
    [{ email: 'nope' }, /email/],
    [{ email: 'a@b.co', timezone: 'Mars/Olympus' }, /IANA timezone/],
    [{ email: 'a@b.co', digestHour: 24 }, /hour from 0 to 23/],
    [{ email: 'a@b.co', digestHour: -1 }, /hour from 0 to 23/],
    [{ email: 'a@b.co', role: 'root' }, /role/],
    [{ email: 'a@b.co', digestWeekday: 7 }, /weekday from 0 \(Sunday\) to 6/],
  ])('rejects %j', (input, message) => {
    const result = newUserSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(message);
  });
});

describe('userSettingsSchema', () => {
  const form = {
    timezone: 'UTC',
    digestHour: '7',
    digestWeekday: '1',
    maxEmailsPerDay: '0',
    quietHours: 'off',
  };

  it('accepts a timezone, an hour, a weekday, a budget and quiet hours given as form strings', () => {
    expect(
      userSettingsSchema.parse({
        timezone: 'America/New_York',
        digestHour: '18',
        digestWeekday: '0',
        maxEmailsPerDay: '3',
        quietHours: '22:30-07:00',
      }),
    ).toEqual({
      timezone: 'America/New_York',
      digestHour: 18,
      digestWeekday: 0,
      maxEmailsPerDay: 3,
      quietStart: 22 * 60 + 30,
      quietEnd: 7 * 60,
    });
    expect(userSettingsSchema.parse({ ...form, quietHours: 'OFF' })).toMatchObject({
      quietStart: null,
      quietEnd: null,
    });
  });

  it.each([
    [{ ...form, timezone: 'Mars/Olympus' }, /IANA timezone/],
    [{ ...form, digestHour: 24 }, /hour from 0 to 23/],
    [{ ...form, digestWeekday: 7 }, /digestWeekday/],
    [{ ...form, digestHour: '7.5' }, /digestHour/],
    [{ ...form, maxEmailsPerDay: -1 }, /from 0 \(no limit\)/],
    [{ ...form, quietHours: '22:00' }, /such as 22:00-07:00/],
    [{ ...form, quietHours: '25:00-07:00' }, /such as 22:00-07:00/],
    [{ ...form, quietHours: '07:00-07:00' }, /such as 22:00-07:00/],
  ])('refuses %j', (input, message) => {
    const result = userSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(message);
  });
});
