// The data every scenario reads, seeded the way a customer fills an org: 2,000 tests imported through the API, the
// five shipped examples in turn (so paging reaches page 100); the realistic test (realistic-tests.mjs) the details,
// link, report and Excel rows read, and a copy of it that takes the register row's candidates; ~100 attempts
// candidates completed on it through the candidate API (attempts.mjs); and 100,000 completed invitations copied from
// those attempts in bulk SQL (bulk-invitations.mjs). A one-question test and its report feed the reference rows of
// the old bench.
import { completeAttempts } from './attempts.mjs';
import { insertBulkInvitations } from './bulk-invitations.mjs';
import { exampleTests, nthExampleTest, realisticTest } from './realistic-tests.mjs';
import { ADMIN_TOKEN, call, inParallel, SPEC_HEADERS } from './api.mjs';

export { ADMIN_TOKEN, call, inParallel, SPEC_HEADERS };

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

/** The old bench's attempt: the one-question test taken (one right answer, then submit), scored. */
export const completeTinyAttempt = async (base, key, testId) => {
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

export const seed = async ({ base, databaseUrl, tests, attempts, invitations, repoRoot }) => {
  const org = await call(base, 'POST', '/admin/orgs', { admin: true, body: { name: 'Bench', email: 'bench@example.com' } });
  const key = org.apiKey;
  const examples = exampleTests(repoRoot);
  const definition = realisticTest(examples);
  const details = await call(base, 'POST', '/v2/org/tests', { key, body: definition });
  // The register row's own test, the same shape: its registrations must not join the details test's invitations,
  // which the Excel row exports (a faster register would otherwise make the export bigger than its row says).
  const registrations = await call(base, 'POST', '/v2/org/tests', { key, body: realisticTest(examples, `${definition.testName} (registrations)`) });
  const reference = await call(base, 'POST', '/v2/org/tests', { key, body: TINY_TEST(0) });
  await inParallel(tests - 3, 8, (n) => call(base, 'POST', '/v2/org/tests', { key, body: nthExampleTest(examples, n) }));
  const link = await call(base, 'POST', `/v2/org/tests/${details.testId}/testlinks`, { key, body: { testLinkName: 'Bench link', accessTime: 0 } });
  const reportIds = await completeAttempts({ base, key, testId: details.testId, definition, count: attempts });
  const referenceReportId = await completeTinyAttempt(base, key, reference.testId);
  await insertBulkInvitations({ databaseUrl, orgId: org.orgId, testId: details.testId, count: invitations, sources: reportIds });
  return {
    orgId: org.orgId,
    key,
    tests,
    testId: details.testId,
    registerTestId: registrations.testId,
    testLinkId: link.testLinkId,
    linkKey: link.testLinkAccessKey,
    reportId: reportIds[0],
    reportIds,
    referenceTestId: reference.testId,
    referenceReportId,
  };
};
