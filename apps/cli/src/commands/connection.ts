import { createClient, type AssayClient } from '@assay/client';
import { readConfig } from '../config/config-file.js';
import { configPathOf } from '../config/config-path.js';
import { checkServerUrl } from '../config/server-url.js';
import { resolveSettings, type Settings } from '../config/settings.js';
import { UsageError } from '../errors.js';
import { CLI_VERSION } from '../version.js';
import type { CliIo } from './cli-io.js';

export type Credential = 'apiKey' | 'adminToken';

const NO_SERVER = 'No Assay server configured: run `assay login --url URL`, or set ASSAY_URL and ASSAY_API_KEY.';

export const loadSettings = async (io: CliIo, profile: string | undefined): Promise<Settings> =>
  resolveSettings(io.env, await readConfig(configPathOf(io.env)), profile);

/** A client for the configured server; a usage error (exit 2) when the URL or the credential is missing. */
export const clientOf = (settings: Settings, credential: Credential, env: NodeJS.ProcessEnv): AssayClient => {
  if (!settings.url) throw new UsageError(NO_SERVER);
  if (credential === 'apiKey' && !settings.apiKey) {
    throw new UsageError(`No API key for profile "${settings.profile}": run \`assay login --url URL\` or set ASSAY_API_KEY.`);
  }
  if (credential === 'adminToken' && !settings.adminToken) {
    throw new UsageError("Admin commands need the server's admin token: set ASSAY_ADMIN_TOKEN (or `assay login --url URL --admin-token`).");
  }
  // Checked before any key is sent: no password in it, plain http only to this machine unless accepted.
  const baseUrl = checkServerUrl(settings.url, { source: settings.urlSource, insecureHttp: settings.insecureHttp });
  const timeoutMs = Number(env.ASSAY_TIMEOUT_MS);
  return createClient({
    baseUrl,
    apiKey: settings.apiKey,
    adminToken: settings.adminToken,
    ...(Number.isFinite(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
    headers: { 'user-agent': `assay-cli/${CLI_VERSION}` },
  });
};

/** Connects the way a command needs, from its `--profile` and the environment. */
export const connect = async (io: CliIo, profile: string | undefined, credential: Credential = 'apiKey'): Promise<AssayClient> =>
  clientOf(await loadSettings(io, profile), credential, io.env);
