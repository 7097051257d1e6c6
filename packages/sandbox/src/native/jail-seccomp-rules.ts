/**
 * The system calls the jail's seccomp filter refuses (decision 1060): none is needed by a candidate's program, by a
 * language runtime (the JVM, Mono, Go, Rust, Ruby, PHP) or by a compiler (javac, mcs, Go's compile and link, rustc,
 * gcc and its cc1, as and ld), and each reaches the kernel where the namespaces alone do not hold it. Numbers are
 * x86-64's (`asm/unistd_64.h`, checked against the host's header by the tests); the filter refuses every other ABI
 * whole (i386 through `int 0x80`, x32).
 */
export interface DeniedCall {
  readonly name: string;
  /** The x86-64 system call number. */
  readonly number: number;
}

/** A call refused unless its first argument, read as the kernel reads it (32 bits), is one of `allowedFirstArguments`. */
export interface GuardedCall extends DeniedCall {
  readonly allowedFirstArguments: readonly number[];
}

export const DENIED_CALLS: readonly DeniedCall[] = [
  // Reading or steering another process (the jail's init included).
  { name: 'ptrace', number: 101 },
  { name: 'process_vm_readv', number: 310 },
  { name: 'process_vm_writev', number: 311 },
  { name: 'process_madvise', number: 440 },
  { name: 'pidfd_getfd', number: 438 },
  { name: 'kcmp', number: 312 },
  // The kernel's keyrings, eBPF, fault handling in user space, performance counters, io_uring, fanotify: large kernel
  // surfaces with a history of local privilege escalations, and nothing a program reading stdin needs.
  { name: 'keyctl', number: 250 },
  { name: 'add_key', number: 248 },
  { name: 'request_key', number: 249 },
  { name: 'bpf', number: 321 },
  { name: 'userfaultfd', number: 323 },
  { name: 'perf_event_open', number: 298 },
  { name: 'io_uring_setup', number: 425 },
  { name: 'io_uring_enter', number: 426 },
  { name: 'io_uring_register', number: 427 },
  { name: 'fanotify_init', number: 300 },
  // Mounts, in the old and the new API, and file handles that bypass path lookup.
  { name: 'mount', number: 165 },
  { name: 'umount2', number: 166 },
  { name: 'pivot_root', number: 155 },
  { name: 'move_mount', number: 429 },
  { name: 'open_tree', number: 428 },
  { name: 'fsopen', number: 430 },
  { name: 'fsconfig', number: 431 },
  { name: 'fsmount', number: 432 },
  { name: 'fspick', number: 433 },
  { name: 'mount_setattr', number: 442 },
  { name: 'open_by_handle_at', number: 304 },
  // Namespaces: the jail made them; a run neither enters nor makes others.
  { name: 'setns', number: 308 },
  { name: 'unshare', number: 272 },
  // The machine's own: kernels, modules, reboot, swap, accounting, quotas, I/O ports, the clock, the kernel's log.
  { name: 'kexec_load', number: 246 },
  { name: 'kexec_file_load', number: 320 },
  { name: 'init_module', number: 175 },
  { name: 'finit_module', number: 313 },
  { name: 'delete_module', number: 176 },
  { name: 'reboot', number: 169 },
  { name: 'swapon', number: 167 },
  { name: 'swapoff', number: 168 },
  { name: 'acct', number: 163 },
  { name: 'quotactl', number: 179 },
  { name: 'quotactl_fd', number: 443 },
  { name: 'iopl', number: 172 },
  { name: 'ioperm', number: 173 },
  { name: 'clock_settime', number: 227 },
  { name: 'settimeofday', number: 164 },
  { name: 'clock_adjtime', number: 305 },
  { name: 'syslog', number: 103 },
  { name: 'vhangup', number: 153 },
];

/**
 * `personality` is asked with 0xffffffff (a query) and set to PER_LINUX (0) by ordinary programs; any other persona
 * turns off address-space randomisation (ADDR_NO_RANDOMIZE), makes readable memory executable (READ_IMPLIES_EXEC) or
 * changes what the kernel reports, so it is refused.
 */
export const GUARDED_CALLS: readonly GuardedCall[] = [{ name: 'personality', number: 135, allowedFirstArguments: [0, 0xffffffff] }];
