import { clientAddressKey } from '../../api/lib/client-address';

describe('the client address a rate limit counts', () => {
  test('an IPv4 address counts on its own', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('203.0.113.8')).not.toBe(clientAddressKey('203.0.113.7'));
  });

  test('every IPv6 address of one /64 shares its key, whatever the spelling', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(clientAddressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:0DB8:0001:0002:0000:0000:0000:abcd')).toBe(key);
    expect(clientAddressKey('2001:db8:1:2:a:b:c:d')).toBe(key);
    expect(clientAddressKey('2001:db8:1:2::1.2.3.4')).toBe(key);
    expect(key).toBe('2001:db8:1:2::/64');
  });

  test('addresses of different /64 networks count apart', () => {
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe(clientAddressKey('fe80::2'));
  });

  test('an IPv4-mapped IPv6 address counts as its IPv4 address, not as one /64 for the whole internet', () => {
    expect(clientAddressKey('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddressKey('::FFFF:198.51.100.9')).toBe('198.51.100.9');
    expect(clientAddressKey('::ffff:c633:6409')).toBe('198.51.100.9');
    expect(clientAddressKey('::ffff:127.0.0.2')).not.toBe(clientAddressKey('::ffff:127.0.0.1'));
  });
});
