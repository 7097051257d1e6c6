import type { LanguageProfile } from '../profile.js';

/** PHP: filled in by its language module's work (issue 49); the stub below is a placeholder. */
export const phpProfile: LanguageProfile = {
  id: 'php',
  name: 'PHP',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: false,
  sourceFile: 'solution.php',
  editorMode: 'php',
  indent: '    ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => '',
  stdioStub: () => '',
};
