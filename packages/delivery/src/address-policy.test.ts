import { describe, expect, it } from 'vitest';
import { forbiddenAddressReason } from './address-policy.js';

describe('forbiddenAddressReason', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['127.255.0.9', '127.255.0.9 is a loopback address'],
    ['0.0.0.0', '0.0.0.0 is an unspecified address'],
    ['0.1.2.3', '0.1.2.3 is an unspecified address'],
    ['10.0.0.1', '10.0.0.1 is a private address'],
    ['172.16.5.4', '172.16.5.4 is a private address'],
    ['172.31.255.255', '172.31.255.255 is a private address'],
    ['192.168.1.1', '192.168.1.1 is a private address'],
    ['169.254.10.20', '169.254.10.20 is a link-local address'],
    ['169.254.169.254', '169.254.169.254 is a cloud metadata address'],
    ['100.64.0.1', '100.64.0.1 is a carrier-grade NAT address'],
    ['100.127.255.254', '100.127.255.254 is a carrier-grade NAT address'],
    ['224.0.0.251', '224.0.0.251 is a multicast address'],
    ['239.255.255.250', '239.255.255.250 is a multicast address'],
    ['255.255.255.255', '255.255.255.255 is a broadcast address'],
    ['240.0.0.1', '240.0.0.1 is a reserved address'],
    ['192.0.2.10', '192.0.2.10 is a reserved address'],
    ['198.18.0.1', '198.18.0.1 is a reserved address'],
  ])('refuses IPv4 %s', (ip, reason) => {
    expect(forbiddenAddressReason(ip)).toBe(reason);
  });

  it.each([
    ['::1', '::1 is a loopback address'],
    ['::', ':: is an unspecified address'],
    ['fe80::1', 'fe80::1 is a link-local address'],
    ['fe80::1%eth0', 'fe80::1%eth0 is a link-local address'],
    ['febf::1', 'febf::1 is a link-local address'],
    ['fc00::1', 'fc00::1 is a unique-local address'],
    ['fd12:3456::1', 'fd12:3456::1 is a unique-local address'],
    ['fd00:ec2::254', 'fd00:ec2::254 is a cloud metadata address'],
    ['fd00:ec2:0:0::254', 'fd00:ec2:0:0::254 is a cloud metadata address'],
    ['ff02::1', 'ff02::1 is a multicast address'],
    ['fec0::1', 'fec0::1 is a site-local address'],
    ['2001:db8::1', '2001:db8::1 is a reserved address'],
    ['2001::1', '2001::1 is a Teredo tunnel address'],
    ['100::1', '100::1 is a reserved address'],
    ['4000::1', '4000::1 is a reserved address'],
    ['64:ff9b:1::a00:1', '64:ff9b:1::a00:1 is a reserved address'],
  ])('refuses IPv6 %s', (ip, reason) => {
    expect(forbiddenAddressReason(ip)).toBe(reason);
  });

  it.each([
    ['::ffff:127.0.0.1', 'an IPv4-mapped IPv6 form of 127.0.0.1, which is a loopback address'],
    ['::ffff:7f00:1', 'an IPv4-mapped IPv6 form of 127.0.0.1, which is a loopback address'],
    ['::FFFF:10.0.0.1', 'an IPv4-mapped IPv6 form of 10.0.0.1, which is a private address'],
    ['::ffff:169.254.169.254', 'an IPv4-mapped IPv6 form of 169.254.169.254, which is a cloud metadata address'],
    ['::127.0.0.1', 'an IPv4-compatible IPv6 form of 127.0.0.1, which is a loopback address'],
    ['::7f00:1', 'an IPv4-compatible IPv6 form of 127.0.0.1, which is a loopback address'],
    ['::c0a8:101', 'an IPv4-compatible IPv6 form of 192.168.1.1, which is a private address'],
    ['::ffff:0:127.0.0.1', 'an IPv4-translated IPv6 form of 127.0.0.1, which is a loopback address'],
    ['64:ff9b::127.0.0.1', 'a NAT64 IPv6 form of 127.0.0.1, which is a loopback address'],
    ['64:ff9b::a9fe:a9fe', 'a NAT64 IPv6 form of 169.254.169.254, which is a cloud metadata address'],
    ['2002:a00:1::1', 'a 6to4 IPv6 form of 10.0.0.1, which is a private address'],
  ])('refuses %s, which embeds a forbidden IPv4 address', (ip, reason) => {
    expect(forbiddenAddressReason(ip)).toBe(`${ip} is ${reason}`);
  });

  it('refuses the deprecated IPv4-compatible form even of a public address: nothing routes it', () => {
    expect(forbiddenAddressReason('::8.8.8.8')).toBe('::8.8.8.8 is a deprecated IPv4-compatible address');
  });

  it.each(['localhost', '127.1', '0x7f.0.0.1', '2130706433', '', '1.2.3.4.5', 'example.com'])('refuses %j, which is not a plain IP address', (text) => {
    expect(forbiddenAddressReason(text)).toBe(`${text} is not an IP address`);
  });

  it('accepts a bracketed IPv6 literal as written in a URL', () => {
    expect(forbiddenAddressReason('[::1]')).toBe('::1 is a loopback address');
    expect(forbiddenAddressReason('[2606:4700::1111]')).toBeUndefined();
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '169.253.255.255',
    '192.175.48.1',
    '2606:4700::1111',
    '2a00:1450:4001:830::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (ip) => {
    expect(forbiddenAddressReason(ip)).toBeUndefined();
  });
});
