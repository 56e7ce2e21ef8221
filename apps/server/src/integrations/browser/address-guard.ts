/**
 * Order links come from e-mails, and anyone can send an e-mail that looks like a sales channel's. Without a
 * guard such a link could make the server fetch its own network (a database admin page, a cloud metadata
 * address). So a link, and every redirect it takes, must resolve to public addresses only, unless the
 * operator says the order portal lives on their own network (ORDER_LINKS_ALLOW_PRIVATE_ADDRESSES). The plain
 * HTTP download checks each hop with it; the browser gets guard-proxy.ts. Both connect to the address that
 * was checked, never to a name resolved a second time.
 *
 * An address is public when it is in no special-purpose range of IANA's IPv4 and IPv6 registries, nor in
 * multicast or reserved space. Addresses are parsed by ipaddr.js, so every spelling of one address is one
 * address: `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1` are 127.0.0.1. IPv6 forms that carry an IPv4
 * address are judged by that address: IPv4-mapped (`::ffff:127.0.0.1`, however written), NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16). The rest of IPv6 is public only inside global unicast (2000::/3),
 * which leaves out IPv4-compatible (::/96), unique-local, link-local, site-local and multicast addresses;
 * Teredo (2001::/32, inside 2001::/23) and local-use NAT64 (64:ff9b:1::/48) are refused outright.
 */
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

const cidrs = (list: string[]): Range[] => list.map((cidr) => ipaddr.parseCIDR(cidr));

/** IANA IPv4 Special-Purpose Address Registry, plus multicast and the reserved 240/4 (with broadcast). */
const SPECIAL_V4 = cidrs([
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // shared address space (carrier-grade NAT)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation (TEST-NET-1)
  '192.31.196.0/24', // AS112-v4
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // AS112 direct delegation
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation (TEST-NET-2)
  '203.0.113.0/24', // documentation (TEST-NET-3)
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and 255.255.255.255 broadcast
]);

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** IANA IPv6 Special-Purpose Address Registry entries inside 2000::/3 (those outside it are refused anyway). */
const SPECIAL_V6 = cidrs([
  '2001::/23', // IETF protocol assignments: Teredo, benchmarking, AMT, AS112, ORCHIDv2, drone remote ID
  '2001:db8::/32', // documentation
  '2620:4f:8000::/48', // AS112 direct delegation
  '3fff::/20', // documentation
]);

const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

function inAny(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: Range[]): boolean {
  return ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
}

function v4FromBytes(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes);
}

function isPublicParsed(parsed: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (parsed.kind() === 'ipv4') return !inAny(parsed, SPECIAL_V4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublicParsed(v6.toIPv4Address());
  const bytes = v6.toByteArray();
  if (v6.match(NAT64)) return isPublicParsed(v4FromBytes(bytes.slice(12, 16)));
  if (!v6.match(GLOBAL_UNICAST_V6) || inAny(v6, SPECIAL_V6)) return false;
  if (v6.match(SIX_TO_FOUR)) return isPublicParsed(v4FromBytes(bytes.slice(2, 6)));
  return true;
}

/**
 * An IP address in any spelling ipaddr.js reads (brackets around IPv6 allowed), or null for anything else.
 * ipaddr.js reads the deprecated IPv4-compatible `::1.2.3.4` as IPv4-mapped; it is `::102:304`, as the
 * URL parser and the kernel read it.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const compatible = /^::(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  const spelled = compatible ? `0:0:0:0:0:0:${compatible[1]}` : bare;
  return ipaddr.isValid(spelled) ? ipaddr.parse(spelled) : null;
}

/**
 * The host as an IP address, when it is one in any spelling, canonical; null for a name. An IPv4-mapped
 * IPv6 address comes back as its IPv4 address: that is where a connection to it goes.
 */
export function ipLiteral(host: string): string | null {
  const parsed = parseAddress(host);
  if (!parsed) return null;
  const v6 = parsed.kind() === 'ipv6' ? (parsed as ipaddr.IPv6) : null;
  return (v6?.isIPv4MappedAddress() ? v6.toIPv4Address() : parsed).toString();
}

/** Whether an address (any spelling) is outside the public internet; text that is no address counts as such. */
export function isPrivateAddress(address: string): boolean {
  const parsed = parseAddress(address);
  return parsed === null || !isPublicParsed(parsed);
}
