import { isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dottedTail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dottedTail) {
    const [a, b, c, d] = dottedTail[1].split('.').map(Number);
    text = `${text.slice(0, dottedTail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * The key a client address is counted under by the rate limits: an IPv4 address as it is (an
 * IPv4-mapped IPv6 address, `::ffff:a.b.c.d`, is that IPv4 address), an IPv6 address by its /64
 * network, since one subscriber or one server holds a whole /64 and could otherwise take a fresh
 * counter with each of its 2^64 addresses.
 */
export function clientAddressKey(address: string): string {
  const bare = address.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  const mappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mappedIpv4) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
