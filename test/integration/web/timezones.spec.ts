import { AccountsService } from '../../../src/accounts/accounts.service';
import { createWebTestApp, WebTestApp } from '../../support/web-app';

/** One canonical timezone list: what the account page shows is what is stored, and saving keeps it. */
describe('timezones on the account page', () => {
  let web: WebTestApp;
  let accounts: AccountsService;

  beforeAll(async () => {
    web = await createWebTestApp('sqlite');
    accounts = web.app.get(AccountsService);
  });

  afterAll(() => web.close());

  const selectedZone = (html: string) =>
    [...html.matchAll(/<option selected>([^<]+)<\/option>/g)].map((m) => m[1]);

  it.each([
    ['europe/kiev', 'Europe/Kyiv'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
  ])('a user added with %s sees %s selected, and saving the page keeps it', async (given, canonical) => {
    const email = `${given.replace(/\W/g, '-')}@example.com`.toLowerCase();
    expect((await accounts.addUser({ email, timezone: given })).timezone).toBe(canonical);
    const browser = web.browser();
    await browser.signIn(email);
    const page = await browser.get('/account');
    expect(selectedZone(page.html)).toEqual([canonical]);
    const saved = await browser.post('/account', {
      timezone: canonical,
      digestHour: '7',
      digestWeekday: '1',
    });
    expect(saved.status).toBe(303);
    expect((await accounts.getByEmail(email)).timezone).toBe(canonical);
    expect(selectedZone((await browser.get('/account')).html)).toEqual([canonical]);
  });

  it('stores a lower-case zone from the form in its canonical spelling', async () => {
    const browser = web.browser();
    await browser.signIn('lower@example.com');
    await browser.get('/account');
    await browser.post('/account', { timezone: 'america/new_york', digestHour: '7', digestWeekday: '1' });
    expect((await accounts.getByEmail('lower@example.com')).timezone).toBe('America/New_York');
  });
});
