import type { ConfigFile } from './config-file.js';

/** What a command connects with, and where each part came from (for messages). */
export interface Settings {
  profile: string;
  url: string | undefined;
  /** Where the URL came from, for messages: `ASSAY_URL` or the profile. */
  urlSource: string;
  /** Plain http to another machine was accepted: by `login --insecure-http` for the profile's URL, or ASSAY_INSECURE_HTTP=1. */
  insecureHttp: boolean;
  apiKey: string | undefined;
  adminToken: string | undefined;
}

export const DEFAULT_PROFILE = 'default';

/**
 * `ASSAY_URL`, `ASSAY_API_KEY` and `ASSAY_ADMIN_TOKEN` override the saved profile, one by one. A profile's consent
 * to plain http holds for its own URL only; ASSAY_INSECURE_HTTP=1 gives it for whatever URL is used.
 */
export const resolveSettings = (env: NodeJS.ProcessEnv, config: ConfigFile, profile: string = DEFAULT_PROFILE): Settings => {
  const saved = config.profiles[profile];
  return {
    profile,
    url: env.ASSAY_URL || saved?.url,
    urlSource: env.ASSAY_URL ? 'ASSAY_URL' : `The URL of profile "${profile}"`,
    insecureHttp: env.ASSAY_INSECURE_HTTP === '1' || (!env.ASSAY_URL && saved?.insecureHttp === true),
    apiKey: env.ASSAY_API_KEY || saved?.apiKey,
    adminToken: env.ASSAY_ADMIN_TOKEN || saved?.adminToken,
  };
};
