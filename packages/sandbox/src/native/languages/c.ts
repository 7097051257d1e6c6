import type { NativeLanguage } from '../native-language.js';

/** Placeholder until its module is written (issue 49): answers every run with a compile error saying so. */
export const cLanguage: NativeLanguage = {
  id: 'c',
  toolchain: { commands: [], debianPackages: [] },
  execute: async () => ({ kind: 'compileError', diagnostics: [{ message: 'c is not available yet' }], output: '' }),
};
