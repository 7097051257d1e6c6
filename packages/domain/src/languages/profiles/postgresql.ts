import type { LanguageProfile } from '../profile.js';
import { SQL_STUB } from './sqlite.js';

/** PostgreSQL, run by PGlite (WebAssembly), each case in a transaction that is rolled back. Identifiers do not apply. */
export const postgresqlProfile: LanguageProfile = {
  id: 'postgresql',
  name: 'SQL (PostgreSQL)',
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
