// The Excel row's 100,000 completed invitations, in bulk SQL (100,000 HTTP registrations would measure the seeding,
// not the export), each a copy of one of the attempts candidates really completed through the API: its invitation's
// status, score, times and counters, and every row the store keeps by invitation — answers (options, code, language),
// the proctoring event log, question and section results (packages/store/src/migrations 002, 009, 017). The
// columns are read from the database, so a column a later migration adds is copied too.
import Database from 'better-sqlite3';
import pg from 'pg';

/** What identifies an invitation rather than describes its attempt: never copied. */
const OWN_COLUMNS = new Set(['id', 'candidate_id', 'token', 'previous_invitation_id']);
/** Tables keyed by invitation that are not part of the attempt: the outbox's jobs would send callbacks. */
const NOT_COPIED = new Set(['invitations', 'jobs', 'deliveries']);

const statements = ({ count, sources, columns, param }) => {
  const copied = columns.invitations.filter((column) => !OWN_COLUMNS.has(column));
  const list = (names, prefix = '') => names.map((name) => `${prefix}${name}`).join(', ');
  const children = Object.entries(columns).filter(([table, names]) => !NOT_COPIED.has(table) && names.includes('invitation_id'));
  return [
    'CREATE TEMP TABLE bench_sources (rank integer PRIMARY KEY, invitation_id bigint NOT NULL)',
    `INSERT INTO bench_sources (rank, invitation_id) VALUES ${sources.map((id, rank) => `(${rank}, ${Number(id)})`).join(', ')}`,
    `INSERT INTO candidates (org_id, test_id, email_key, email, full_name, created_at, updated_at)
     SELECT ${param(1)}, ${param(2)}, 'bulk' || i || '@example.com', 'bulk' || i || '@example.com', 'Bulk Candidate ' || i, ${param(3)}, ${param(3)}
     FROM ${count.from}`,
    `INSERT INTO invitations (candidate_id, token, ${list(copied)})
     SELECT c.id, 'bulk-token-' || c.id, ${list(copied, 's.')}
     FROM candidates c JOIN bench_sources src ON src.rank = c.id % ${sources.length} JOIN invitations s ON s.id = src.invitation_id
     WHERE c.org_id = ${param(1)} AND c.test_id = ${param(2)} AND c.email_key LIKE 'bulk%' ORDER BY c.id`,
    'CREATE TEMP TABLE bench_copies (invitation_id bigint PRIMARY KEY, source_id bigint NOT NULL)',
    `INSERT INTO bench_copies (invitation_id, source_id)
     SELECT i.id, src.invitation_id FROM invitations i JOIN bench_sources src ON src.rank = i.candidate_id % ${sources.length}
     WHERE i.org_id = ${param(1)} AND i.test_id = ${param(2)} AND i.token LIKE 'bulk-token-%'`,
    ...children.map(([table, names]) => {
      const kept = names.filter((name) => name !== 'id' && name !== 'invitation_id');
      return `INSERT INTO ${table} (invitation_id, ${list(kept)})
        SELECT m.invitation_id, ${list(kept, 't.')} FROM bench_copies m JOIN ${table} t ON t.invitation_id = m.source_id
        ORDER BY m.invitation_id${names.includes('id') ? ', t.id' : ''}`;
    }),
  ];
};

const sqliteColumns = (db) =>
  Object.fromEntries(
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all()
      .map(({ name }) => [
        name,
        db
          .prepare(`PRAGMA table_info(${name})`)
          .all()
          .map((column) => column.name),
      ]),
  );

const postgresColumns = async (client) => {
  const { rows } = await client.query(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position',
  );
  const columns = {};
  for (const row of rows) (columns[row.table_name] ??= []).push(row.column_name);
  return columns;
};

/** `count` completed invitations on `testId`, copied in turn from the invitations `sources`. */
export const insertBulkInvitations = async ({ databaseUrl, orgId, testId, count, sources }) => {
  const now = Date.now();
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    const from = `(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count}) SELECT i FROM n)`;
    const all = statements({ count: { from }, sources, columns: sqliteColumns(db), param: (n) => `$p${n}` });
    const values = { p1: orgId, p2: testId, p3: now };
    db.transaction(() => {
      for (const sql of all) {
        const used = Object.fromEntries(Object.entries(values).filter(([name]) => sql.includes(`$${name}`)));
        db.prepare(sql).run(used);
      }
    })();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const from = `generate_series(1, ${count}) AS i`;
    const all = statements({ count: { from }, sources, columns: await postgresColumns(client), param: (n) => `$${n}::bigint` });
    await client.query('BEGIN');
    // Each statement is given the parameters up to the last it names ($1 org, $2 test, $3 now).
    for (const sql of all) await client.query(sql, [orgId, testId, now].slice(0, Math.max(0, ...[...sql.matchAll(/\$(\d)/g)].map((m) => Number(m[1])))));
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
};
