import ipaddr from 'ipaddr.js';
import { parseCallbackUrl } from './callback-url.js';

/**
 * Whether a URL's host names this machine: `localhost` (and its subdomains, RFC 6761) or a loopback address however
 * written (127.0.0.0/8, ::1, ::ffff:127.0.0.1). Names are not resolved: a public name that resolves to 127.0.0.1 is
 * caught by the SSRF guard of every delivery, not here.
 */
export const isLoopbackHost = (host: string): boolean => {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return ipaddr.isValid(name) && ipaddr.process(name).range() === 'loopback';
};

/** What a rule about a URL's transport reads of it (the domain's `decideGreenhousePatchTarget`), or why it is no URL. */
export type UrlTransport =
  | { readonly ok: true; readonly scheme: 'http' | 'https'; readonly loopback: boolean }
  | { readonly ok: false; readonly reason: string };

export const urlTransportOf = (text: string): UrlTransport => {
  const parsed = parseCallbackUrl(text);
  if (!parsed.ok) return parsed;
  return { ok: true, scheme: parsed.url.protocol === 'https:' ? 'https' : 'http', loopback: isLoopbackHost(parsed.host) };
};
