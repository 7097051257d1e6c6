import { parseCallbackUrl, resolveHost, systemLookup, withTimeout, type HostLookup } from '@assay/delivery';
import { refusal } from '../refusal-error.js';

const RESOLVE_TIMEOUT_MS = 2_000;

/**
 * The SSRF check at registration: a callbackURL that is, or resolves to, a loopback, private, link-local or
 * metadata address is refused (400.11), for each URL Assay calls back (`field` names it in the message). A host that does not resolve right now is accepted — DNS may be
 * down for a moment — because every delivery checks the address it actually connects to.
 */
export const checkCallbackTarget = async (url: string, allowPrivate: boolean, lookup: HostLookup = systemLookup, field = 'callbackURL'): Promise<void> => {
  const parsed = parseCallbackUrl(url);
  if (!parsed.ok) throw refusal('callback-url-not-allowed', `${field} is not allowed: ${parsed.reason}`);
  if (allowPrivate) return;
  const verdict = await resolveHost(parsed.host, withTimeout(lookup, RESOLVE_TIMEOUT_MS), false);
  if (!verdict.ok && verdict.blocked) throw refusal('callback-url-not-allowed', `${field} is not allowed: ${verdict.reason}`);
};
