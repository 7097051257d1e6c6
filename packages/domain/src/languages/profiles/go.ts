import type { LanguageProfile } from '../profile.js';

/** Go: filled in by its language module's work (issue 49); the stub below is a placeholder. */
export const goProfile: LanguageProfile = {
  id: 'go',
  name: 'Go',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'solution.go',
  editorMode: 'go',
  indent: '\t',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => '',
  stdioStub: () => '',
};
