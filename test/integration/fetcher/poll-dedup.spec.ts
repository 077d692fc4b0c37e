import iconv from 'iconv-lite';
import { rssFeed } from '../../support/feed-server';
import { testDialects } from '../../support/test-database';
import { daysBefore, PollHarness } from './poll-support';

type Item = Parameters<typeof rssFeed>[1][number];

describe.each(testDialects())('dedup and formats through the poll on %s', (dialect) => {
  const h = new PollHarness();
  beforeAll(() => h.start(dialect));
  afterAll(() => h.stop());
  afterEach(() => h.reset());

  /** Twelve daily posts, newest first, with IDs under the given scheme. */
  const archive = (idScheme: string): Item[] =>
    Array.from({ length: 12 }, (_, index) => ({
      title: `Archive post ${index}`,
      link: `${idScheme}/posts/${index}`,
      guid: `${idScheme}/posts/${index}`,
      date: daysBefore(h.clock.now(), index + 1),
    }));
  const serve = (path: string, items: Item[], title = 'Dedup blog') =>
    h.server.set(path, { body: rssFeed(title, items) });
  const subjects = async (userId: string) => (await h.emails(userId)).map((email) => email.subject);

  it('emails nothing on the first poll, a new post once, and an edited post never', async () => {
    const items = archive('https://a.example');
    serve('/basic.xml', items);
    const { userIds } = await h.subscribe('/basic.xml');
    await h.poll();
    expect(await h.emails(userIds[0])).toHaveLength(0);

    const fresh = { title: 'Brand new', link: 'https://a.example/new', date: h.clock.now().toUTCString() };
    serve('/basic.xml', [fresh, ...items]);
    await h.poll();
    await h.poll();
    expect(await subjects(userIds[0])).toEqual(['Brand new']);

    serve('/basic.xml', [{ ...fresh, title: 'Brand new (edited)', description: 'fixed a typo' }, ...items]);
    await h.poll();
    expect(await subjects(userIds[0])).toEqual(['Brand new']);
    const [stored] = await h.dataSource.query(
      "SELECT title, summary FROM entries WHERE link = 'https://a.example/new'",
    );
    expect(stored).toEqual({ title: 'Brand new (edited)', summary: 'fixed a typo' });
  });

  it('sends nothing when a feed re-issues all its IDs, and still delivers a backdated new post', async () => {
    serve('/reissue.xml', archive('https://old.example'));
    const { userIds } = await h.subscribe('/reissue.xml');
    await h.poll();

    serve('/reissue.xml', archive('https://new.example'));
    await h.poll();
    expect(await h.emails(userIds[0])).toHaveLength(0);

    const backdated = {
      title: 'Written last week',
      link: 'https://new.example/late',
      date: daysBefore(h.clock.now(), 4),
    };
    const ancient = {
      title: 'From the vault',
      link: 'https://new.example/vault',
      date: daysBefore(h.clock.now(), 400),
    };
    const beforeTenth = {
      title: 'Below the fold',
      link: 'https://new.example/fold',
      date: daysBefore(h.clock.now(), 11.5),
    };
    serve('/reissue.xml', [backdated, ...archive('https://new.example'), ancient, beforeTenth]);
    await h.poll();
    expect(await subjects(userIds[0])).toEqual(['Written last week']);
  });

  it('ignores a new ID more than a week older than the newest post', async () => {
    const recent = [{ title: 'Today', link: 'https://w.example/today', date: h.clock.now().toUTCString() }];
    serve('/week.xml', recent);
    const { userIds } = await h.subscribe('/week.xml');
    await h.poll();
    const stale = { title: 'Old news', link: 'https://w.example/old', date: daysBefore(h.clock.now(), 9) };
    serve('/week.xml', [...recent, stale]);
    await h.poll();
    expect(await h.emails(userIds[0])).toHaveLength(0);
  });

  it('does not resend a post that drops out of the feed and comes back', async () => {
    const items = archive('https://b.example');
    serve('/return.xml', items.slice(0, 5));
    const { userIds } = await h.subscribe('/return.xml');
    await h.poll();
    const fresh = { title: 'Fresh', link: 'https://b.example/fresh', date: h.clock.now().toUTCString() };
    serve('/return.xml', [fresh, ...items.slice(0, 4)]);
    await h.poll();
    serve('/return.xml', items.slice(0, 5));
    await h.poll();
    serve('/return.xml', [fresh, ...items.slice(0, 5)]);
    await h.poll();
    expect(await subjects(userIds[0])).toEqual(['Fresh']);
  });

  it('keeps items sharing one ID apart, the same way on every poll', async () => {
    const shared = (title: string, n: number) => ({
      title,
      link: `https://c.example/${n}`,
      guid: 'same-guid',
    });
    serve('/shared.xml', [shared('One', 1), shared('Two', 2)]);
    const { userIds } = await h.subscribe('/shared.xml');
    await h.poll();
    serve('/shared.xml', [shared('Three', 3), shared('One', 1), shared('Two', 2)]);
    await h.poll();
    serve('/shared.xml', [shared('Two', 2), shared('Three', 3), shared('One', 1)]);
    await h.poll();
    expect(await subjects(userIds[0])).toEqual(['Three']);
  });

  it('delivers Atom and JSON Feed entries, with relative links resolved and the charset decoded', async () => {
    const atom = (titles: string[]) =>
      `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title>` +
      titles
        .map(
          (title, n) =>
            `<entry><id>urn:atom:${title}</id><title>${title}</title><link href="/a/${n}"/><updated>2026-11-2${n}T08:00:00Z</updated></entry>`,
        )
        .join('') +
      '</feed>';
    const json = (titles: string[]) =>
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'JSON',
        items: titles.map((title) => ({ id: title, url: `/j/${title}`, title, content_text: title })),
      });
    const latin = (titles: string[]) =>
      iconv.encode(
        `<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Café</title>` +
          titles.map((title) => `<item><guid>${title}</guid><title>${title}</title></item>`).join('') +
          '</channel></rss>',
        'latin1',
      );
    h.server.set('/feed.atom', {
      headers: { 'content-type': 'application/atom+xml' },
      body: atom(['first']),
    });
    h.server.set('/feed.json', {
      headers: { 'content-type': 'application/feed+json' },
      body: json(['first']),
    });
    h.server.set('/latin.xml', { headers: { 'content-type': 'text/xml' }, body: latin(['Première']) });
    const atomReader = await h.subscribe('/feed.atom');
    const jsonReader = await h.subscribe('/feed.json');
    const latinReader = await h.subscribe('/latin.xml');
    await h.poll();
    h.server.set('/feed.atom', {
      headers: { 'content-type': 'application/atom+xml' },
      body: atom(['first', 'second']),
    });
    h.server.set('/feed.json', {
      headers: { 'content-type': 'application/feed+json' },
      body: json(['second', 'first']),
    });
    h.server.set('/latin.xml', {
      headers: { 'content-type': 'text/xml' },
      body: latin(['Crème brûlée', 'Première']),
    });
    await h.poll();
    const [atomEmail] = await h.emails(atomReader.userIds[0]);
    expect(atomEmail.subject).toBe('second');
    expect(atomEmail.text).toContain(h.server.url('/a/1'));
    const [jsonEmail] = await h.emails(jsonReader.userIds[0]);
    expect(jsonEmail.subject).toBe('second');
    expect(jsonEmail.text).toContain(h.server.url('/j/second'));
    expect(await subjects(latinReader.userIds[0])).toEqual(['Crème brûlée']);
    expect(await h.feed(latinReader.url)).toMatchObject({ title: 'Café' });
  });
});
