import { requestTarget } from './request-target';

describe('requestTarget', () => {
  it('keeps the path and query exactly as stored', () => {
    expect(requestTarget('https://a.example/Feed/%7Euser/./x?b=2&a=%41#top')).toEqual({
      origin: 'https://a.example',
      path: '/Feed/%7Euser/./x?b=2&a=%41',
    });
    expect(requestTarget('http://a.example:8080?q=1')).toEqual({
      origin: 'http://a.example:8080',
      path: '/?q=1',
    });
    expect(requestTarget('http://a.example')).toEqual({ origin: 'http://a.example', path: '/' });
  });

  it('encodes what cannot go on a request line', () => {
    expect(requestTarget('https://a.example/a b/é')?.path).toBe('/a%20b/%C3%A9');
  });

  it('normalises odd host spellings for the connection', () => {
    expect(requestTarget('http://2130706433/feed')?.origin).toBe('http://127.0.0.1');
    expect(requestTarget('http://0x7f.1/feed')?.origin).toBe('http://127.0.0.1');
  });

  it('returns null for what is not an http(s) URL', () => {
    expect(requestTarget('not a url')).toBeNull();
    expect(requestTarget('file:///etc/passwd')).toBeNull();
    expect(requestTarget('javascript:alert(1)')).toBeNull();
  });
});
