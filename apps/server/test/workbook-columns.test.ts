import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { applyMoves } from './helpers/candidate.js';
import { candidatesSheetOf } from './helpers/candidates-sheet.js';
import { expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

/** The Candidates sheet's columns before issue 50, in place: integrators read them by position (decision 820). */
const EARLIER_COLUMNS = [
  'testInvitationId',
  'fullName',
  'emailId',
  'testStatus',
  'reportStatus',
  'attemptedOn',
  'timeTaken',
  'score',
  'totalScore',
  'wv',
  'tv',
  'integrity',
];
const APPENDED = [
  'percent',
  'percentile',
  'verdict',
  'extraTimePercent',
  'testLinkId',
  'testLinkName',
  'reattemptOf',
  'assistantMessages',
  'assistantInsertedChars',
  'followUps',
  // What the hiring team recorded (issue 61 item 3, decision 1414): after every earlier column.
  'decision',
  'decisionReason',
  'tags',
  'meanRating',
  'ratings',
  // The test version the attempt was taken on (issue 62 item 4, decision 1489): last.
  'testVersion',
];

const banded = {
  ...sampleDefinition,
  testName: 'Banded',
  report: {
    verdictBands: [
      { label: 'Strong', minPercent: 70 },
      { label: 'Consider', minPercent: 40 },
    ],
  },
};

describe.each(backends)("the workbook's percent, percentile, verdict, extra time, link and reattempt columns (issue 50) on %s", (backend) => {
  let h: Harness;
  let testId: number;
  const scored = new Map<number, number>();
  let extra = 0;
  let linked = 0;
  let linkId = 0;
  let reattempt = 0;
  let first = 0;

  const register = async (emailId: string, body: Record<string, unknown> = {}) =>
    (await h.client.invitations.register(testId, { emailId, fullName: emailId.split('@')[0]!, ...body })).testInvitationId;

  /** Submitted through the domain machine, then scored as the scorer stores a score (out of the sample's 10). */
  const complete = async (id: number, score: number) => {
    await applyMoves(h, h.org.orgId, id, 'start', 'submit');
    await h.store.db.updateTable('invitations').set({ score, report_status: 'Generated' }).where('id', '=', id).execute();
    scored.set(id, score);
  };

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(banded);
    // Six scored attempts: enough for a percentile (five or more).
    for (const [index, score] of [2, 4, 5, 6, 7.5, 9].entries()) await complete(await register(`scored${index}@example.com`), score);
    first = [...scored.keys()][0]!;
    reattempt = envelope<{ testInvitationId: number }>(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${first}/reattempt` })).result
      .testInvitationId;
    extra = await register('extra@example.com', { extraTimePercent: 25 });
    linkId = (await h.client.testLinks.create(testId, { testLinkName: 'Campus drive', accessTime: 0 })).testLinkId;
    const byLink = await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/testlinks/${linkId}/register`,
      body: { emailId: 'linked@example.com', fullName: 'Linked' },
    });
    linked = envelope<{ testInvitationId: number }>(byLink).result.testInvitationId;
  });
  afterAll(() => h.close());

  const candidatesSheet = () => candidatesSheetOf(h, testId);

  it('appends the new columns after every earlier one, the sections included', async () => {
    const { headings } = await candidatesSheet();
    expect(headings.slice(0, EARLIER_COLUMNS.length)).toEqual(EARLIER_COLUMNS);
    expect(headings.slice(-APPENDED.length - 2, -APPENDED.length)).toEqual(['Coding score', 'Coding max']);
    expect(headings.slice(-APPENDED.length)).toEqual(APPENDED);
  });

  it('reads each scored row as its report does: the same percent, percentile and verdict', async () => {
    const { rows } = await candidatesSheet();
    for (const [id, score] of scored) {
      const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${id}/details` }));
      expect(rows.get(id)).toMatchObject({
        score,
        percent: details.score.percent,
        percentile: details.percentile!.percentile,
        verdict: details.verdict?.label ?? null,
        testVersion: details.test.version,
      });
    }
    // 7.5 of 10: four of six scored below it and one tied (itself), the "Strong" band; 2 of 10 is in no band.
    const strong = [...scored].find(([, score]) => score === 7.5)![0];
    expect(rows.get(strong)).toMatchObject({ percent: 75, percentile: 75, verdict: 'Strong' });
    expect(rows.get(first)).toMatchObject({ percent: 20, percentile: 8, verdict: null });
  });

  it('shows the extra time, the link the candidate came through and the invitation a reattempt follows; empty where there is none', async () => {
    const { rows } = await candidatesSheet();
    expect(rows.get(extra)).toMatchObject({ extraTimePercent: 25, testLinkId: null, testLinkName: null, reattemptOf: null });
    expect(rows.get(linked)).toMatchObject({ extraTimePercent: 0, testLinkId: linkId, testLinkName: 'Campus drive', reattemptOf: null });
    expect(rows.get(reattempt)).toMatchObject({ reattemptOf: first, testLinkId: null });
    // Not scored: no percent, percentile or verdict (decision 799's empty cells).
    for (const id of [extra, linked, reattempt]) expect(rows.get(id)).toMatchObject({ score: null, percent: null, percentile: null, verdict: null });
    expect(rows.get(first)).toMatchObject({ reattemptOf: null });
  });
});
