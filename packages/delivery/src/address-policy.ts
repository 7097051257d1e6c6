import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

/**
 * Cloud instance-metadata endpoints get their own word: they hand out credentials, so a callback that
 * reaches them is the worst case and the reason should say so rather than just "link-local".
 */
const METADATA_V4 = [ipaddr.IPv4.parse('169.254.169.254')];
const METADATA_V6 = [ipaddr.IPv6.parse('fd00:ec2::254')];
const METADATA = 'a cloud metadata address';

/**
 * What each ipaddr.js range is called in a refusal. Ranges absent from the map and not allowed below are
 * refused as "reserved": failing closed means a range added by a later ipaddr.js is never silently callable.
 */
const CLASS_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  uniqueLocal: 'a unique-local address',
  deprecatedSiteLocal: 'a site-local address',
  teredo: 'a Teredo tunnel address',
};

/**
 * Globally routed ranges. AS112 and AMT are public anycast services, so they are as callable as any other
 * public address; everything else special-cased by ipaddr.js is not reachable on the public internet.
 */
const PUBLIC_V4 = new Set(['unicast', 'as112', 'amt']);
const PUBLIC_V6 = new Set(['unicast', 'as112v6', 'amt']);

const className = (range: string): string => CLASS_NAMES[range] ?? 'a reserved address';

const v4FromParts = (high: number, low: number): IPv4 => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The class of a forbidden IPv4 address ("a loopback address"), or undefined when it is public. */
const classifyV4 = (address: IPv4): string | undefined => {
  if (METADATA_V4.some((metadata) => address.match(metadata, 32))) return METADATA;
  const range = address.range();
  return PUBLIC_V4.has(range) ? undefined : className(range);
};

/**
 * IPv6 forms that carry an IPv4 address inside them. The kernel or a NAT64 gateway turns these into IPv4
 * traffic to the embedded address, so "::ffff:127.0.0.1" is loopback however it is written.
 */
const embeddedV4 = (address: IPv6): { form: string; v4: IPv4 } | undefined => {
  const p = address.parts;
  const high = p[6] ?? 0;
  const low = p[7] ?? 0;
  const range = address.range();
  if (range === 'ipv4Mapped') return { form: 'an IPv4-mapped', v4: address.toIPv4Address() };
  if (range === 'rfc6145') return { form: 'an IPv4-translated', v4: v4FromParts(high, low) };
  // 64:ff9b::/96 only: the local-use 64:ff9b:1::/48 may place the address elsewhere, so it is refused whole.
  if (range === 'rfc6052' && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) {
    return { form: 'a NAT64', v4: v4FromParts(high, low) };
  }
  if (range === '6to4') return { form: 'a 6to4', v4: v4FromParts(p[1] ?? 0, p[2] ?? 0) };
  // IPv4-compatible ::a.b.c.d (deprecated, RFC 4291 2.5.5.1); :: and ::1 are the v6 unspecified/loopback.
  if (p.slice(0, 6).every((part) => part === 0) && (high !== 0 || low > 1)) {
    return { form: 'an IPv4-compatible', v4: v4FromParts(high, low) };
  }
  return undefined;
};

const classifyV6 = (address: IPv6): string | undefined => {
  if (METADATA_V6.some((metadata) => address.match(metadata, 128))) return METADATA;
  const embedded = embeddedV4(address);
  if (embedded) {
    const inner = classifyV4(embedded.v4);
    if (inner) return `${embedded.form} IPv6 form of ${embedded.v4.toString()}, which is ${inner}`;
    // Nothing routes IPv4-compatible addresses any more; the other embeddings of public addresses do.
    return embedded.form === 'an IPv4-compatible' ? 'a deprecated IPv4-compatible address' : undefined;
  }
  const range = address.range();
  if (!PUBLIC_V6.has(range)) return className(range);
  // Only 2000::/3 is allocated as global unicast; anything else ipaddr.js calls "unicast" is unassigned.
  return address.match(ipaddr.IPv6.parse('2000::'), 3) ? undefined : 'a reserved address';
};

/**
 * ipaddr.js reads any IPv6 text ending in a dotted quad as IPv4-mapped ("::8.8.8.8" becomes
 * "::ffff:808:808"), which would hide the deprecated IPv4-compatible form; spelling the quad as two hex
 * groups first keeps the address the kernel would actually use.
 */
const parseV6 = (text: string): IPv6 => {
  const quad = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)(%.*)?$/.exec(text);
  if (!quad) return ipaddr.IPv6.parse(text);
  const [a, b, c, d] = quad.slice(2, 6).map(Number) as [number, number, number, number];
  const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  return ipaddr.IPv6.parse(`${quad[1]}${hex}${quad[6] ?? ''}`);
};

/**
 * Why an IP must never be called back, e.g. "127.0.0.1 is a loopback address", or undefined when it is a
 * public address. Anything that is not a plain IPv4 or IPv6 address is refused: "0x7f.1" and friends are
 * exactly the spellings used to slip past a filter.
 */
export const forbiddenAddressReason = (ip: string): string | undefined => {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const family = isIP(text);
  if (family === 0) return `${ip} is not an IP address`;
  const reason = family === 4 ? classifyV4(ipaddr.IPv4.parse(text)) : classifyV6(parseV6(text));
  return reason === undefined ? undefined : `${text} is ${reason}`;
};
