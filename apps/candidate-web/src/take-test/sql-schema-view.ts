import type { CandidateCodingQuestion } from '@assay/domain/candidate';
import { type Child, h } from '../lib/dom.js';
import { readSchema, readSeed, type SqlInsert, type SqlTable } from './sql-schema.js';

/**
 * An SQL question's schema and sample data as a candidate reads them (issue 59): each table with its columns and their
 * types, each sample's rows as a table, wrapping at 320 px; the SQL as written is one disclosure away, and shown
 * outright for whatever the page could not read (decision 1122).
 */

/** The SQL as written, wrapped (never one line that scrolls sideways), in a named region. */
const sqlText = (text: string, label: string): HTMLElement => h('pre', { class: 'sql-text', tabindex: '0', role: 'region', 'aria-label': label }, text);

/** The SQL behind a readable view: one disclosure away, or shown with a word of why when the view is partial. */
const sqlSource = (text: string, label: string, partial: boolean, what: string): Child[] =>
  partial
    ? [h('p', { class: 'hint hint-small' }, `Part of the ${what} is shown only as SQL:`), sqlText(text, label)]
    : [h('details', { class: 'sql-source' }, h('summary', null, `The ${what} as SQL`), sqlText(text, label))];

/** One table of the schema: a caption with its name, a row per column. */
const tableView = (table: SqlTable): HTMLElement =>
  h(
    'div',
    { class: 'sql-table' },
    h(
      'table',
      { class: 'sql-columns' },
      h('caption', null, 'Table ', h('code', null, table.name)),
      h('thead', null, h('tr', null, h('th', { scope: 'col' }, 'Column'), h('th', { scope: 'col' }, 'Type'))),
      h(
        'tbody',
        null,
        table.columns.map((column) => h('tr', null, h('th', { scope: 'row' }, h('code', null, column.name)), h('td', null, column.type))),
      ),
    ),
    table.constraints.length > 0 ? h('p', { class: 'hint hint-small sql-constraints' }, `Also: ${table.constraints.join('; ')}`) : null,
  );

/** The tables a question's schema creates; what the editor's completion knows too. */
export const schemaTables = (question: CandidateCodingQuestion): readonly SqlTable[] =>
  question.form === 'sql' && question.sql ? readSchema(question.sql.schema).items : [];

/** The SQL question's schema, shown once above its samples; nothing for the other forms. */
export function schemaBlock(question: CandidateCodingQuestion): HTMLElement | null {
  if (question.form !== 'sql' || !question.sql) return null;
  const { schema } = question.sql;
  const { items, partial } = readSchema(schema);
  return h(
    'div',
    { class: 'sample-schema', 'data-testid': `sql-schema-${question.questionId}` },
    h('p', { class: 'samples-title' }, 'Schema'),
    items.length === 0
      ? sqlText(schema, 'The schema')
      : [h('div', { class: 'sql-tables' }, items.map(tableView)), sqlSource(schema, 'The schema as SQL', partial, 'schema')],
  );
}

/** Rows one INSERT put in a table: a named region that scrolls when a table is wider than the column. */
const rowsView = (insert: SqlInsert, label: string): HTMLElement =>
  h(
    'div',
    { class: 'sample-rows', tabindex: '0', role: 'region', 'aria-label': `${label}: table ${insert.table}` },
    h(
      'table',
      null,
      h('caption', null, 'Table ', h('code', null, insert.table)),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          insert.columns.map((column) => h('th', { scope: 'col' }, column)),
        ),
      ),
      h(
        'tbody',
        null,
        insert.rows.map((row) =>
          h(
            'tr',
            null,
            row.map((value) => h('td', null, value)),
          ),
        ),
      ),
    ),
  );

/** A sample's data: its rows table by table (columns from the schema when an INSERT names none), or its SQL. */
export function seedBlock(seed: string, tables: readonly SqlTable[], label: string): Child[] {
  const { items, partial } = readSeed(seed, tables);
  if (seed.trim() === '') return [h('p', { class: 'sample-label' }, 'Data'), h('p', { class: 'hint hint-small' }, 'No rows: every table starts empty.')];
  if (items.length === 0) return [h('p', { class: 'sample-label' }, 'Data'), sqlText(seed, label)];
  return [h('p', { class: 'sample-label' }, 'Data'), items.map((insert) => rowsView(insert, label)), sqlSource(seed, `${label} as SQL`, partial, 'data')];
}
