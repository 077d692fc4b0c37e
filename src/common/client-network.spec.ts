import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::FFFF:c000:0207', '192.0.2.7'],
    ['0:0:0:0:0:ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
    ['2001:db8::1::2', '2001:db8::1::2'],
  ])('%s is counted as %s', (address, key) => {
    expect(clientNetwork(address)).toBe(key);
  });

  it('gives every address of one /64 one key and a neighbouring /64 another', () => {
    const keys = new Set(
      Array.from({ length: 25 }, (_, index) => clientNetwork(`2001:db8:5:6::${index + 1}`)),
    );
    expect([...keys]).toEqual(['2001:db8:5:6::/64']);
    expect(clientNetwork('2001:db8:5:7::1')).not.toBe('2001:db8:5:6::/64');
  });
});
