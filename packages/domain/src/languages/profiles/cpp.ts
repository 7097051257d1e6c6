import type { LanguageProfile } from '../profile.js';

/** C++: filled in by its language module's work (issue 49); the stub below is a placeholder. */
export const cppProfile: LanguageProfile = {
  id: 'cpp',
  name: 'C++',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'solution.cpp',
  editorMode: 'cpp',
  indent: '    ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => '',
  stdioStub: () => '',
};
