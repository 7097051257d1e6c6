import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED_CALLS } from '../../src/native/jail-seccomp-rules.js';
import { cleanUp, compiledC, jailed } from './jail-fixture.js';

/**
 * Hostile class: the kernel's surface beyond what a candidate's program needs (issue 59, 10f; decision 1060). One C
 * program, compiled and run in the real jail, makes each refused call and prints how it ended. Arguments are chosen
 * so that without the filter the kernel answers something other than EPERM (the call succeeds, or fails on a bad
 * descriptor, pointer or flag) wherever it checks those before privilege; for pivot_root, move_mount, fsopen,
 * fsmount, fspick, reboot, swapon, swapoff, acct, syslog and vhangup the kernel checks privilege first and refuses
 * an unprivileged caller with EPERM too, and the filter is the second wall.
 */
const PROBES: Readonly<Record<string, string>> = {
  ptrace: '2 /* PTRACE_PEEKDATA */, 1, 0, 0',
  process_vm_readv: 'getpid(), &local, 1, &remote, 1, 0',
  process_vm_writev: 'getpid(), &remote, 1, &local, 1, 0',
  process_madvise: '-1, &local, 1, 0, 0',
  pidfd_getfd: '-1, 0, 0',
  kcmp: 'getpid(), getpid(), 0, 0, 0',
  keyctl: '-1, 0, 0, 0, 0',
  add_key: 'NULL, NULL, NULL, 0, 0',
  request_key: 'NULL, NULL, NULL, 0',
  bpf: '-1, NULL, 0',
  userfaultfd: '1 /* UFFD_USER_MODE_ONLY */',
  perf_event_open: 'NULL, 0, -1, -1, 0',
  io_uring_setup: '1, NULL',
  io_uring_enter: '-1, 0, 0, 0, NULL, 0',
  io_uring_register: '-1, 0, NULL, 0',
  fanotify_init: '0x200 /* FAN_REPORT_FID */, 0',
  mount: '(char *)1, "/tmp", "tmpfs", 0, NULL',
  umount2: '"/tmp", 0xff',
  pivot_root: '"/tmp", "/tmp"',
  move_mount: '-1, NULL, -1, NULL, 0xffffffff',
  open_tree: '-1, NULL, 0xffffffff',
  fsopen: 'NULL, 0xffffffff',
  fsconfig: '-1, 0, NULL, NULL, 0',
  fsmount: '-1, 0xffffffff, 0',
  fspick: '-1, NULL, 0xffffffff',
  mount_setattr: '-1, NULL, 0xffffffff, NULL, 0',
  open_by_handle_at: '-1, NULL, 0',
  setns: '-1, 0',
  unshare: '0',
  kexec_load: '0, 0, NULL, 0xffffffff',
  kexec_file_load: '-1, -1, 0, NULL, 0xffff',
  init_module: 'NULL, 0, NULL',
  finit_module: '-1, NULL, 0',
  delete_module: 'NULL, 0',
  reboot: '0, 0, 0, NULL',
  swapon: 'NULL, 0',
  swapoff: 'NULL',
  acct: 'NULL',
  quotactl: '0, NULL, 0, NULL',
  quotactl_fd: '-1, 0, 0, NULL',
  iopl: '0',
  ioperm: '0, 0, 0',
  clock_settime: '0, NULL',
  settimeofday: '&invalid, NULL',
  clock_adjtime: '0, NULL',
  syslog: '10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0',
  vhangup: '',
};

const SOURCE = `#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static void said(const char *name, long result) {
  printf("%s %s\\n", name, result != -1 ? "ok" : errno == EPERM ? "EPERM" : strerrorname_np(errno));
}

static void *thread(void *arg) { return arg; }

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  char here[8] = "abc", there[8];
  struct iovec local = { there, 4 }, remote = { here, 4 };
  struct timeval invalid = { 0, 2000000 };
${DENIED_CALLS.map((call) => `  said("${call.name}", syscall(${call.number}${PROBES[call.name] ? `, ${PROBES[call.name]}` : ''}));`).join('\n')}
  said("personality-query", personality(0xffffffff));
  said("personality-linux", personality(PER_LINUX));
  said("personality-no-randomize", personality(ADDR_NO_RANDOMIZE));
  said("personality-read-implies-exec", personality(READ_IMPLIES_EXEC));
  // In a child: a kernel without the 32-bit entry (ia32 emulation off) answers int 0x80 with SIGSEGV.
  pid_t i386 = fork();
  if (i386 == 0) {
    long result;
    // The 32-bit entry clobbers r8-r11 when called from 64-bit code.
    __asm__ volatile ("int $0x80" : "=a"(result) : "a"(20L) /* i386 getpid */ : "r8", "r9", "r10", "r11", "memory");
    _exit(result == -EPERM ? 1 : 2);
  }
  int i386Status = 0;
  waitpid(i386, &i386Status, 0);
  printf("i386 %s\\n", WIFSIGNALED(i386Status) ? "no-entry" : WEXITSTATUS(i386Status) == 1 ? "EPERM" : "ran");
  said("x32", syscall(0x40000000 | 39 /* x32 getpid */));
  pthread_t other;
  int threaded = pthread_create(&other, NULL, thread, NULL) == 0 && pthread_join(other, NULL) == 0;
  pid_t child = fork();
  if (child == 0) _exit(7);
  int status = 0;
  waitpid(child, &status, 0);
  printf("ordinary %s\\n", threaded && WIFEXITED(status) && WEXITSTATUS(status) == 7 ? "ok" : "broken");
  FILE *self = fopen("/proc/self/status", "r");
  char line[256];
  while (self && fgets(line, sizeof line, self)) if (strncmp(line, "Seccomp:", 8) == 0) printf("mode %s", line + 9);
  return 0;
}
`;

let said = new Map<string, string>();

beforeAll(async () => {
  const dir = await compiledC(SOURCE);
  const run = await jailed(['/box/prog'], {}, { dir });
  if (run.exitCode !== 0) throw new Error(`the probe failed: ${JSON.stringify(run)}`);
  said = new Map(
    run.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/) as [string, string]),
  );
}, 120_000);

afterAll(cleanUp);

describe('a jailed run under the seccomp filter', () => {
  it('has a probe for every refused call', () => {
    expect(DENIED_CALLS.filter((call) => !(call.name in PROBES))).toEqual([]);
  });

  it.each(DENIED_CALLS.map((call) => call.name))('is refused %s with EPERM', (name) => {
    expect(said.get(name)).toBe('EPERM');
  });

  it('runs under a filter (seccomp mode 2)', () => {
    expect(said.get('mode')).toBe('2');
  });

  it('may query its personality or set the default, and no other persona (no ASLR off, no executable reads)', () => {
    expect(said.get('personality-query')).toBe('ok');
    expect(said.get('personality-linux')).toBe('ok');
    expect(said.get('personality-no-randomize')).toBe('EPERM');
    expect(said.get('personality-read-implies-exec')).toBe('EPERM');
  });

  it('is refused every call of another ABI: i386 through int 0x80 (where the kernel has that entry), x32', () => {
    expect(['EPERM', 'no-entry']).toContain(said.get('i386'));
    expect(said.get('x32')).toBe('EPERM');
  });

  it('still starts threads, forks and waits', () => {
    expect(said.get('ordinary')).toBe('ok');
  });
});
