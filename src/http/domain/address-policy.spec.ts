import { isAllowedScheme, isForbiddenAddress, refusedAddressMessage } from './address-policy';

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:0:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    'localhost',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it('sees through the odd spellings the WHATWG URL parser normalises', () => {
    for (const spelling of ['2130706433', '0x7f.1', '0177.0.0.1', '127.1', '0x7f000001']) {
      const { hostname } = new URL(`http://${spelling}/feed`);
      expect(isForbiddenAddress(hostname)).toBe(true);
    }
    expect(isForbiddenAddress(new URL('http://[::ffff:127.0.0.1]/').hostname)).toBe(true);
  });
});

describe('isForbiddenAddress with private networks allowed (FETCH_ALLOW_PRIVATE)', () => {
  it.each(['127.0.0.1', '10.1.2.3', '192.168.1.1', '::1', 'fd12:3456::1', '::ffff:10.0.0.1'])(
    'lets the home network %s through',
    (address) => {
      expect(isForbiddenAddress(address, true)).toBe(false);
    },
  );

  it.each([
    '169.254.169.254',
    '169.254.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    'fe80::1',
    'fd00:ec2::254',
    new URL('http://0251.0376.0251.0376/').hostname,
    new URL('http://2852039166/').hostname,
    new URL('http://0xa9fea9fe/').hostname,
    'not-an-ip',
  ])('still refuses the link-local (cloud metadata) address %s', (address) => {
    expect(isForbiddenAddress(address, true)).toBe(true);
  });
});

describe('refusedAddressMessage', () => {
  it('names the host, its addresses and the rule', () => {
    expect(refusedAddressMessage('metadata.test', ['169.254.169.254'])).toBe(
      'metadata.test is not a public address (169.254.169.254): Tidings does not fetch from loopback, link-local or private networks',
    );
  });
});

describe('isAllowedScheme', () => {
  it.each(['http://a.example/', 'https://a.example/'])('allows %s', (url) => {
    expect(isAllowedScheme(new URL(url))).toBe(true);
  });
  it.each(['file:///etc/passwd', 'ftp://a.example/', 'gopher://a.example/', 'data:text/plain,x'])(
    'refuses %s',
    (url) => {
      expect(isAllowedScheme(new URL(url))).toBe(false);
    },
  );
});
