import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DENIED_CALLS, GUARDED_CALLS } from './jail-seccomp-rules.js';
import { AUDIT_ARCH_X86_64, BPF, EPERM, JAIL_SECCOMP_PROGRAM, SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO, seccompProgram, X32_SYSCALL_BIT } from './jail-seccomp.js';

const AUDIT_ARCH_I386 = 0x40000003;
const REFUSED = SECCOMP_RET_ERRNO | EPERM;

/** One system call as the kernel hands it to the filter (`struct seccomp_data`). */
interface Call {
  readonly number: number;
  readonly arch?: number;
  readonly firstArgument?: bigint;
}

/**
 * What the kernel does with the program, for the opcodes the compiler emits (and nothing else: an unknown opcode, a
 * jump out of the program or a load past `seccomp_data` fails the test, as the kernel's verifier would refuse it).
 */
function runFilter(program: Buffer, call: Call): number {
  const data = Buffer.alloc(64);
  data.writeUInt32LE(call.number, 0);
  data.writeUInt32LE(call.arch ?? AUDIT_ARCH_X86_64, 4);
  data.writeBigUInt64LE(call.firstArgument ?? 0n, 16);
  let accumulator = 0;
  for (let at = 0, steps = 0; steps < 4096; steps++) {
    if (at < 0 || at * 8 >= program.length) throw new Error(`jumped out of the program to ${at}`);
    const code = program.readUInt16LE(at * 8);
    const whenTrue = program.readUInt8(at * 8 + 2);
    const whenFalse = program.readUInt8(at * 8 + 3);
    const k = program.readUInt32LE(at * 8 + 4);
    switch (code) {
      case BPF.LD_W_ABS:
        if (k % 4 !== 0 || k + 4 > data.length) throw new Error(`load at ${k}`);
        accumulator = data.readUInt32LE(k);
        at += 1;
        break;
      case BPF.JEQ_K:
        at += 1 + (accumulator === k ? whenTrue : whenFalse);
        break;
      case BPF.JGE_K:
        at += 1 + (accumulator >= k ? whenTrue : whenFalse);
        break;
      case BPF.JA:
        at += 1 + k;
        break;
      case BPF.RET_K:
        return k;
      default:
        throw new Error(`opcode ${code.toString(16)}`);
    }
  }
  throw new Error('the program did not end');
}

describe('the jail’s seccomp filter', () => {
  it.each(DENIED_CALLS.map((call) => [call.name, call.number] as const))('refuses %s (%i) with EPERM', (_name, number) => {
    expect(runFilter(JAIL_SECCOMP_PROGRAM, { number })).toBe(REFUSED);
    // Whatever its arguments.
    expect(runFilter(JAIL_SECCOMP_PROGRAM, { number, firstArgument: 0xffffffffn })).toBe(REFUSED);
  });

  it('allows every other x86-64 call', () => {
    const listed = new Set([...DENIED_CALLS, ...GUARDED_CALLS].map((call) => call.number));
    for (let number = 0; number < 1024; number++) {
      if (!listed.has(number)) expect(runFilter(JAIL_SECCOMP_PROGRAM, { number }), String(number)).toBe(SECCOMP_RET_ALLOW);
    }
  });

  it('refuses the x32 ABI and every other architecture (i386 through int 0x80) whole', () => {
    for (const number of [0, 1, 39, 59, 231, 512]) {
      expect(runFilter(JAIL_SECCOMP_PROGRAM, { number: X32_SYSCALL_BIT | number })).toBe(REFUSED);
      expect(runFilter(JAIL_SECCOMP_PROGRAM, { number, arch: AUDIT_ARCH_I386 })).toBe(REFUSED);
      expect(runFilter(JAIL_SECCOMP_PROGRAM, { number, arch: 0xc00000b7 })).toBe(REFUSED);
    }
  });

  it('lets personality query (0xffffffff) and set PER_LINUX (0), and refuses any other persona', () => {
    const personality = (firstArgument: bigint) => runFilter(JAIL_SECCOMP_PROGRAM, { number: 135, firstArgument });
    expect(personality(0xffffffffn)).toBe(SECCOMP_RET_ALLOW);
    expect(personality(0n)).toBe(SECCOMP_RET_ALLOW);
    // The kernel reads an unsigned int: the high word does not change what is asked.
    expect(personality(0xdead_beef_0000_0000n)).toBe(SECCOMP_RET_ALLOW);
    expect(personality(0x0040000n)).toBe(REFUSED); // ADDR_NO_RANDOMIZE
    expect(personality(0x0400000n)).toBe(REFUSED); // READ_IMPLIES_EXEC
    expect(personality(0x0008n)).toBe(REFUSED); // PER_LINUX32
  });

  it('names each call by its x86-64 number, as the host’s kernel headers do', () => {
    const header = readFileSync('/usr/include/x86_64-linux-gnu/asm/unistd_64.h', 'utf8');
    for (const call of [...DENIED_CALLS, ...GUARDED_CALLS]) {
      const defined = header.match(new RegExp(`^#define __NR_${call.name} (\\d+)$`, 'm'));
      expect(Number(defined?.[1]), call.name).toBe(call.number);
    }
  });

  it('refuses a list it cannot compile: a call listed twice, a number out of range, more than 8-bit jumps reach', () => {
    expect(() => seccompProgram([{ name: 'ptrace', number: 101 }], [{ name: 'again', number: 101, allowedFirstArguments: [] }])).toThrow(/twice/);
    expect(() => seccompProgram([{ name: 'x32', number: X32_SYSCALL_BIT }])).toThrow(/x86-64/);
    const many = Array.from({ length: 300 }, (_, number) => ({ name: `call${number}`, number }));
    expect(() => seccompProgram(many)).toThrow(/8-bit/);
  });
});
