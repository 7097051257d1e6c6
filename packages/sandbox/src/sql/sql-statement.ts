import type { SqlRunRequest } from '../run-request.js';

/** How a statement may begin: a query, or a data change whose RETURNING rows are judged (decision 744). */
const ALLOWED_STARTS = new Set(['select', 'with', 'values', 'table', 'insert', 'update', 'delete', '(']);

/** The candidate's code as one statement, or why it cannot run. */
export type StatementCheck = { ok: true } | { ok: false; message: string };

/**
 * One statement that reads (or changes and returns) rows: a second statement, transaction control (COMMIT,
 * ROLLBACK), SET, DDL, COPY and the like are refused before the engine sees them, so a case's transaction (PGlite)
 * or database (SQLite) is the only thing the query can touch.
 */
export function checkStatement(code: string, dialect: SqlRunRequest['language']): StatementCheck {
  const statements = splitStatements(code, dialect);
  if (statements.length === 0) return { ok: false, message: 'The query is empty: write one SELECT statement.' };
  if (statements.length > 1) return { ok: false, message: `Write one statement only (found ${statements.length}).` };
  const first = (statements[0] ?? '').match(/^\(|^[A-Za-z_]+/)?.[0]?.toLowerCase() ?? '';
  if (!ALLOWED_STARTS.has(first)) {
    return {
      ok: false,
      message: `Only a query runs here: start with SELECT, WITH or VALUES (or INSERT, UPDATE, DELETE … RETURNING), not ${first.toUpperCase() || 'this'}.`,
    };
  }
  return { ok: true };
}

/**
 * The statements of a text, each without comments around its start: split at semicolons outside strings, quoted
 * names, comments and (PostgreSQL) dollar quotes. Empty statements (`;;`) are dropped.
 */
export function splitStatements(code: string, dialect: SqlRunRequest['language']): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  const flush = () => {
    if (current.trim() !== '') statements.push(current.trim());
    current = '';
  };
  while (i < code.length) {
    const rest = code.slice(i);
    const skipped = skipLexeme(rest, dialect);
    if (skipped.kind === 'comment') {
      current += ' ';
      i += skipped.length;
    } else if (skipped.kind === 'quoted') {
      current += rest.slice(0, skipped.length);
      i += skipped.length;
    } else if (code[i] === ';') {
      flush();
      i += 1;
    } else {
      current += code[i];
      i += 1;
    }
  }
  flush();
  return statements;
}

/** The comment or quoted lexeme at the start of `text`, if any, and its length (to the end when unterminated). */
function skipLexeme(text: string, dialect: SqlRunRequest['language']): { kind: 'comment' | 'quoted' | 'none'; length: number } {
  if (text.startsWith('--')) return { kind: 'comment', length: lengthUntil(text, '\n', 2) };
  if (text.startsWith('/*')) return { kind: 'comment', length: blockCommentLength(text, dialect === 'postgresql') };
  const quote = text[0];
  if (quote === "'" || quote === '"' || (dialect === 'sqlite' && quote === '`')) return { kind: 'quoted', length: quotedLength(text, quote, false) };
  if (dialect === 'sqlite' && quote === '[') return { kind: 'quoted', length: lengthUntil(text, ']', 1) };
  if (dialect === 'postgresql' && /^[Ee]'/.test(text)) return { kind: 'quoted', length: 1 + quotedLength(text.slice(1), "'", true) };
  const dollar = dialect === 'postgresql' ? text.match(/^\$([A-Za-z_][A-Za-z0-9_]*)?\$/)?.[0] : undefined;
  if (dollar) return { kind: 'quoted', length: lengthUntil(text, dollar, dollar.length) };
  return { kind: 'none', length: 0 };
}

function lengthUntil(text: string, end: string, from: number): number {
  const at = text.indexOf(end, from);
  return at === -1 ? text.length : at + end.length;
}

/** A quoted run where the quote doubled stands for itself (and, in E'…', a backslash escapes). */
function quotedLength(text: string, quote: string, backslashEscapes: boolean): number {
  let i = 1;
  while (i < text.length) {
    if (backslashEscapes && text[i] === '\\') i += 2;
    else if (text[i] === quote && text[i + 1] === quote) i += 2;
    else if (text[i] === quote) return i + 1;
    else i += 1;
  }
  return text.length;
}

/** PostgreSQL's block comments nest; SQLite's do not. */
function blockCommentLength(text: string, nests: boolean): number {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('/*', i) && (nests || depth === 0)) {
      depth += 1;
      i += 2;
    } else if (text.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return text.length;
}
