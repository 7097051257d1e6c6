import type { LanguageProfile } from '../profile.js';

/** SQL (SQLite): filled in by its language module's work (issue 49); the stub below is a placeholder. */
export const sqliteProfile: LanguageProfile = {
  id: 'sqlite',
  name: 'SQL (SQLite)',
  runtime: 'wasm',
  forms: ['sql'],
  needsSignature: false,
  sourceFile: 'query.sql',
  editorMode: 'sql',
  indent: '  ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => '',
  stdioStub: () => '',
};
