import { secretKeyPath } from './startup-config';

describe('secretKeyPath', () => {
  it.each([
    ['sqlite:./data/tidings.db', '/srv/app/data/secret-key'],
    ['sqlite:/var/lib/tidings/main.db', '/var/lib/tidings/secret-key'],
    ['sqlite::memory:', '/srv/app/data/secret-key'],
    ['mysql://tidings:pw@db:3306/tidings', '/srv/app/data/secret-key'],
  ])('%s → %s', (url, path) => {
    expect(secretKeyPath(url, '/srv/app')).toBe(path);
  });
});
