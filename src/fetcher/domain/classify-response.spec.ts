import { sha256Hex } from '../../common/ids';
import { classifyResponse, FetchedResponse } from './classify-response';

const now = new Date('2026-11-22T10:00:00Z');
const feed = { url: 'https://blog.example/feed', bodyHash: sha256Hex('<rss>old</rss>') };

function response(overrides: Partial<FetchedResponse> = {}): FetchedResponse {
  return {
    status: 200,
    finalUrl: feed.url,
    permanentUrl: null,
    headers: {},
    body: Buffer.from('<rss>new</rss>'),
    ...overrides,
  };
}

describe('classifyResponse', () => {
  it('keeps a 304 and renews only the validators it carries', () => {
    const { outcome } = classifyResponse(response({ status: 304, headers: { etag: '"v2"' } }), feed, now);
    expect(outcome).toEqual({ kind: 'not-modified', validators: { etag: '"v2"' } });
  });

  it('tells a body it has seen from a new one, with the validators as sent', () => {
    const headers = { etag: ['"a"', '"b"'], 'last-modified': 'Sun, 22 Nov 2026 09:00:00 GMT' };
    const same = classifyResponse(response({ body: Buffer.from('<rss>old</rss>'), headers }), feed, now);
    expect(same.outcome).toEqual({
      kind: 'same-hash',
      validators: { etag: '"a"', lastModified: 'Sun, 22 Nov 2026 09:00:00 GMT' },
    });
    const fresh = classifyResponse(response({ headers: { etag: `"${'x'.repeat(1100)}"` } }), feed, now);
    expect(fresh.outcome).toEqual({
      kind: 'new-body',
      validators: { etag: null, lastModified: null },
      bodyHash: sha256Hex('<rss>new</rss>'),
    });
  });

  it('says a feed asks for a login, and where to subscribe when a redirect took it past its login', () => {
    const withLogin = { ...feed, url: 'http://blog.example/feed', authFingerprint: 'f'.repeat(64) };
    const here = response({ status: 401, finalUrl: 'http://blog.example/members/feed' });
    expect(classifyResponse(here, withLogin, now).outcome).toMatchObject({
      reason: 'the feed asks for a login (HTTP 401)',
    });
    const elsewhere = response({ status: 401, finalUrl: 'https://blog.example/feed' });
    expect(classifyResponse(elsewhere, withLogin, now).outcome).toMatchObject({
      label: 'http-401',
      reason:
        'the feed asks for a login (HTTP 401) at https://blog.example/feed, where it redirects: its login is sent ' +
        'only to http://blog.example; subscribe to the new address with the login',
    });
    expect(classifyResponse(elsewhere, feed, now).outcome).toMatchObject({
      reason: 'the feed asks for a login (HTTP 401)',
    });
  });

  it('marks a 410 gone', () => {
    expect(classifyResponse(response({ status: 410 }), feed, now).outcome).toEqual({
      kind: 'gone',
      reason: 'HTTP 410 Gone',
    });
  });

  it('holds the host that answered 429 or 503 with a readable Retry-After, and only then', () => {
    const limited = response({
      status: 429,
      finalUrl: 'https://CDN.example/feed',
      headers: { 'retry-after': '120' },
    });
    expect(classifyResponse(limited, feed, now).outcome).toEqual({
      kind: 'rate-limited',
      label: 'http-429',
      reason: 'HTTP 429',
      host: 'cdn.example',
      until: new Date('2026-11-22T10:02:00Z'),
    });
    const unreadable = response({ status: 503, headers: { 'retry-after': 'soon' } });
    expect(classifyResponse(unreadable, feed, now).outcome).toEqual({
      kind: 'failed',
      label: 'http-503',
      reason: 'HTTP 503',
    });
    const notFound = response({ status: 404, headers: { 'retry-after': '120' } });
    expect(classifyResponse(notFound, feed, now).outcome).toMatchObject({
      kind: 'failed',
      label: 'http-404',
    });
  });

  it('names a bot challenge, held like any 503 when it says when to return', () => {
    const challenge = response({
      status: 503,
      headers: { 'content-type': 'text/html', 'retry-after': '60' },
      body: Buffer.from('<!doctype html><title>Just a moment...</title>'),
    });
    expect(classifyResponse(challenge, feed, now).outcome).toMatchObject({
      kind: 'rate-limited',
      label: 'bot-challenge',
    });
  });

  it('reports a permanent move to another URL and the freshness the server asked for', () => {
    const moved = response({
      status: 304,
      permanentUrl: 'https://new.example/feed',
      headers: { 'cache-control': 'max-age=7200' },
    });
    expect(classifyResponse(moved, feed, now)).toMatchObject({
      movedTo: 'https://new.example/feed',
      freshnessMs: 7_200_000,
    });
    expect(classifyResponse(response({ permanentUrl: feed.url }), feed, now).movedTo).toBeNull();
  });
});
