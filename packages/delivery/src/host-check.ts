import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { forbiddenAddressReason } from './address-policy.js';

/** Every address a host name resolves to. Injectable so tests never touch DNS or a non-loopback address. */
export type HostLookup = (host: string) => Promise<string[]>;

/** The operating system's resolver, as sockets use it: /etc/hosts first, then DNS, all addresses. */
export const systemLookup: HostLookup = async (host) => (await dnsLookup(host, { all: true })).map((entry) => entry.address);

/**
 * A host's addresses, or why it may not be called. `blocked` separates a policy refusal (a forbidden
 * address) from a host that merely did not resolve, which is a network condition worth retrying.
 */
export type HostVerdict =
  | { readonly ok: true; readonly addresses: readonly string[] }
  | { readonly ok: false; readonly blocked: boolean; readonly reason: string };

const errorCode = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
};

/**
 * Resolves a URL host (an IPv6 literal without its brackets) and checks EVERY address, not just the
 * first: a resolver may answer with a mix, and a socket may fall back to any of them.
 */
export const resolveHost = async (host: string, lookup: HostLookup, allowPrivate: boolean): Promise<HostVerdict> => {
  let addresses: readonly string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await lookup(host);
    } catch (error) {
      return { ok: false, blocked: false, reason: `${host} does not resolve (${errorCode(error)})` };
    }
    if (addresses.length === 0) return { ok: false, blocked: false, reason: `${host} does not resolve (no addresses)` };
  }
  for (const address of addresses) {
    // A resolver that answers with something other than an IP is refused even when private ranges are allowed.
    if (isIP(address) === 0) return { ok: false, blocked: true, reason: `${host} resolves to ${address}, which is not an IP address` };
    const reason = allowPrivate ? undefined : forbiddenAddressReason(address);
    if (reason !== undefined) {
      return { ok: false, blocked: true, reason: address === host ? reason : `${host} resolves to a forbidden address: ${reason}` };
    }
  }
  return { ok: true, addresses };
};
