import { resolveHost, systemLookup, type HostLookup } from './host-check.js';

export type CallbackUrlCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface CheckCallbackUrlOptions {
  /** Lets self-hosted installations call receivers on their own network. Off for the hosted service. */
  readonly allowPrivate: boolean;
  readonly lookup?: HostLookup;
  /** How long resolution may take before the URL is refused; a hung resolver must not hang the API. */
  readonly timeoutMs?: number;
}

/** A callback URL's shape, before any resolution: what deliverWebhook also insists on. */
export type ParsedCallbackUrl = { readonly ok: true; readonly url: URL; readonly host: string } | { readonly ok: false; readonly reason: string };

export const parseCallbackUrl = (text: string): ParsedCallbackUrl => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'callbackURL is not a valid absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `callbackURL must use http or https, not ${url.protocol.slice(0, -1)}` };
  }
  // Credentials in a URL end up in logs and in the Authorization header of every attempt.
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'callbackURL must not contain a user name or password' };
  }
  // The URL parser has already turned 2130706433, 0x7f.1 and friends into dotted quads; IPv6 keeps brackets.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === '') return { ok: false, reason: 'callbackURL has no host' };
  return { ok: true, url, host };
};

const DEFAULT_RESOLVE_TIMEOUT_MS = 5_000;

/** A lookup that gives up after `timeoutMs`: a hung resolver must not hang a registration. */
export const withTimeout =
  (lookup: HostLookup, timeoutMs: number): HostLookup =>
  (host) =>
    new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      lookup(host).then(
        (addresses) => {
          clearTimeout(timer);
          resolve(addresses);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });

/**
 * Whether a callbackURL may be registered: http(s), no credentials, and a host whose every address is
 * public (unless allowPrivate). This is the early, friendly check; deliverWebhook checks again at connect
 * time, because DNS may answer differently by then.
 */
export const checkCallbackUrl = async (text: string, options: CheckCallbackUrlOptions): Promise<CallbackUrlCheck> => {
  const parsed = parseCallbackUrl(text);
  if (!parsed.ok) return parsed;
  const lookup = withTimeout(options.lookup ?? systemLookup, options.timeoutMs ?? DEFAULT_RESOLVE_TIMEOUT_MS);
  const verdict = await resolveHost(parsed.host, lookup, options.allowPrivate);
  return verdict.ok ? { ok: true } : { ok: false, reason: verdict.reason };
};
