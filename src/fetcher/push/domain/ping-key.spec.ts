import { pingKey } from './ping-key';

describe('pingKey', () => {
  it('treats small variations of one URL alike', () => {
    const key = pingKey('https://blog.example/feed');
    for (const variant of [
      'http://blog.example/feed',
      'https://BLOG.example/feed/',
      'https://www.blog.example/feed#top',
      ' https://blog.example:443/feed ',
    ])
      expect(pingKey(variant)).toBe(key);
  });

  it('keeps what names another resource', () => {
    expect(pingKey('https://blog.example/feed?page=2')).not.toBe(pingKey('https://blog.example/feed'));
    expect(pingKey('https://blog.example:8080/feed')).not.toBe(pingKey('https://blog.example/feed'));
    expect(pingKey('https://blog.example/')).toBe('blog.example');
  });

  it.each(['', 'not a url', 'ftp://blog.example/feed', 'javascript:alert(1)', 'file:///etc/passwd'])(
    'refuses %j',
    (input) => expect(pingKey(input)).toBeNull(),
  );
});
