import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, compiledC, freshDir, jailed, sh } from './jail-fixture.js';

/** Hostile class: reaching the host from a run — its network, files, environment and file system (docs/security.md). */
const REPO = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SECRET = `assay-secret-${process.pid}-${Date.now()}`;

let server: Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  process.env.ASSAY_JAIL_TEST_SECRET = SECRET;
  server = createServer((socket) => {
    connections++;
    socket.end('hello from the host\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  delete process.env.ASSAY_JAIL_TEST_SECRET;
  await new Promise((resolve) => server.close(resolve));
  cleanUp();
});

describe('a jailed run cannot reach the host', () => {
  it('cannot connect to a port listening on the host loopback', async () => {
    const dir = await compiledC(`
      #include <arpa/inet.h>
      #include <stdio.h>
      #include <stdlib.h>
      #include <sys/socket.h>
      int main(int argc, char **argv) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(atoi(argv[1])) };
        inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
        if (connect(fd, (struct sockaddr *)&to, sizeof to) == 0) { printf("connected\\n"); return 0; }
        perror("connect");
        return 1;
      }`);
    const run = await jailed(['/box/prog', String(port)], {}, { dir });
    expect(run.stdout).not.toContain('connected');
    expect(run.exitCode).toBe(1);
    expect(connections).toBe(0);
  });

  it('reads none of the host files: shadow, /root, /home, the repository, the host /proc', async () => {
    const run = await sh(
      `cat /etc/shadow /etc/passwd /root/.profile '${REPO}/package.json' /work/pg-url.txt 2>&1; ls /root /home 2>&1; ` +
        'ls /; echo "pid1=$(tr "\\0" " " < /proc/1/cmdline)"; echo "environ=$(cat /proc/1/environ | tr "\\0" " ")"',
    );
    expect(run.stdout).not.toContain('root:');
    expect(run.stdout).not.toContain('"name"');
    expect(run.stdout).not.toContain('postgres');
    const topLevel = run.stdout.split('\n').filter((line) => /^[a-z0-9]+$/.test(line));
    // `results`: the run's own results file (decision 1313), empty until its harness writes to it.
    expect(new Set(topLevel)).toEqual(new Set(['bin', 'box', 'dev', 'etc', 'lib', 'lib64', 'proc', 'results', 'sbin', 'tmp', 'usr']));
    // pid 1 of the jail's /proc is the jail's own init, not the host's.
    expect(run.stdout).toMatch(/pid1=\/usr\/bin\/bwrap /);
    expect(run.stdout).toMatch(/environ=\s*$/m);
  });

  it('reads no host path, limit or environment in any process it can see: the jail’s init shows only a constant line (decision 1061)', async () => {
    const readOnly = freshDir();
    const limits = { cpuMs: 7000, processes: 13, openFiles: 57, fileBytes: 1_234_567, memoryBytes: 98_765_432 };
    const run = await sh(
      'for p in /proc/[0-9]*; do echo "== $p"; tr "\\0" " " < "$p/cmdline"; echo; tr "\\0" " " < "$p/environ"; echo; ' +
        'for l in "$p"/fd/* "$p/cwd" "$p/root" "$p/exe"; do echo "$l -> $(readlink "$l" 2>&1)"; done; done',
      limits,
      { env: { GIVEN: 'only-this' }, readOnly: [{ host: readOnly, jail: '/given' }] },
    );
    expect(run.stdout).toMatch(/^\/usr\/bin\/bwrap --args 5 -- \/bin\/bash --norc --noprofile -c .* assay-run $/m);
    expect(run.stdout).toContain('GIVEN=only-this');
    const hostTraces = [
      run.dir,
      readOnly,
      'assay-jail-test-',
      '--bind',
      '--tmpfs',
      '--setenv',
      'prlimit',
      '--cpu=',
      '--nproc=',
      '--nofile=',
      '1234567',
      '98765432',
      SECRET,
    ];
    for (const trace of hostTraces) expect(run.stdout, trace).not.toContain(trace);
  });

  it('sees no environment of the server', async () => {
    expect(process.env.ASSAY_JAIL_TEST_SECRET).toBe(SECRET);
    const run = await sh('env; for f in /proc/[0-9]*/environ; do cat "$f"; done', {}, { env: { GIVEN: 'only-this' } });
    expect(run.stdout).toContain('GIVEN=only-this');
    expect(run.stdout).not.toContain(SECRET);
    expect(run.stdout).not.toContain('ASSAY_TEST_PG_URL');
  });

  it('inherits no descriptor of the server but its stdio', async () => {
    const run = await sh('for f in /proc/$$/fd/*; do [ -e "$f" ] && echo "fd ${f##*/}"; done');
    expect(run.stdout.trim().split('\n')).toEqual(['fd 0', 'fd 1', 'fd 2']);
  });

  it('opens its results file by the name $ASSAY_RESULTS gives, and the host reads what it wrote', async () => {
    const run = await sh('echo "$ASSAY_RESULTS"; printf one >> "$ASSAY_RESULTS"; printf " two" >> "$ASSAY_RESULTS"');
    expect(run.stdout.trim()).toBe('/results');
    expect(run.results).toBe('one two');
  });

  it('writes nowhere but its own directory, /tmp and /dev/shm', async () => {
    const outside = freshDir();
    writeFileSync(join(outside, 'given.txt'), 'read-only input\n');
    const run = await sh(
      'for path in /usr/x /etc/x /x /bin/x /dev/x /proc/x /given/x /given/given.txt /box/../x; do ' +
        '(echo pwned > "$path") 2>/dev/null && echo "wrote $path"; done; echo ok > /box/mine && echo "wrote box"',
      {},
      { readOnly: [{ host: outside, jail: '/given' }] },
    );
    expect(run.stdout.trim().split('\n')).toEqual(['wrote box']);
    expect(readdirSync(outside)).toEqual(['given.txt']);
    expect(existsSync(join(run.dir, 'mine'))).toBe(true);
  });
});
