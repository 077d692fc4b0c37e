import { feedLoginFrom } from './feed-login-options';

const input = (text: string) => () => Promise.resolve(text);

describe('the login options of subscribe', () => {
  it('reads a Basic password or a bearer token from standard input, without its last line break', async () => {
    expect(await feedLoginFrom({ authUser: 'ada', authPasswordStdin: true }, input('s3cret\n'))).toEqual({
      kind: 'basic',
      user: 'ada',
      password: 's3cret',
    });
    expect(await feedLoginFrom({ authBearerStdin: true }, input('tok.en\r\n'))).toEqual({
      kind: 'bearer',
      token: 'tok.en',
    });
    expect(await feedLoginFrom({}, () => Promise.reject(new Error('stdin read')))).toBeUndefined();
  });

  it.each([
    [{ authUser: 'ada' }, /go together/],
    [{ authPasswordStdin: true }, /go together/],
    [{ authBearerStdin: true, authUser: 'ada' }, /cannot go with/],
    [{ authBearerStdin: true, authPasswordStdin: true }, /cannot go with/],
  ])('refuses %j', async (options, message) => {
    await expect(feedLoginFrom(options, input('x'))).rejects.toThrow(message);
  });
});
