import type { LanguageProfile } from '../profile.js';

/** The starter of an SQL question: what is judged, then an empty query. */
export const SQL_STUB = '-- One statement: the rows it returns are your answer.\nSELECT\n';

/** SQLite, run by sql.js (WebAssembly) on a fresh in-memory database per case. Identifiers do not apply: no functions are named. */
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
  stub: () => SQL_STUB,
  stdioStub: () => SQL_STUB,
};
