import { createClient } from '@assay/client';
import type { Command } from 'commander';
import { saveProfile } from '../config/config-file.js';
import { configPathOf } from '../config/config-path.js';
import { checkServerUrl, isPlainHttpOffLoopback } from '../config/server-url.js';
import { DEFAULT_PROFILE } from '../config/settings.js';
import { UsageError } from '../errors.js';
import type { CliIo } from './cli-io.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';
import { readSecret, sourceOf, type SecretSource } from './secret-input.js';

interface LoginOptions extends GlobalOptions {
  url: string;
  key?: string | true;
  keyStdin?: boolean;
  adminToken?: string | true;
  adminTokenStdin?: boolean;
  insecureHttp?: boolean;
  verify: boolean;
}

const EXAMPLES = `
The key is asked for without echo when --key is left out (or given without a value) on a terminal, or read
from standard input with --key-stdin. A key written on the command line shows in \`ps\` and stays in the
shell's history: prefer the prompt or stdin. The same goes for --admin-token.

Examples:
  assay login --url https://assay.example.com
  pass show assay/key | assay login --url https://assay.example.com --key-stdin
  assay login --url http://127.0.0.1:3000 --admin-token`;

/** Which secrets to read and from where: with no option for either, the API key is asked for. */
const sourcesOf = (options: LoginOptions): { key: SecretSource | undefined; token: SecretSource | undefined } => {
  const key = sourceOf({ value: options.key, stdin: options.keyStdin, flag: '--key' });
  const token = sourceOf({ value: options.adminToken, stdin: options.adminTokenStdin, flag: '--admin-token' });
  if (key?.from === 'stdin' && token?.from === 'stdin')
    throw new UsageError('Standard input carries one secret: --key-stdin or --admin-token-stdin, not both.');
  return { key: key ?? (token ? undefined : { from: 'prompt' }), token };
};

export const registerLogin = (program: Command, io: CliIo): void => {
  withJson(
    program
      .command('login')
      .description('save a server and its API key as a profile (checked against the server first)')
      .requiredOption('--url <URL>', 'where Assay answers, e.g. https://assay.example.com')
      .option('--key [KEY]', "the organization's API key (left out: asked for without echo)")
      .option('--key-stdin', 'read the API key from standard input')
      .option('--admin-token [TOKEN]', "the server's admin token, for `assay admin` (without a value: asked for)")
      .option('--admin-token-stdin', 'read the admin token from standard input')
      .option('--insecure-http', 'accept plain http to another machine: the key then crosses the network unencrypted')
      .option('--no-verify', 'save without calling the server')
      .addHelpText('after', EXAMPLES),
  ).action(
    act(io, async (io, options: LoginOptions) => {
      const url = checkServerUrl(options.url, { source: '--url', insecureHttp: options.insecureHttp === true });
      const insecureHttp = isPlainHttpOffLoopback(new URL(url));
      if (insecureHttp) io.stderr.write(`warning: ${url} is plain http: the API key crosses the network unencrypted (--insecure-http).\n`);
      const sources = sourcesOf(options);
      const apiKey = sources.key && (await readSecret(io, sources.key, 'API key', '--key'));
      const adminToken = sources.token && (await readSecret(io, sources.token, 'admin token', '--admin-token'));
      if (options.verify) {
        const client = createClient({ baseUrl: url, apiKey, adminToken });
        // A cheap call that needs the key: a wrong key is refused here (exit 1), not at first use.
        if (apiKey) await client.tests.list({ page_size: 1 });
        else await client.health.live();
      }
      const profile = options.profile ?? DEFAULT_PROFILE;
      const path = configPathOf(io.env);
      await saveProfile(path, profile, {
        url,
        ...(apiKey ? { apiKey } : {}),
        ...(adminToken ? { adminToken } : {}),
        ...(insecureHttp ? { insecureHttp } : {}),
      });
      emit(io, options, { profile, url, configPath: path }, () => `Saved profile "${profile}" for ${url} in ${path}.`);
    }),
  );
};
