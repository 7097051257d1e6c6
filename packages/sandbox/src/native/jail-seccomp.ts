import { DENIED_CALLS, type DeniedCall, GUARDED_CALLS, type GuardedCall } from './jail-seccomp-rules.js';

/**
 * A seccomp filter for bubblewrap's `--seccomp FD` (decision 1060): a classic BPF program (`struct sock_filter[]`, 8
 * bytes an instruction, in the host's byte order) that the kernel runs on every system call of the jailed process
 * tree. It answers EPERM, never a kill, so a program meeting a refused call fails plainly, as it would without the
 * privilege.
 *
 *   ld  arch;  jeq AUDIT_ARCH_X86_64 ? next : deny   every other ABI (i386 by `int 0x80`) whole
 *   ld  nr;    jge X32_SYSCALL_BIT ? deny : next     the x32 ABI (x86-64's arch with bit 30 set) whole
 *   jeq nr_1 ? deny : next … jeq nr_n ? deny : next  each denied call
 *   jeq guarded ? next : (the next guard);  ld args[0] low word;  jeq allowed_1 ? allow : next … ja deny
 *   allow: ret SECCOMP_RET_ALLOW;  deny: ret SECCOMP_RET_ERRNO | EPERM
 *
 * No npm package builds seccomp programs (the libseccomp bindings are native addons); this is the whole compiler,
 * tested by running its output through a BPF interpreter and, in the jail, by the kernel.
 */
export function seccompProgram(denied: readonly DeniedCall[], guarded: readonly GuardedCall[] = []): Buffer {
  const numbers = [...denied, ...guarded].map((call) => call.number);
  if (new Set(numbers).size !== numbers.length) throw new Error('seccompProgram: a system call is listed twice');
  if (numbers.some((number) => !Number.isInteger(number) || number < 0 || number >= X32_SYSCALL_BIT))
    throw new Error('seccompProgram: a system call number is not an x86-64 one');
  const program: Instruction[] = [
    load(ARCH_OFFSET),
    jump(JEQ, AUDIT_ARCH_X86_64, NEXT, DENY),
    load(NR_OFFSET),
    jump(JGE, X32_SYSCALL_BIT, DENY, NEXT),
    ...denied.map((call) => jump(JEQ, call.number, DENY, NEXT)),
  ];
  for (const call of guarded) {
    const allowed = call.allowedFirstArguments.map((value) => jump(JEQ, value >>> 0, ALLOW, NEXT));
    // Skipped when the number differs: the guard's load, its comparisons and its closing jump.
    program.push(jump(JEQ, call.number, NEXT, { skip: allowed.length + 2 }), load(FIRST_ARGUMENT_LOW_OFFSET), ...allowed, always(DENY));
  }
  program.push(ret(SECCOMP_RET_ALLOW), ret(SECCOMP_RET_ERRNO | EPERM));
  return encode(program);
}

export const AUDIT_ARCH_X86_64 = 0xc000003e;
export const X32_SYSCALL_BIT = 0x40000000;
export const SECCOMP_RET_ALLOW = 0x7fff0000;
export const SECCOMP_RET_ERRNO = 0x00050000;
export const EPERM = 1;

/** Offsets in `struct seccomp_data`: nr, arch, then instruction_pointer and args[6] (u64, little-endian). */
const NR_OFFSET = 0;
const ARCH_OFFSET = 4;
const FIRST_ARGUMENT_LOW_OFFSET = 16;

/** Classic BPF opcodes (linux/bpf_common.h). */
export const BPF = { LD_W_ABS: 0x20, JEQ_K: 0x15, JGE_K: 0x35, JA: 0x05, RET_K: 0x06 } as const;
const JEQ = BPF.JEQ_K;
const JGE = BPF.JGE_K;

/** Where a jump goes: the next instruction, past `skip` more, or one of the two returns at the end. */
type Target = typeof NEXT | typeof ALLOW | typeof DENY | { readonly skip: number };
const NEXT = 'next';
const ALLOW = 'allow';
const DENY = 'deny';

interface Instruction {
  readonly code: number;
  readonly k: number;
  readonly whenTrue?: Target;
  readonly whenFalse?: Target;
}

const load = (offset: number): Instruction => ({ code: BPF.LD_W_ABS, k: offset });
const jump = (code: number, k: number, whenTrue: Target, whenFalse: Target): Instruction => ({ code, k, whenTrue, whenFalse });
const always = (target: Target): Instruction => ({ code: BPF.JA, k: 0, whenTrue: target });
const ret = (k: number): Instruction => ({ code: BPF.RET_K, k });

/** Resolves each jump to an offset from the next instruction (8 bits for a conditional one) and writes the program. */
function encode(program: readonly Instruction[]): Buffer {
  const allowAt = program.length - 2;
  const denyAt = program.length - 1;
  const offset = (from: number, target: Target | undefined): number => {
    if (target === undefined || target === NEXT) return 0;
    if (typeof target === 'object') return target.skip;
    return (target === ALLOW ? allowAt : denyAt) - from - 1;
  };
  const bytes = Buffer.alloc(program.length * 8);
  program.forEach((instruction, index) => {
    const whenTrue = offset(index, instruction.whenTrue);
    const whenFalse = offset(index, instruction.whenFalse);
    // An unconditional jump keeps its (32-bit) offset in k; a conditional one has 8 bits for each way.
    const always = instruction.code === BPF.JA;
    if (!always && (whenTrue > 255 || whenFalse > 255)) throw new Error('seccompProgram: too many calls for 8-bit jumps');
    bytes.writeUInt16LE(instruction.code, index * 8);
    bytes.writeUInt8(always ? 0 : whenTrue, index * 8 + 2);
    bytes.writeUInt8(always ? 0 : whenFalse, index * 8 + 3);
    bytes.writeUInt32LE(always ? whenTrue : instruction.k, index * 8 + 4);
  });
  return bytes;
}

/** The jail's filter, built once. */
export const JAIL_SECCOMP_PROGRAM: Buffer = seccompProgram(DENIED_CALLS, GUARDED_CALLS);
