import type { NativeLanguage } from '../native-language.js';

/** Placeholder until its module is written (issue 49): answers every run with a compile error saying so. */
export const javaLanguage: NativeLanguage = {
  id: 'java',
  toolchain: { commands: [], debianPackages: [] },
  execute: async () => ({ kind: 'compileError', diagnostics: [{ message: 'java is not available yet' }], output: '' }),
};
