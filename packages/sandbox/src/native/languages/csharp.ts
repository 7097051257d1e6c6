import type { NativeLanguage } from '../native-language.js';

/** Placeholder until its module is written (issue 49): answers every run with a compile error saying so. */
export const csharpLanguage: NativeLanguage = {
  id: 'csharp',
  toolchain: { commands: [], debianPackages: [] },
  execute: async () => ({ kind: 'compileError', diagnostics: [{ message: 'csharp is not available yet' }], output: '' }),
};
