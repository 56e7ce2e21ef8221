import { describe, expect, it } from 'vitest';
import { ipLiteral, isPrivateAddress } from './address-guard';
import { publicTargets } from './guard-proxy';

/** Refused: loopback, private and every special-purpose range, in every spelling. */
const REFUSED: Array<[string, string]> = [
  // IPv4, IANA special-purpose registry and beyond
  ['0.0.0.0', 'this host'],
  ['0.1.2.3', 'this network'],
  ['10.1.2.3', 'private'],
  ['100.64.0.1', 'shared address space'],
  ['100.127.255.254', 'shared address space'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['192.31.196.1', 'AS112'],
  ['192.52.193.1', 'AMT'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private'],
  ['192.175.48.1', 'AS112 direct delegation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // Other spellings of 127.0.0.1
  ['2130706433', 'decimal'],
  ['0x7f.1', 'hex, two parts'],
  ['0x7f000001', 'hex'],
  ['0177.0.0.1', 'octal'],
  ['017700000001', 'octal, one part'],
  ['127.1', 'two parts'],
  ['0', 'zero'],
  // IPv6
  ['::1', 'loopback'],
  ['[::1]', 'loopback in brackets'],
  ['::', 'unspecified'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['[::ffff:127.0.0.1]', 'IPv4-mapped loopback in brackets'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped loopback, long'],
  ['[0:0:0:0:0:ffff:7f00:1]', 'IPv4-mapped loopback, long, in brackets'],
  ['::FFFF:A00:1', 'IPv4-mapped private, upper case'],
  ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated), even of a public address'],
  ['::ffff:0:7f00:1', 'IPv4-translated'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback, dotted'],
  ['64:ff9b::a00:1', 'NAT64 of a private address'],
  ['64:ff9b:1::808:808', 'local-use NAT64'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001::1', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['2620:4f:8000::1', 'AS112'],
  ['100::1', 'discard-only'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with zone'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
  ['5f00::1', 'segment routing'],
  ['4000::1', 'outside global unicast'],
  // Not an address at all
  ['', 'empty'],
  ['example.com', 'a name'],
  ['999.1.1.1', 'out of range'],
];

const PUBLIC: Array<[string, string]> = [
  ['8.8.8.8', 'public IPv4'],
  ['93.184.216.34', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['172.32.0.1', 'just past 172.16/12'],
  ['100.128.0.1', 'just past 100.64/10'],
  ['192.0.1.1', 'just past 192.0.0/24'],
  ['198.20.0.1', 'just past 198.18/15'],
  ['223.255.255.255', 'last before multicast'],
  ['2606:4700::1111', 'public IPv6'],
  ['2001:4860:4860::8888', 'public IPv6 beside 2001::/23'],
  ['2a00:1450:4001::1', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['[::ffff:808:808]', 'IPv4-mapped public, hex'],
  ['64:ff9b::808:808', 'NAT64 of a public address'],
  ['2002:808:808::1', '6to4 of a public address'],
];

describe('isPrivateAddress', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(PUBLIC)('allows %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('ipLiteral', () => {
  it('gives the address every spelling connects to, and null for names', () => {
    expect(ipLiteral('2130706433')).toBe('127.0.0.1');
    expect(ipLiteral('0x7f.1')).toBe('127.0.0.1');
    expect(ipLiteral('[0:0:0:0:0:ffff:7f00:1]')).toBe('127.0.0.1');
    expect(ipLiteral('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(ipLiteral('::127.0.0.1')).toBe('::7f00:1');
    expect(ipLiteral('[2606:4700:0:0:0:0:0:1111]')).toBe('2606:4700::1111');
    expect(ipLiteral('example.com')).toBeNull();
    expect(ipLiteral('08.1.1.1')).toBeNull();
  });
});

describe('publicTargets on order-link URLs', () => {
  const urls: Array<[string, string]> = [
    ['http://[::ffff:127.0.0.1]/', '127.0.0.1'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0.0.0.0/', '0.0.0.0'],
    ['http://[::]/', '::'],
    ['http://[::1]:8080/', '::1'],
    ['http://[::127.0.0.1]/', '::7f00:1'],
    ['http://[64:ff9b::127.0.0.1]/', '64:ff9b::7f00:1'],
    ['http://[2002:7f00:1::]/', '2002:7f00:1::'],
    ['https://[fe80::1]/', 'fe80::1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
  ];

  it.each(urls)('refuses %s (connects to %s)', async (url, address) => {
    expect(await publicTargets(new URL(url).hostname, 80)).toEqual({ blocked: address });
  });

  it('refuses the raw spellings a client may send a proxy without normalising them', async () => {
    for (const host of ['2130706433', '0x7f.1', '0177.0.0.1', '[0:0:0:0:0:ffff:7f00:1]', '::ffff:127.0.0.1'])
      expect(await publicTargets(host, 443), host).toEqual({ blocked: '127.0.0.1' });
  });

  it('allows public addresses, connecting to the IPv4 address inside a mapped one', async () => {
    expect(await publicTargets(new URL('http://8.8.8.8/').hostname, 80)).toEqual({ address: '8.8.8.8' });
    expect(await publicTargets(new URL('http://[::ffff:8.8.8.8]/').hostname, 80)).toEqual({
      address: '8.8.8.8',
    });
    expect(await publicTargets(new URL('http://[2606:4700::1111]/').hostname, 443)).toEqual({
      address: '2606:4700::1111',
    });
  });
});
