import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../engine/connect.js';

/** Who counts in a test's standing: a completed attempt whose report is generated. */
const SCORED = (row: 'NEW' | 'OLD') => `${row}.status = 'Completed' AND ${row}.report_status = 'Generated'`;

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER invitations_score_counts_insert AFTER INSERT ON invitations WHEN ${SCORED('NEW')}
   BEGIN
     INSERT INTO test_score_counts (test_id, score, count) VALUES (NEW.test_id, NEW.score, 1)
       ON CONFLICT (test_id, score) DO UPDATE SET count = count + 1;
   END`,
  `CREATE TRIGGER invitations_score_counts_delete AFTER DELETE ON invitations WHEN ${SCORED('OLD')}
   BEGIN
     UPDATE test_score_counts SET count = count - 1 WHERE test_id = OLD.test_id AND score = OLD.score;
   END`,
  `CREATE TRIGGER invitations_score_counts_update AFTER UPDATE OF status, report_status, score, test_id ON invitations
   WHEN (${SCORED('OLD')}) OR (${SCORED('NEW')})
   BEGIN
     UPDATE test_score_counts SET count = count - 1 WHERE ${SCORED('OLD')} AND test_id = OLD.test_id AND score = OLD.score;
     INSERT INTO test_score_counts (test_id, score, count) SELECT NEW.test_id, NEW.score, 1 WHERE ${SCORED('NEW')}
       ON CONFLICT (test_id, score) DO UPDATE SET count = count + 1;
   END`,
];

const POSTGRES_TRIGGER = [
  `CREATE FUNCTION invitations_score_counts() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('UPDATE', 'DELETE') AND ${SCORED('OLD')} THEN
       UPDATE test_score_counts SET count = count - 1 WHERE test_id = OLD.test_id AND score = OLD.score;
     END IF;
     IF TG_OP IN ('UPDATE', 'INSERT') AND ${SCORED('NEW')} THEN
       INSERT INTO test_score_counts (test_id, score, count) VALUES (NEW.test_id, NEW.score, 1)
         ON CONFLICT (test_id, score) DO UPDATE SET count = test_score_counts.count + 1;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER invitations_score_counts AFTER INSERT OR DELETE OR UPDATE OF status, report_status, score, test_id
   ON invitations FOR EACH ROW EXECUTE FUNCTION invitations_score_counts()`,
];

/**
 * A test's scores as counts per score, kept by the database itself: a report's percentile counted every scored
 * attempt of its test (12 ms for a test of 100,000 attempts, on every report, PDF and details). Triggers keep the
 * counts with every write that scores, resets or removes an attempt — a copy made in SQL included — so no code path
 * can forget them; the standing sums one row per distinct score.
 */
export const scoreCountsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('test_score_counts')
      .addColumn('test_id', 'bigint', (c) => c.notNull().references('tests.id').onDelete('cascade'))
      .addColumn('score', 'double precision', (c) => c.notNull())
      .addColumn('count', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('test_score_counts_pkey', ['test_id', 'score'])
      .execute();
    for (const statement of dialect === 'sqlite' ? SQLITE_TRIGGERS : POSTGRES_TRIGGER) await sql.raw(statement).execute(db);
    await sql`INSERT INTO test_score_counts (test_id, score, count)
      SELECT test_id, score, count(*) FROM invitations WHERE status = 'Completed' AND report_status = 'Generated'
      GROUP BY test_id, score`.execute(db);
    // The standing counted over this index (migration 014); nothing else reads it, and every scoring wrote it.
    await db.schema.dropIndex('invitations_scored_idx').execute();
  },
});
