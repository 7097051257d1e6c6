import type { LanguageProfile } from '../profile.js';

/** Java: filled in by its language module's work (issue 49); the stub below is a placeholder. */
export const javaProfile: LanguageProfile = {
  id: 'java',
  name: 'Java',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'Solution.java',
  editorMode: 'java',
  indent: '    ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => '',
  stdioStub: () => '',
};
