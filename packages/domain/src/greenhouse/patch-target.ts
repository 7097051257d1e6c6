import { ok, refuse, type Result } from '../result.js';

/** What the rule reads of the `url` of a send_test: its scheme and whether its host is this machine (loopback). */
export interface PatchTargetFacts {
  readonly scheme: 'http' | 'https';
  readonly loopback: boolean;
}

/**
 * Where the PATCH "test completed" may go (decision 637): it carries the HTTP Basic credentials Greenhouse issued to
 * the org, so only over https. Plain http only to this machine, and only where private callbacks are allowed
 * (`ASSAY_ALLOW_PRIVATE_CALLBACKS=true`: a development or test setup, whose receiver has no certificate). Checked when
 * send_test names the url (400.11) and again before each PATCH, so a setting changed since never lets one go out.
 */
export const decideGreenhousePatchTarget = (facts: PatchTargetFacts, allowPrivate: boolean): Result<void> => {
  if (facts.scheme === 'https') return ok(undefined);
  if (facts.loopback && allowPrivate) return ok(undefined);
  return refuse(
    'callback-url-not-allowed',
    facts.loopback
      ? 'url is not allowed: it must be https (plain http only to this machine, and only where ASSAY_ALLOW_PRIVATE_CALLBACKS=true)'
      : 'url is not allowed: it must be https, since the PATCH "test completed" carries the org’s Greenhouse credentials',
  );
};
