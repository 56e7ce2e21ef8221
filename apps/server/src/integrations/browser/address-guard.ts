/**
 * Order links come from e-mails, and anyone can send an e-mail that looks like a sales channel's. Without a
 * guard such a link could make the server fetch its own network (a database admin page, a cloud metadata
 * address). So a link, and every redirect it takes, must resolve to public addresses only, unless the
 * operator says the order portal lives on their own network (ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES). The plain
 * HTTP download checks each hop with it; the browser gets guard-proxy.ts.
 */
import { isIP } from 'node:net';

/** IPv4 ranges that are not the public internet: [first octets as a number, prefix length]. */
const PRIVATE_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
];

function v4Number(address: string): number {
  return address.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
}

function isPrivateV4(address: string): boolean {
  const value = v4Number(address);
  return PRIVATE_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4Number(base);
    return value >= start && value < start + size;
  });
}

export function isPrivateAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 4) return isPrivateV4(address);
  if (version !== 6) return true;
  const lower = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPrivateV4(mapped[1]!);
  if (lower === '::' || lower === '::1') return true;
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast.
  return /^(f[cd]|fe[89ab]|ff)/.test(lower);
}
