import type { LanguageProfile } from '../profile.js';

/** The starter of an SQL question: what is judged, then an empty query. */
export const SQL_STUB = '-- One statement: the rows it returns are your answer.\nSELECT\n';

/** An SQL dialect's profile: both run in WebAssembly and answer only the sql form; identifiers do not apply. */
export const sqlDialectProfile = (id: 'sqlite' | 'postgresql', name: string): LanguageProfile => ({
  id,
  name,
  runtime: 'wasm',
  forms: ['sql'],
  needsSignature: false,
  sourceFile: 'query.sql',
  editorMode: 'sql',
  indent: '  ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => SQL_STUB,
  stdioStub: () => SQL_STUB,
});
