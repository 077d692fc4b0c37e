import { readFeedLoginForm } from './feed-login-form';

describe('the login form of a feed', () => {
  it('reads HTTP Basic credentials or a bearer token', () => {
    expect(readFeedLoginForm({ loginKind: 'basic', loginUser: 'ada', loginPassword: ' pw ' })).toEqual({
      isValid: true,
      login: { kind: 'basic', user: 'ada', password: ' pw ' },
    });
    expect(readFeedLoginForm({ loginKind: 'bearer', loginToken: ' abc.def ' })).toEqual({
      isValid: true,
      login: { kind: 'bearer', token: 'abc.def' },
    });
  });

  it.each([
    [{ loginKind: 'basic', loginUser: '', loginPassword: 'x' }, /user name is empty/],
    [{ loginKind: 'basic', loginUser: 'a:b', loginPassword: 'x' }, /no colon/],
    [{ loginKind: 'bearer', loginToken: '' }, /token is empty/],
    [{ loginKind: 'bearer', loginToken: 'two words' }, /without spaces/],
  ])('says what is wrong with %j', (body, message) => {
    const result = readFeedLoginForm(body);
    expect(result.isValid).toBe(false);
    expect(result.isValid || result.error).toMatch(message);
  });
});
