import type { Signature } from '@assay/domain/languages';
import { cppTypeName, parseValueType } from '@assay/domain/languages';
import { CPP_COMPILER, CPP_EVERY_HEADER, CPP_FLAGS, CPP_RUNTIME, cppCache, dropHarnessObjects } from '../harness/c-family-cache.js';
import type { CFamilyToolchain } from '../harness/c-family-execute.js';
import { executeCFamily } from '../harness/c-family-execute.js';
import { cppHarness } from '../harness/c-family-harness.js';
import type { NativeLanguage, NativeToolchain } from '../native-language.js';

const typeText = (text: string): string => {
  const type = parseValueType(text);
  return type === undefined ? text : cppTypeName(type);
};

/** C++20 by Debian's clang 14 (decision 1397), the standard headers from a precompiled header (decisions 723, 1042). */
const toolchain: CFamilyToolchain = {
  sourceFile: 'solution.cpp',
  harnessFile: 'main.cpp',
  compiler: CPP_COMPILER,
  flags: CPP_FLAGS,
  cache: cppCache,
  harness: cppHarness,
  declaration: (functionName: string, signature: Signature) =>
    `${typeText(signature.returns)} ${functionName}(${signature.params.map((p) => `${typeText(p.type)} ${p.name}`).join(', ')})`,
};

/** What cpp needs of the host (decision 1311): the files its runs use, their Debian packages, its /etc parts. */
const CPP_TOOLCHAIN: NativeToolchain = { commands: [CPP_COMPILER, '/usr/bin/addr2line'], debianPackages: ['clang', 'binutils'], etc: [] };

export const cppLanguage: NativeLanguage<'cpp'> = {
  id: 'cpp',
  toolchain: CPP_TOOLCHAIN,
  execute: (input, context) => executeCFamily(toolchain, input, context),
  // The usual headers first (every C++ run needs them), then <bits/stdc++.h>'s (decision 1042).
  warm: async (context) => {
    await context.shared(CPP_RUNTIME);
    await context.shared(CPP_EVERY_HEADER);
  },
  close: async () => {
    await Promise.all([CPP_RUNTIME.drop(), CPP_EVERY_HEADER.drop(), dropHarnessObjects()]);
  },
};
