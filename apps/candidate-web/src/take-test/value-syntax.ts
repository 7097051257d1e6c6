import type { LanguageId } from '@assay/domain/languages';

/**
 * How a coding question's values (its samples, the custom input's arguments) are written for a language
 * (decision 751): Python's own literals for Python (`None`, `True`, `'abc'`), JSON for every other language — the
 * values a question's definition holds, which every language's harness reads. A new language fails to compile here
 * until it has its syntax.
 */
export type ValueSyntax = 'python' | 'json';

const SYNTAX = {
  javascript: 'json',
  typescript: 'json',
  python: 'python',
  java: 'json',
  c: 'json',
  cpp: 'json',
  csharp: 'json',
  go: 'json',
  rust: 'json',
  ruby: 'json',
  php: 'json',
  sqlite: 'json',
  postgresql: 'json',
} as const satisfies Record<LanguageId, ValueSyntax>;

export const valueSyntax = (language: LanguageId): ValueSyntax => SYNTAX[language];
