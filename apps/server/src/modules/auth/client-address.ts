import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address that the login and password-reset limits count a request against. IPv4 as it is (also when
 * written IPv4-mapped, `::ffff:192.0.2.1`, as a dual-stack socket reports it); IPv6 by its /64 network,
 * because one subscriber line or host is handed a whole /64 and can step through it at will.
 */
export function throttleAddress(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = isIPv6(ip) ? ipv6Groups(ip) : undefined;
  if (!groups) return ip;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::`, a zone or a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const before = parse(head);
  const after = rest === undefined ? [] : parse(rest);
  const zeros = rest === undefined ? 0 : 8 - before.length - after.length;
  const groups = [...before, ...new Array<number>(zeros).fill(0), ...after];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : undefined;
}
