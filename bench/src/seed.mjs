// The data every scenario reads: an org, 2,000 tests (so paging reaches page 100; one takes the register
// scenario's candidates), the details test with its sections, one completed and scored attempt (the report
// scenarios), and 100,000 invitations on the details test (the Excel scenario). Tests go through the API; the
// bulk invitations through SQL, in one statement, because 100,000 HTTP registrations would measure the seeding,
// not the exports.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import pg from 'pg';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

/** One API call; answers the envelope's result, throws with the answer otherwise. */
export const call = async (base, method, path, { key, admin, body } = {}) => {
  const headers = body === undefined ? {} : { 'content-type': 'application/json' };
  if (key) headers['x-api-key'] = key;
  if (admin) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).result;
};

export const TINY_TEST = (n) => ({
  testName: `Bench test ${n}`,
  testStatus: 'Active',
  sections: [
    {
      sectionName: 'One',
      sectionType: 'general',
      duration: 10,
      questions: [
        {
          type: 'single_choice',
          text: 'Pick B',
          marks: 1,
          options: [
            { text: 'A', correct: false },
            { text: 'B', correct: true },
          ],
        },
      ],
    },
  ],
});

/** Runs `task(i)` for i in [0, count) with at most `width` in flight. */
export const inParallel = async (count, width, task) => {
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: width }, lane));
};

const bulkInvitationsSql = {
  sqlite: (count) => [
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
     INSERT INTO candidates (org_id, test_id, email_key, email, full_name, created_at, updated_at)
     SELECT $org, $test, 'bulk' || i || '@example.com', 'bulk' || i || '@example.com', 'Bulk Candidate ' || i, $now, $now FROM n`,
    `INSERT INTO invitations (org_id, test_id, candidate_id, attempt_no, token, status, report_status, score, time_taken,
       window_violations, time_violation_seconds, created_at, updated_at, started_at, completed_at)
     SELECT org_id, test_id, id, 1, 'bulk-token-' || id, 'Completed', 'Generated', id % 40, 600 + id % 900, id % 3, id % 60,
       $now, $now, $now - 3600000, $now - 1800000
     FROM candidates WHERE org_id = $org AND test_id = $test AND email_key LIKE 'bulk%'`,
  ],
  postgres: (count) => [
    `INSERT INTO candidates (org_id, test_id, email_key, email, full_name, created_at, updated_at)
     SELECT $1, $2, 'bulk' || i || '@example.com', 'bulk' || i || '@example.com', 'Bulk Candidate ' || i, $3::bigint, $3::bigint
     FROM generate_series(1, ${count}) AS i`,
    `INSERT INTO invitations (org_id, test_id, candidate_id, attempt_no, token, status, report_status, score, time_taken,
       window_violations, time_violation_seconds, created_at, updated_at, started_at, completed_at)
     SELECT org_id, test_id, id, 1, 'bulk-token-' || id, 'Completed', 'Generated', id % 40, 600 + id % 900, id % 3, id % 60,
       $3::bigint, $3::bigint, $3::bigint - 3600000, $3::bigint - 1800000
     FROM candidates WHERE org_id = $1 AND test_id = $2 AND email_key LIKE 'bulk%'`,
  ],
};

const insertBulkInvitations = async (databaseUrl, orgId, testId, count) => {
  const now = Date.now();
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    db.pragma('busy_timeout = 10000');
    db.transaction(() => {
      for (const sql of bulkInvitationsSql.sqlite(count)) db.prepare(sql).run({ org: orgId, test: testId, now });
    })();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const sql of bulkInvitationsSql.postgres(count)) await client.query(sql, [orgId, testId, now]);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
};

/** Takes the details test as a candidate (one right answer, then submit) and waits for the score. */
const completeOneAttempt = async (base, key, testId) => {
  const { testInvitationId, takeTestURL } = await call(base, 'POST', `/v2/org/tests/${testId}/register`, {
    key,
    body: { emailId: 'scored@example.com', fullName: 'Ada Lovelace' },
  });
  const token = new URL(takeTestURL).pathname.split('/').at(-1);
  const session = await call(base, 'POST', `/candidate/v1/${token}/start`);
  const first = session.test.sections[0].questions[0];
  await call(base, 'PUT', `/candidate/v1/${token}/answers/${first.questionId}`, { body: { optionIds: [first.options[1].optionId] } });
  await call(base, 'POST', `/candidate/v1/${token}/submit`);
  for (let tries = 0; tries < 300; tries++) {
    const report = await call(base, 'GET', `/v2/org/report/${testInvitationId}`, { key });
    if (report.reportStatus === 'Generated') return testInvitationId;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the completed attempt was not scored within 30 s');
};

export const seed = async ({ base, databaseUrl, tests, invitations, repoRoot }) => {
  const org = await call(base, 'POST', '/admin/orgs', { admin: true, body: { name: 'Bench', email: 'bench@example.com' } });
  const key = org.apiKey;
  const definition = JSON.parse(readFileSync(`${repoRoot}/examples/tests/javascript-fundamentals.json`, 'utf8'));
  const details = await call(base, 'POST', '/v2/org/tests', { key, body: definition });
  // The register scenario's own test: its registrations must not join the details test's invitations, which the
  // Excel scenario exports (a faster register would otherwise make the export bigger than its row says).
  const registrations = await call(base, 'POST', '/v2/org/tests', { key, body: TINY_TEST(0) });
  await inParallel(tests - 2, 8, (n) => call(base, 'POST', '/v2/org/tests', { key, body: TINY_TEST(n + 1) }));
  const link = await call(base, 'POST', `/v2/org/tests/${details.testId}/testlinks`, { key, body: { testLinkName: 'Bench link', accessTime: 0 } });
  const reportId = await completeOneAttempt(base, key, details.testId);
  await insertBulkInvitations(databaseUrl, org.orgId, details.testId, invitations);
  return {
    orgId: org.orgId,
    key,
    testId: details.testId,
    registerTestId: registrations.testId,
    testLinkId: link.testLinkId,
    linkKey: link.testLinkAccessKey,
    reportId,
  };
};
