import { createClient } from '@assay/client';
import type { Command } from 'commander';
import { saveProfile } from '../config/config-file.js';
import { configPathOf } from '../config/config-path.js';
import { DEFAULT_PROFILE } from '../config/settings.js';
import { UsageError } from '../errors.js';
import type { CliIo } from './cli-io.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

interface LoginOptions extends GlobalOptions {
  url: string;
  key?: string;
  adminToken?: string;
  verify: boolean;
}

const httpUrl = (value: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--url ${value} is not a URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--url must be an http(s) URL.');
  return value.replace(/\/+$/, '');
};

export const registerLogin = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('login')
      .description('save a server and its API key as a profile (checked against the server first)')
      .requiredOption('--url <URL>', 'where Assay answers, e.g. https://assay.example.com')
      .option('--key <KEY>', "the organization's API key")
      .option('--admin-token <TOKEN>', "the server's admin token, for `assay admin`")
      .option('--no-verify', 'save without calling the server'),
  ).action(
    act(io, async (io, options: LoginOptions) => {
      const url = httpUrl(options.url);
      if (!options.key && !options.adminToken) throw new UsageError('Give --key KEY (and/or --admin-token TOKEN).');
      if (options.verify) {
        const client = createClient({ baseUrl: url, apiKey: options.key, adminToken: options.adminToken });
        // A cheap call that needs the key: a wrong key is refused here (exit 1), not at first use.
        if (options.key) await client.tests.list({ page_size: 1 });
        else await client.health.live();
      }
      const profile = options.profile ?? DEFAULT_PROFILE;
      const path = configPathOf(io.env);
      await saveProfile(path, profile, {
        url,
        ...(options.key ? { apiKey: options.key } : {}),
        ...(options.adminToken ? { adminToken: options.adminToken } : {}),
      });
      emit(io, options, { profile, url, configPath: path }, () => `Saved profile "${profile}" for ${url} in ${path}.`);
    }),
  );
};
