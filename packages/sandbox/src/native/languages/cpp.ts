import type { NativeLanguage } from '../native-language.js';

/** Placeholder until its module is written (issue 49): answers every run with a compile error saying so. */
export const cppLanguage: NativeLanguage = {
  id: 'cpp',
  toolchain: { commands: [], debianPackages: [] },
  execute: async () => ({ kind: 'compileError', diagnostics: [{ message: 'cpp is not available yet' }], output: '' }),
};
