import type { Signature } from '@assay/domain/languages';
import { cDeclaration } from '@assay/domain/languages';
import { C_FLAGS, C_RUNTIME } from '../harness/c-family-cache.js';
import type { CFamilyToolchain } from '../harness/c-family-execute.js';
import { executeCFamily } from '../harness/c-family-execute.js';
import { cHarness } from '../harness/c-family-harness.js';
import type { NativeLanguage, NativeToolchain } from '../native-language.js';

/**
 * C17 by Debian's gcc 12: one compile of the candidate's file with the generated harness, every case forked from one
 * process. A pointer of another type, or a pointer made from an integer, is an error (as gcc 14 makes them): the
 * harness's call must never read the candidate's arguments as the wrong memory (decision 1086).
 */
const toolchain: CFamilyToolchain = {
  sourceFile: 'solution.c',
  harnessFile: 'main.c',
  compiler: '/usr/bin/gcc',
  flags: [...C_FLAGS, '-Werror=incompatible-pointer-types', '-Werror=int-conversion'],
  cache: (_code, context) => context.shared(C_RUNTIME),
  harness: cHarness,
  declaration: (functionName: string, signature: Signature) => cDeclaration(functionName, signature, (name) => name),
};

/** What c needs of the host (decision 1311): the files its runs use, their Debian packages, its /etc parts. */
const C_TOOLCHAIN: NativeToolchain = { commands: ['/usr/bin/gcc', '/usr/bin/addr2line'], debianPackages: ['gcc', 'binutils', 'libc6-dev'], etc: [] };

export const cLanguage: NativeLanguage<'c'> = {
  id: 'c',
  toolchain: C_TOOLCHAIN,
  execute: (input, context) => executeCFamily(toolchain, input, context),
  warm: async (context) => {
    await context.shared(C_RUNTIME);
  },
  close: () => C_RUNTIME.drop(),
};
