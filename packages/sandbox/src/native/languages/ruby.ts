import type { NativeLanguage } from '../native-language.js';

/** Placeholder until its module is written (issue 49): answers every run with a compile error saying so. */
export const rubyLanguage: NativeLanguage = {
  id: 'ruby',
  toolchain: { commands: [], debianPackages: [] },
  execute: async () => ({ kind: 'compileError', diagnostics: [{ message: 'ruby is not available yet' }], output: '' }),
};
