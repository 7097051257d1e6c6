import type { CandidateReport } from '@assay/domain/schemas';
import { describe, expect, it } from 'vitest';
import { recordedFields, reportText } from './reports.js';

const report: CandidateReport = {
  emailId: 'ada@example.com',
  fullName: 'Ada Lovelace',
  timeTaken: 12,
  testName: 'SQL',
  duration: 30,
  questions: 10,
  attemptedOn: '2026-04-01T09:00:00',
  totalScore: '20',
  score: '15',
  wv: 2,
  tv: 45,
  testStatus: 'Completed',
  reportStatus: 'Generated',
};

describe('assay report, for people', () => {
  it('says what wv and tv are: departures from the test window, and seconds spent outside it', () => {
    const text = reportText(report);
    expect(text).toMatch(/^Violations: +wv 2 \(left the test window\) · tv 45 s outside it$/m);
    expect(text).not.toMatch(/\btab\b/);
  });
});

describe('assay report --details, what was recorded', () => {
  it('gives the decision, its reason, the tags and the mean rating one field, and none while nothing is recorded', () => {
    const recorded = { decision: 'rejected' as const, decisionReason: 'Too junior', tags: ['sql'], meanRating: 2.5, ratings: 2 };
    expect(recordedFields(recorded)).toEqual([['Recorded', 'rejected — Too junior · tags sql · rated 2.5 (2 ratings)']]);
    expect(recordedFields({ decision: null, decisionReason: null, tags: [], meanRating: null, ratings: 0 })).toEqual([]);
    expect(recordedFields(undefined)).toEqual([]);
  });
});
