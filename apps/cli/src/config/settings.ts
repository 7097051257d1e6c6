import type { ConfigFile } from './config-file.js';

/** What a command connects with, and where each part came from (for messages). */
export interface Settings {
  profile: string;
  url: string | undefined;
  apiKey: string | undefined;
  adminToken: string | undefined;
}

export const DEFAULT_PROFILE = 'default';

/** `ASSAY_URL`, `ASSAY_API_KEY` and `ASSAY_ADMIN_TOKEN` override the saved profile, one by one. */
export const resolveSettings = (env: NodeJS.ProcessEnv, config: ConfigFile, profile: string = DEFAULT_PROFILE): Settings => {
  const saved = config.profiles[profile];
  return {
    profile,
    url: env.ASSAY_URL || saved?.url,
    apiKey: env.ASSAY_API_KEY || saved?.apiKey,
    adminToken: env.ASSAY_ADMIN_TOKEN || saved?.adminToken,
  };
};
