import { describe, expect, it } from 'vitest';
import { InvitationStatus } from '../invitation-status.js';
import { ReportStatus, type CandidateReport } from '../schemas/report.js';
import { greenhouseMetadata, greenhousePartnerStatus, greenhouseTestStatus } from './test-status.js';

const report = (overrides: Partial<CandidateReport> = {}): CandidateReport => ({
  emailId: 'hpotter@hogwarts.edu',
  fullName: 'Harry Potter',
  timeTaken: 42,
  testName: 'Potions',
  duration: 60,
  questions: 3,
  attemptedOn: '2026-11-25T09:00:00',
  totalScore: '20',
  score: '16.5',
  wv: 1,
  tv: 12,
  testStatus: 'Completed',
  reportStatus: 'Generated',
  ...overrides,
});

const sections = [
  { sectionName: 'Brewing', sectionScore: 10, candidateScore: 9.5 },
  { sectionName: 'Safety', sectionScore: 5, candidateScore: 5 },
  { sectionName: 'Brewing', sectionScore: 5, candidateScore: 2 },
];

const startedAt = Date.UTC(2026, 10, 25, 9, 0, 0);
const completedAt = Date.UTC(2026, 10, 25, 9, 42, 0);

describe('greenhousePartnerStatus', () => {
  const expected: Record<InvitationStatus, Record<ReportStatus, string>> = {
    Pending: { Pending: 'invited', 'In progress': 'invited', Generated: 'invited' },
    Reset: { Pending: 'invited', 'In progress': 'invited', Generated: 'invited' },
    'In progress': { Pending: 'in_progress', 'In progress': 'in_progress', Generated: 'in_progress' },
    // In progress is scoring, or answers awaiting a person's grade (issue 32): not complete yet.
    Completed: { Pending: 'submitted', 'In progress': 'submitted', Generated: 'complete' },
    Cancelled: { Pending: 'cancelled', 'In progress': 'cancelled', Generated: 'cancelled' },
  };
  for (const status of InvitationStatus.options) {
    for (const reportStatus of ReportStatus.options) {
      it(`${status} with a ${reportStatus} report is ${expected[status][reportStatus]}`, () => {
        expect(greenhousePartnerStatus(status, reportStatus)).toBe(expected[status][reportStatus]);
      });
    }
  }
});

describe('greenhouseTestStatus', () => {
  it('before complete: the status and nulls, and the report link is never signed', () => {
    let signed = 0;
    const answer = greenhouseTestStatus({
      report: report({ testStatus: 'Completed', reportStatus: 'In progress' }),
      sections,
      startedAt,
      completedAt,
      signReportLink: () => {
        signed += 1;
        return 'https://assay.example/r';
      },
    });
    expect(answer).toEqual({ partner_status: 'submitted', partner_profile_url: null, partner_score: null, metadata: null });
    expect(signed).toBe(0);
  });

  it('once complete: the link, the score as a number and flat metadata', () => {
    const answer = greenhouseTestStatus({ report: report(), sections, startedAt, completedAt, signReportLink: () => 'https://assay.example/r?s=1' });
    expect(answer.partner_status).toBe('complete');
    expect(answer.partner_profile_url).toBe('https://assay.example/r?s=1');
    expect(answer.partner_score).toBe(16.5);
    expect(answer.metadata).toEqual({
      'Test Name': 'Potions',
      Score: '16.5 / 20',
      Percentage: 82.5,
      'Time Taken (minutes)': 42,
      'Started At': '2026-11-25T09:00:00.000Z',
      'Completed At': '2026-11-25T09:42:00.000Z',
      'Window Violations': 1,
      'Section: Brewing': '9.5 / 10',
      'Section: Safety': '5 / 5',
      'Section: Brewing (2)': '2 / 5',
    });
  });
});

describe('greenhouseMetadata', () => {
  it('leaves out what is not known: no percentage of a test worth nothing, no instants never reached', () => {
    const metadata = greenhouseMetadata({ report: report({ totalScore: '0', score: '0' }), sections: [], startedAt: null, completedAt: null });
    expect(metadata).toEqual({ 'Test Name': 'Potions', Score: '0 / 0', 'Time Taken (minutes)': 42, 'Window Violations': 1 });
  });

  it('holds only primitives, whatever the section names', () => {
    const metadata = greenhouseMetadata({
      report: report(),
      sections: [{ sectionName: '__proto__', sectionScore: 1, candidateScore: 1 }],
      startedAt,
      completedAt,
    });
    for (const value of Object.values(metadata)) expect(['string', 'number', 'boolean']).toContain(typeof value);
    expect(metadata['Section: __proto__']).toBe('1 / 1');
  });
});
