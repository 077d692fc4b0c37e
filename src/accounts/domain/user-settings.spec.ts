import { newUserSchema } from './user-settings';

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
    [{ email: 'a@b.co', role: 'admin' }, /role/],
    [{ email: 'a@b.co', digestWeekday: 7 }, /weekday from 0 \(Sunday\) to 6/],
  ])('rejects %j', (input, message) => {
    const result = newUserSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toMatch(message);
  });
});
