import type { LanguageId, Signature } from '@assay/domain/languages';

/**
 * The three forms of run (issue 49), the contract between the sandbox and its callers (server, worker). The sandbox's
 * `RunRequest` becomes `FunctionRunRequest | StdioRunRequest | SqlRunRequest`; a request without `form` is a
 * function run, as before. Case results keep `CaseResult`'s shape: `actual` is the returned value (function), the
 * printed text (stdio) or `{ columns, rows }` (sql).
 */
export interface FunctionCase {
  args: unknown[];
  expected: unknown;
}

export interface FunctionRunRequest {
  form?: 'function';
  /** Default `javascript`. */
  language?: LanguageId;
  code: string;
  functionName: string;
  /** The typed signature the harness is generated from; required for the static languages (profile.needsSignature). */
  signature?: Signature;
  cases: FunctionCase[];
}

/** A stdin/stdout case: the program reads `input` and should print `expectedOutput` (compared by the stdio rule). */
export interface StdioCase {
  input: string;
  expectedOutput: string;
}

export interface StdioRunRequest {
  form: 'stdio';
  language: LanguageId;
  code: string;
  cases: StdioCase[];
}

/** The rows a query should return: column names and rows of JSON scalars (null, numbers, strings, booleans). */
export interface SqlRows {
  columns: string[];
  rows: unknown[][];
}

/** One database the query runs against: seed statements (after the schema) and the rows expected. */
export interface SqlCase {
  seed: string;
  expected: SqlRows;
}

export interface SqlRunRequest {
  form: 'sql';
  language: Extract<LanguageId, 'sqlite' | 'postgresql'>;
  /** The candidate's query (one statement). */
  code: string;
  /** DDL run before every case's seed, on a pristine database. */
  schema: string;
  cases: SqlCase[];
  /** Rows must come in the expected order (an ORDER BY question); otherwise compared as a multiset. */
  ordered: boolean;
  /** Column names must match the expected ones (case-insensitively); otherwise only their count and the values. */
  checkColumnNames: boolean;
}
