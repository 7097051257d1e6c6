import { SQL_GRAMMAR } from '../highlight-grammars.js';
import type { LanguageProfile } from '../profile.js';
import { cLikeReading } from '../token-reading.js';

/** The starter of an SQL question: what is judged, then an empty query. */
export const SQL_STUB = '-- One statement: the rows it returns are your answer.\nSELECT\n';

/** An SQL dialect's profile: both run in WebAssembly and answer only the sql form; identifiers do not apply. */
export const sqlDialectProfile = <Id extends 'sqlite' | 'postgresql'>(id: Id, name: string): LanguageProfile<Id> => ({
  id,
  name,
  runtime: 'wasm',
  forms: ['sql'],
  needsSignature: false,
  sourceFile: 'query.sql',
  editor: { kind: 'sql', dialect: id },
  valueSyntax: 'json',
  grammar: SQL_GRAMMAR,
  // Read as the C family (its quotes; `--` comments are operators to it): an answer is compared only with its dialect's.
  tokens: cLikeReading(new Set()),
  indent: '  ',
  identifier: /^[A-Za-z_][A-Za-z0-9_]*$/,
  reserved: new Set(),
  stub: () => SQL_STUB,
  stdioStub: () => SQL_STUB,
});
