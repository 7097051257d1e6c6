// SQLite through sql.js (SQLite compiled to WebAssembly), run inside the SQL worker thread (decision 740).
import initSqlJs from 'sql.js';
import { jsonScalar, OutputBudget } from './sql-values.js';

/** @typedef {import('./sql-worker-protocol.js').SqlCaseJob} SqlCaseJob */
/** @typedef {import('./sql-worker-protocol.js').SqlJobOutcome} SqlJobOutcome */

/** SQLite's "out of memory", raised when a statement passes `PRAGMA hard_heap_limit`. */
const OUT_OF_MEMORY = /out of memory/i;

/** @returns {Promise<{ runCase(job: SqlCaseJob, queryBegins: () => void): SqlJobOutcome }>} */
export async function createSqliteBackend() {
  const SQL = await initSqlJs();
  return {
    // A fresh in-memory database per case: opening one costs microseconds, so nothing of a run can outlive it.
    runCase(job, queryBegins) {
      const db = new SQL.Database();
      try {
        // The heap limit counts SQLite's own allocations (pages, sorts, strings): a memory bomb fails as "out of memory".
        db.run(`PRAGMA hard_heap_limit = ${Math.floor(job.limits.memoryBytes)}`);
        const setup = runSetup(db, job);
        if (setup) return setup;
        queryBegins();
        return runQuery(db, job);
      } finally {
        db.close();
      }
    },
  };
}

/** @param {import('sql.js').Database} db @param {SqlCaseJob} job @returns {SqlJobOutcome | undefined} */
function runSetup(db, job) {
  for (const [part, text] of /** @type {const} */ ([
    ['schema', job.schema],
    ['seed', job.seed],
  ])) {
    try {
      if (text.trim() !== '') db.exec(text);
    } catch (error) {
      return { kind: 'setup', part, message: messageOf(error) };
    }
  }
  return undefined;
}

/** @param {import('sql.js').Database} db @param {SqlCaseJob} job @returns {SqlJobOutcome} */
function runQuery(db, job) {
  /** @type {import('sql.js').Statement | undefined} */
  let statement;
  try {
    const statements = db.iterateStatements(job.code);
    const first = statements.next();
    if (first.done) return { kind: 'error', message: 'The query is empty.' };
    statement = first.value;
    // The engine's lexer already refused a second statement; this is SQLite's own word on it.
    if (!isBlank(statements.getRemainingSQL())) return { kind: 'error', message: 'Write one statement only.' };
    const columns = statement.getColumnNames();
    const budget = new OutputBudget(job.limits.maxOutputBytes);
    /** @type {unknown[][]} */
    const rows = [];
    while (statement.step()) {
      const row = statement.get().map(jsonScalar);
      if (!budget.take(row)) return { kind: 'output' };
      rows.push(row);
    }
    return { kind: 'rows', rows: { columns, rows } };
  } catch (error) {
    const message = messageOf(error);
    if (OUT_OF_MEMORY.test(message)) return { kind: 'memory' };
    return { kind: 'error', message };
  } finally {
    statement?.free();
  }
}

/** Whether what follows the first statement is only semicolons, whitespace and comments. @param {string} rest */
function isBlank(rest) {
  return (
    rest
      .replace(/--[^\n]*/g, '')
      .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
      .replace(/[;\s]/g, '') === ''
  );
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
