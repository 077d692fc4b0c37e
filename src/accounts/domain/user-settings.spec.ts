import { newUserSchema, userSettingsSchema } from './user-settings';

describe('newUserSchema', () => {
  it('normalises the email and applies defaults', () => {
    expect(newUserSchema.parse({ email: ' Ada@Example.COM ' })).toEqual({
      email: 'ada@example.com',
      timezone: 'UTC',
      digestHour: 7,
      digestWeekday: 1,
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
  it('accepts a timezone, an hour and a weekday given as form strings', () => {
    expect(
      userSettingsSchema.parse({ timezone: 'America/New_York', digestHour: '18', digestWeekday: '0' }),
    ).toEqual({ timezone: 'America/New_York', digestHour: 18, digestWeekday: 0 });
  });

  it.each([
    [{ timezone: 'Mars/Olympus', digestHour: 7, digestWeekday: 1 }, /IANA timezone/],
    [{ timezone: 'UTC', digestHour: 24, digestWeekday: 1 }, /hour from 0 to 23/],
    [{ timezone: 'UTC', digestHour: 7, digestWeekday: 7 }, /digestWeekday/],
    [{ timezone: 'UTC', digestHour: '7.5', digestWeekday: 1 }, /digestHour/],
  ])('refuses %j', (input, message) => {
    const result = userSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(message);
  });
});
