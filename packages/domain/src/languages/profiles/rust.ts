import type { LanguageProfile } from '../profile.js';

/** Rust: filled in by its language module's work (issue 49); the stub below is a placeholder. */
export const rustProfile: LanguageProfile = {
  id: 'rust',
  name: 'Rust',
  runtime: 'native',
  forms: ['function', 'stdio'],
  needsSignature: true,
  sourceFile: 'solution.rs',
  editorMode: 'rust',
  indent: '    ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => '',
  stdioStub: () => '',
};
