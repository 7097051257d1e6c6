// PostgreSQL through PGlite (a real PostgreSQL compiled to WebAssembly), inside the SQL worker thread (decision 742).
import { PGlite, types } from '@electric-sql/pglite';
import { jsonScalar, OutputBudget } from './sql-values.js';

/** @typedef {import('./sql-worker-protocol.js').SqlCaseJob} SqlCaseJob */
/** @typedef {import('./sql-worker-protocol.js').SqlJobOutcome} SqlJobOutcome */

/** The role every case runs as: not a superuser, and unable to become one (set_config is revoked from it). */
const CANDIDATE_ROLE = 'assay_candidate';

// Once per instance, as the bootstrap superuser. `set_config('role', …)` would let a query switch back to the
// session's superuser (PGlite's session user) mid-statement, so nobody but the superuser may call it; `setseed`
// would make the next run's `random()` predictable.
const SETUP = `
CREATE ROLE ${CANDIDATE_ROLE} NOLOGIN;
DO $$ BEGIN EXECUTE format('GRANT CREATE, TEMPORARY ON DATABASE %I TO ${CANDIDATE_ROLE}', current_database()); END $$;
GRANT CREATE, USAGE ON SCHEMA public TO ${CANDIDATE_ROLE};
REVOKE EXECUTE ON FUNCTION set_config(text, text, boolean) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION setseed(double precision) FROM PUBLIC;
`;

/** What "pristine" looks like between cases: who we are, and how many schemas, relations and session locks exist. */
const FINGERPRINT = `SELECT current_user::text || '|' ||
  (SELECT count(*) FROM pg_namespace WHERE nspname NOT LIKE 'pg_temp_%' AND nspname NOT LIKE 'pg_toast_temp_%') || '|' ||
  (SELECT count(*) FROM pg_class) || '|' ||
  (SELECT count(*) FROM pg_locks WHERE locktype = 'advisory') || '|' ||
  (SELECT count(*) FROM pg_prepared_statements) || '|' || (SELECT count(*) FROM pg_cursors) AS fingerprint`;

/** PostgreSQL's "out of memory" and "program limit exceeded" classes. */
const MEMORY_CODES = new Set(['53200', '54000']);

/** int8 and numeric arrive as text; dates, times and JSON stay as PostgreSQL prints them (decision 741). */
const PARSERS = {
  [types.INT8]: (/** @type {string} */ text) => jsonScalar(BigInt(text)),
  [types.NUMERIC]: (/** @type {string} */ text) => (Number.isFinite(Number(text)) ? Number(text) : text),
  [types.DATE]: (/** @type {string} */ text) => text,
  [types.TIMESTAMP]: (/** @type {string} */ text) => text,
  [types.TIMESTAMPTZ]: (/** @type {string} */ text) => text,
  [types.JSON]: (/** @type {string} */ text) => text,
  [types.JSONB]: (/** @type {string} */ text) => text,
};

/** @returns {Promise<{ runCase(job: SqlCaseJob, queryBegins: () => void): Promise<SqlJobOutcome & { pristine: boolean }> }>} */
export async function createPgliteBackend() {
  const db = await PGlite.create();
  await db.exec(SETUP);
  const baseline = await fingerprint(db);
  return {
    async runCase(job, queryBegins) {
      const outcome = await inRolledBackTransaction(db, job, queryBegins);
      // Anything that outlived the rollback (a COMMIT slipped through, a session lock, a changed role) makes this
      // instance unfit: the engine replaces the worker.
      const pristine = (await fingerprint(db).catch(() => '')) === baseline;
      return { ...outcome, pristine };
    },
  };
}

/** @param {PGlite} db */
async function fingerprint(db) {
  const result = await db.query(FINGERPRINT);
  return String(/** @type {{ fingerprint: string }} */ (result.rows[0]).fingerprint);
}

/**
 * Schema, seed and the query in one transaction, as the candidate role, always rolled back.
 * @param {PGlite} db @param {SqlCaseJob} job @param {() => void} queryBegins @returns {Promise<SqlJobOutcome>}
 */
async function inRolledBackTransaction(db, job, queryBegins) {
  await db.exec(`BEGIN; SET LOCAL ROLE ${CANDIDATE_ROLE};`);
  try {
    const before = await transactionOf(db);
    for (const [part, text] of /** @type {const} */ ([
      ['schema', job.schema],
      ['seed', job.seed],
    ])) {
      try {
        if (text.trim() !== '') await db.exec(text);
      } catch (error) {
        return { kind: 'setup', part, message: messageOf(error) };
      }
      // A schema or seed pasted from a dump may end the transaction (COMMIT) or the role (RESET ROLE): the query
      // would then run as the superuser, outside the rollback. Refused, and the instance is found unfit after.
      if ((await transactionOf(db)) !== before) {
        return { kind: 'setup', part, message: 'it must not end the transaction or change the role (COMMIT, ROLLBACK, SET ROLE): remove those lines' };
      }
    }
    queryBegins();
    return await runQuery(db, job);
  } finally {
    await db.exec('ROLLBACK').catch(() => {});
  }
}

/** The running transaction's id and role: both change when a transaction ends or the role is reset. @param {PGlite} db */
async function transactionOf(db) {
  const result = await db.query('SELECT pg_current_xact_id()::text || current_user::text AS state');
  return String(/** @type {{ state: string }} */ (result.rows[0]).state);
}

/** @param {PGlite} db @param {SqlCaseJob} job @returns {Promise<SqlJobOutcome>} */
async function runQuery(db, job) {
  try {
    // The extended protocol (a parameterised query) refuses a second statement by itself.
    const result = await db.query(job.code, [], { rowMode: 'array', parsers: PARSERS });
    const columns = result.fields.map((field) => field.name);
    const budget = new OutputBudget(job.limits.maxOutputBytes);
    /** @type {unknown[][]} */
    const rows = [];
    for (const raw of /** @type {unknown[][]} */ (result.rows)) {
      const row = raw.map(jsonScalar);
      if (!budget.take(row)) return { kind: 'output' };
      rows.push(row);
    }
    return { kind: 'rows', rows: { columns, rows } };
  } catch (error) {
    const code = /** @type {{ code?: string }} */ (error).code;
    if (code !== undefined && MEMORY_CODES.has(code)) return { kind: 'memory' };
    const position = Number(/** @type {{ position?: string }} */ (error).position);
    return { kind: 'error', message: messageOf(error), ...(position > 0 ? { offset: position - 1 } : {}) };
  }
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}
