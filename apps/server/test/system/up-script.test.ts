/**
 * `bash scripts/up.sh` as an operator runs it: one line per step with how long it took, the install and build
 * output hidden unless a step fails (then shown, with the exit status), and a quiet terminal after the banner
 * (the default LOG_LEVEL, info, writes no line per request). The real script, its real step runner (scripts/steps.sh) and
 * the real server; only `pnpm` is a stand-in on PATH that prints 80 lines of noise and exits as told, so the
 * test never reinstalls or rebuilds the workspace (it builds what is stale first, as every system test does).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, buildIfStale, freePort, killAll, spawnProcess, waitForOutput, type Proc } from './processes.js';

const STAND_IN_PNPM = `#!/usr/bin/env bash
case "$1" in
  --version) echo 10.99.0 ;;
  install|build)
    for line in $(seq 1 80); do echo "pnpm $1 noise line $line"; done
    echo "pnpm $1 complaint" >&2
    [ "$1" = install ] && exit "\${STAND_IN_INSTALL_STATUS:-0}"
    exit "\${STAND_IN_BUILD_STATUS:-0}" ;;
  *) echo "stand-in pnpm: unexpected $*" >&2; exit 99 ;;
esac
`;

const BANNER_KEY = /shown only this once; keep it:\s+(assay_\S+)/;
/** How scripts/steps.sh writes a duration: 0.4s, 48s, 2m31s. */
const TOOK = String.raw`(\d+\.\d|\d+|\d+m\d\d)s`;

describe('scripts/up.sh', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-up-'));
  const bin = join(dir, 'bin');

  beforeAll(() => {
    buildIfStale();
    mkdirSync(bin);
    writeFileSync(join(bin, 'pnpm'), STAND_IN_PNPM);
    chmodSync(join(bin, 'pnpm'), 0o755);
  }, 600_000);

  afterAll(async () => {
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  });

  /** up.sh with the stand-in pnpm, a database of its own, and LOG_LEVEL only when given. */
  const upSh = async (name: string, env: Record<string, string>): Promise<{ proc: Proc; url: string }> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { LOG_LEVEL: _operators, GLIBC_TUNABLES: _theirs, ...inherited } = process.env;
    const proc = spawnProcess(name, 'bash', ['scripts/up.sh'], {
      ...inherited,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      ASSAY_PUBLIC_URL: url,
      ASSAY_DATABASE_URL: `sqlite:${join(dir, name, 'assay.db')}`,
      ASSAY_OUTBOX_DIR: join(dir, name, 'outbox'),
      ASSAY_SEED_DEMO: 'true',
      ASSAY_RUN_WORKER: 'false',
      ...env,
    });
    return { proc, url };
  };

  /** One call as the banner's curl line makes it; answers once the response is read. */
  const listTests = async (url: string, output: string) => {
    const key = BANNER_KEY.exec(output)![1]!;
    const response = await fetch(`${url}/v2/org/tests`, { headers: { 'x-api-key': key, 'content-type': 'application/json;charset=utf-8' } });
    expect(response.status).toBe(200);
    await response.text();
  };

  const environOf = (proc: Proc) => readFileSync(`/proc/${proc.child.pid}/environ`, 'utf8').split('\0');

  it('says what each step does and how long it took, hides their output, and writes no line per request by default', async () => {
    const { proc, url } = await upSh('quiet', {});
    await waitForOutput(proc, BANNER_KEY, 60_000);
    const lines = proc.output().split('\n');
    const install = lines.findIndex((line) => new RegExp(`^Installing dependencies… done in ${TOOK}$`).test(line));
    const build = lines.findIndex((line) => new RegExp(`^Building… done in ${TOOK}$`).test(line));
    const starting = lines.indexOf('Starting Assay (a summary of the requests every minute; a line per request: LOG_LEVEL=debug bash scripts/up.sh)…');
    const banner = lines.findIndex((line) => line.startsWith('Assay is listening on'));
    expect(install).toBeGreaterThanOrEqual(0);
    expect([install < build, build < starting, starting < banner]).toEqual([true, true, true]);
    expect(proc.output()).not.toContain('noise');
    expect(proc.output()).not.toContain('complaint');

    // up.sh replaced itself with the server: its environment is the server's, at the default level.
    expect(environOf(proc).filter((variable) => variable.startsWith('LOG_LEVEL='))).toEqual([]);
    // glibc's malloc gives freed memory back (decision 500). /proc shows what glibc's loader left of the variable once
    // it had read it (up to the first ':'), so only its start is compared here.
    expect(environOf(proc).find((variable) => variable.startsWith('GLIBC_TUNABLES='))).toMatch(/^GLIBC_TUNABLES=glibc\.malloc\.arena_max=2\b/);
    const before = proc.output();
    await listTests(url, before);
    await listTests(url, before);
    expect(proc.output().slice(before.length)).toBe('');
    await proc.stop('SIGTERM');
  }, 120_000);

  it("leaves the operator's LOG_LEVEL and malloc tunables alone: at debug every request is logged", async () => {
    const { proc, url } = await upSh('verbose', { LOG_LEVEL: 'debug', GLIBC_TUNABLES: 'glibc.malloc.arena_max=4' });
    await waitForOutput(proc, BANNER_KEY, 60_000);
    expect(proc.output()).toContain('Starting Assay (LOG_LEVEL=debug)…');
    expect(environOf(proc)).toContain('LOG_LEVEL=debug');
    expect(environOf(proc)).toContain('GLIBC_TUNABLES=glibc.malloc.arena_max=4');
    await listTests(url, proc.output());
    await waitForOutput(proc, /"msg":"request completed"/);
    await proc.stop('SIGTERM');
  }, 120_000);

  it('shows a failed step its output and exit status, and starts nothing', async () => {
    const { proc } = await upSh('broken', { STAND_IN_BUILD_STATUS: '3' });
    const { code } = await proc.exited;
    expect(code).toBe(3);
    const output = proc.output();
    expect(output).toMatch(/^Installing dependencies… done in \S+$/m);
    expect(output).toMatch(new RegExp(`^Building… failed after ${TOOK} \\(exit status 3\\); its output:$`, 'm'));
    for (let line = 1; line <= 80; line++) expect(output).toContain(`pnpm build noise line ${line}\n`);
    expect(output).toContain('pnpm build complaint');
    expect(output).toContain('Building: failed with exit status 3');
    expect(output).not.toContain('install noise');
    expect(output).not.toContain('Starting Assay');
  }, 60_000);

  it('says so when the install fails, with its output, before building anything', async () => {
    const { proc } = await upSh('no-install', { STAND_IN_INSTALL_STATUS: '1' });
    const { code } = await proc.exited;
    expect(code).not.toBe(0);
    const output = proc.output();
    expect(output).toMatch(/^Installing dependencies… failed after \S+ \(exit status 1\); its output:$/m);
    expect(output).toContain('pnpm install noise line 80');
    expect(output).toContain("ensure-toolchain: 'pnpm install --frozen-lockfile' failed");
    expect(output).not.toContain('Building');
  }, 60_000);
});

describe('the step runner (scripts/steps.sh)', () => {
  const bash = (script: string) => execFileSync('bash', ['-c', `source scripts/steps.sh\n${script}`], { cwd: ROOT, encoding: 'utf8' });

  it('writes durations as an operator reads them', () => {
    const durations = 'assay_duration 100 100.42; assay_duration 0 9.96; assay_duration 0 48.7; assay_duration 0 151.3; assay_duration 5 4';
    expect(bash(durations).split('\n')).toEqual(['0.4s', '10s', '49s', '2m31s', '0.0s', '']);
  });

  it('gives a step no standard input, so a question cannot leave it waiting with nothing on the screen', () => {
    const failed = spawnSync('bash', ['-c', 'source scripts/steps.sh\nassay_step "Asking" bash -c "readlink /proc/self/fd/0; exit 4"'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(failed.status).toBe(4);
    expect(failed.stdout).toMatch(/^Asking… failed after \S+ \(exit status 4\); its output:\n$/);
    expect(failed.stderr).toBe('/dev/null\nAsking: failed with exit status 4 (the output above)\n');
  });
});
