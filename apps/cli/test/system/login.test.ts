import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_MAIN } from '../helpers/built-packages.js';
import { newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { cleanEnv, runAssay } from '../helpers/run-assay.js';
import { TmuxTerminal } from '../helpers/tmux.js';

const SECRET = 's3cret-password';

/**
 * Issue 27, item 10: `assay login` never repeats a URL's password, refuses plain http to another machine unless
 * told, and reads the key from a hidden prompt or stdin, so it need not be on the command line.
 */
describe('assay login: the key and the URL', () => {
  let org: TestOrg;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let terminal: TmuxTerminal | undefined;
  const configOf = () =>
    JSON.parse(readFileSync(join(home, '.config', 'assay', 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    org = await newOrg('Login');
    home = mkdtempSync(join(tmpdir(), 'assay-cli-login-'));
    env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config') });
  });
  afterEach(() => terminal?.close());

  it('never repeats a password of the URL: not in the unreachable error, not anywhere (exit 2, nothing sent)', async () => {
    const withPassword = `http://ops:${SECRET}@127.0.0.1:9`;
    for (const run of [
      await runAssay(['login', '--url', withPassword, '--key', 'k'], env),
      await runAssay(['login', '--url', `${withPassword} with a space`, '--key', 'k'], env),
      await runAssay(['tests', 'list'], { ...env, ASSAY_URL: withPassword, ASSAY_API_KEY: 'k' }),
    ]) {
      expect({ code: run.code, stdout: run.stdout, leaked: `${run.stdout}${run.stderr}`.includes(SECRET) }).toEqual({ code: 2, stdout: '', leaked: false });
      expect(run.stderr).toContain('***@');
    }
  });

  it('refuses plain http to another machine unless --insecure-http, and warns when it is used', async () => {
    const refused = await runAssay(['login', '--url', 'http://assay.example.com', '--key', 'k', '--no-verify'], env);
    expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 2, stdout: '' });
    expect(refused.stderr).toContain('usage: --url http://assay.example.com is plain http to another machine');
    const viaEnv = await runAssay(['tests', 'list'], { ...env, ASSAY_URL: 'http://assay.example.com', ASSAY_API_KEY: 'k' });
    expect({ code: viaEnv.code, stderr: viaEnv.stderr }).toEqual({ code: 2, stderr: expect.stringContaining('ASSAY_INSECURE_HTTP=1') });

    const accepted = await runAssay(['login', '--profile', 'lab', '--url', 'http://assay.example.com', '--key', 'k', '--no-verify', '--insecure-http'], env);
    expect(accepted.code).toBe(0);
    expect(accepted.stderr).toBe('warning: http://assay.example.com is plain http: the API key crosses the network unencrypted (--insecure-http).\n');
    expect(configOf().profiles.lab).toEqual({ url: 'http://assay.example.com', apiKey: 'k', insecureHttp: true });
    // This machine needs no flag.
    expect((await runAssay(['login', '--profile', 'local', '--url', serverUrl(), '--key', org.apiKey], env)).code).toBe(0);
  });

  it('reads the key from stdin with --key-stdin; refuses a key given twice, and a prompt without a terminal', async () => {
    const piped = await runAssay(['login', '--url', serverUrl(), '--key-stdin', '--json'], env, 30_000, `${org.apiKey}\n`);
    expect({ code: piped.code, stderr: piped.stderr }).toEqual({ code: 0, stderr: '' });
    expect(configOf().profiles.default).toEqual({ url: serverUrl(), apiKey: org.apiKey });
    const wrong = await runAssay(['login', '--url', serverUrl(), '--key-stdin'], env, 30_000, 'assay_wrong\n');
    expect(wrong.code).toBe(1);

    const twice = await runAssay(['login', '--url', serverUrl(), '--key', 'k', '--key-stdin'], env, 30_000, 'k\n');
    expect({ code: twice.code, stderr: twice.stderr }).toEqual({ code: 2, stderr: 'usage: --key and --key-stdin do not go together.\n' });
    const bothOnStdin = await runAssay(['login', '--url', serverUrl(), '--key-stdin', '--admin-token-stdin'], env, 30_000, 'k\n');
    expect(bothOnStdin.code).toBe(2);
    const noTerminal = await runAssay(['login', '--url', serverUrl()], env);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('No terminal to ask for the API key on: give it on standard input with --key-stdin');
  });

  it('asks for the key on a terminal without echoing it', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'assay-cli-prompt-'));
    terminal = new TmuxTerminal(`${process.execPath} ${CLI_MAIN} login --profile typed --url ${serverUrl()}; echo "login exited $?"; sleep 30`, {
      columns: 100,
      rows: 20,
      cwd,
      env: { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), TERM: 'xterm-256color' },
    });
    await terminal.waitFor('API key:');
    await terminal.type(org.apiKey);
    await terminal.keys('Enter');
    const screen = await terminal.waitFor('login exited 0');
    expect(screen).toContain('Saved profile "typed"');
    expect(screen).not.toContain(org.apiKey);
    expect(screen).not.toContain(org.apiKey.slice(-8));
    expect(configOf().profiles.typed).toEqual({ url: serverUrl(), apiKey: org.apiKey });
  });
});
