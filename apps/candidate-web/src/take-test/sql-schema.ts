import { isWord, type SqlToken, sourceOf, splitTopLevel, sqlTokens } from './sql-tokens.js';

/** A column as the schema declares it: its name, and its type with its constraints as written ("INTEGER NOT NULL"). */
export interface SqlColumn {
  readonly name: string;
  readonly type: string;
}

/** A table of the schema: its columns, and its table constraints as written ("PRIMARY KEY (a, b)"). */
export interface SqlTable {
  readonly name: string;
  readonly columns: readonly SqlColumn[];
  readonly constraints: readonly string[];
}

/** Rows a seed inserts into one table, values as the candidate reads them (strings without quotes, NULL). */
export interface SqlInsert {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** What the page could read of a schema or a seed: what it understood, and whether that was every statement. */
export interface SqlReading<T> {
  readonly items: readonly T[];
  /** Some statement was neither a CREATE TABLE (schema) nor an INSERT … VALUES (seed): the SQL shows as written too. */
  readonly partial: boolean;
}

const TABLE_CONSTRAINTS = new Set(['constraint', 'primary', 'foreign', 'unique', 'check', 'exclude']);

const isPunct = (token: SqlToken | undefined, text: string): boolean => token?.kind === 'punct' && token.text === text;

/** A possibly qualified name (`main.t`, `"My Table"`) from `at`: its text and the index after it. */
function nameAt(tokens: readonly SqlToken[], at: number): { name: string; next: number } | null {
  const parts: string[] = [];
  let index = at;
  for (;;) {
    const token = tokens[index];
    if (token?.kind !== 'word' && token?.kind !== 'quoted') return null;
    parts.push(token.value);
    index += 1;
    if (!isPunct(tokens[index], '.')) return { name: parts.join('.'), next: index };
    index += 1;
  }
}

/** The tokens inside the parentheses that open at `at` (which must be `(`), and the index after the closing one. */
function parenthesised(tokens: readonly SqlToken[], at: number): { inside: SqlToken[]; next: number } | null {
  if (!isPunct(tokens[at], '(')) return null;
  let depth = 0;
  for (let index = at; index < tokens.length; index += 1) {
    if (isPunct(tokens[index], '(')) depth += 1;
    if (isPunct(tokens[index], ')')) depth -= 1;
    if (depth === 0) return { inside: tokens.slice(at + 1, index), next: index + 1 };
  }
  return null;
}

/** `CREATE [TEMP] TABLE [IF NOT EXISTS] name ( … )`, or null for any other statement. */
function createTable(text: string, statement: readonly SqlToken[]): SqlTable | null {
  let at = 0;
  if (!isWord(statement[at++], 'create')) return null;
  if (isWord(statement[at], 'temp') || isWord(statement[at], 'temporary') || isWord(statement[at], 'unlogged')) at += 1;
  if (!isWord(statement[at++], 'table')) return null;
  if (isWord(statement[at], 'if') && isWord(statement[at + 1], 'not') && isWord(statement[at + 2], 'exists')) at += 3;
  const name = nameAt(statement, at);
  const body = name && parenthesised(statement, name.next);
  if (!name || !body) return null;
  const columns: SqlColumn[] = [];
  const constraints: string[] = [];
  for (const item of splitTopLevel(body.inside, ',')) {
    const first = item[0]!;
    if (first.kind === 'word' && TABLE_CONSTRAINTS.has(first.text.toLowerCase())) constraints.push(sourceOf(text, item));
    else columns.push({ name: first.value, type: sourceOf(text, item.slice(1)) });
  }
  return { name: name.name, columns, constraints };
}

/** A value of a VALUES list as the candidate reads it: a string's text, NULL, a number or an expression as written. */
const cellOf = (text: string, tokens: readonly SqlToken[]): string =>
  tokens.length === 1 && tokens[0]!.kind === 'string' ? tokens[0]!.value : isWord(tokens[0], 'null') && tokens.length === 1 ? 'NULL' : sourceOf(text, tokens);

/** `INSERT INTO name [(columns)] VALUES (…), (…)`, its columns from the schema when it names none; null otherwise. */
function insertValues(text: string, statement: readonly SqlToken[], tables: ReadonlyMap<string, SqlTable>): SqlInsert | null {
  if (!isWord(statement[0], 'insert') || !isWord(statement[1], 'into')) return null;
  const name = nameAt(statement, 2);
  if (!name) return null;
  let at = name.next;
  const listed = parenthesised(statement, at);
  if (listed) at = listed.next;
  if (!isWord(statement[at++], 'values')) return null;
  const rows: string[][] = [];
  for (let row = parenthesised(statement, at); row; row = parenthesised(statement, at)) {
    rows.push(splitTopLevel(row.inside, ',').map((value) => cellOf(text, value)));
    at = row.next;
    if (!isPunct(statement[at], ',')) break;
    at += 1;
  }
  // Anything after the rows (ON CONFLICT, RETURNING) is not data the candidate needs to read, but says the page read less.
  if (rows.length === 0 || at < statement.length) return null;
  const columns = listed
    ? splitTopLevel(listed.inside, ',').map((column) => column[0]?.value ?? '')
    : (tables.get(name.name.toLowerCase())?.columns.map((column) => column.name) ?? rows[0]!.map((_, index) => `column ${index + 1}`));
  return { table: name.name, columns, rows };
}

/** The tables a schema creates, for the page to show as tables and the editor to complete (decision 1122). */
export function readSchema(schema: string): SqlReading<SqlTable> {
  const statements = splitTopLevel(sqlTokens(schema), ';');
  const items = statements.flatMap((statement) => createTable(schema, statement) ?? []);
  return { items, partial: items.length < statements.length };
}

/** The rows a seed inserts, by table and in order; `tables` names the columns of an INSERT that lists none. */
export function readSeed(seed: string, tables: readonly SqlTable[]): SqlReading<SqlInsert> {
  const byName = new Map(tables.map((table) => [table.name.toLowerCase(), table]));
  const statements = splitTopLevel(sqlTokens(seed), ';');
  const inserts = statements.flatMap((statement) => insertValues(seed, statement, byName) ?? []);
  // Several INSERTs into one table (one per row, as dumps write them) read as one table of rows.
  const items: SqlInsert[] = [];
  for (const insert of inserts) {
    const same = items.find((item) => item.table === insert.table && item.columns.join('\0') === insert.columns.join('\0'));
    if (same) items[items.indexOf(same)] = { ...same, rows: [...same.rows, ...insert.rows] };
    else items.push(insert);
  }
  return { items, partial: inserts.length < statements.length };
}

/** The schema as CodeMirror's SQL completion takes it (`@codemirror/lang-sql`'s `schema`): each table's column names. */
export const completionSchema = (tables: readonly SqlTable[]): Record<string, string[]> =>
  Object.fromEntries(tables.map((table) => [table.name, table.columns.map((column) => column.name)]));
