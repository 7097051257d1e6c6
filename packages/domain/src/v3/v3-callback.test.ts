import { describe, expect, it } from 'vitest';
import { V3Callback, buildV3Callback, buildV3StartedCallback, wallClockIn } from './v3-callback.js';

const STARTED = Date.UTC(2026, 10, 27, 4, 39, 29);

describe('v3 callbacks', () => {
  it('write AttemptedOn in the zone and AttemptedOnUtc in UTC with Z', () => {
    const body = buildV3Callback({
      testInvitationId: 5,
      candidateEmail: 'a@example.com',
      startedAt: STARTED,
      timeZone: 'Asia/Kolkata',
      status: 'Terminated',
      totalScore: 10,
      candidateScore: 2.5,
      reportPdfUrl: 'https://assay.example/r.pdf',
      verdictBands: [],
    });
    expect(V3Callback.parse(body)).toEqual({
      CandidateEmailId: 'a@example.com',
      AttemptedOn: '2026-11-27T10:09:29',
      TotalScore: 10,
      CandidateScore: 2.5,
      ReportPDFUrl: 'https://assay.example/r.pdf',
      TestInvitationId: 5,
      Status: 'Terminated',
      AttemptedOnUtc: '2026-11-27T04:39:29Z',
      PerformanceCategory: '',
    });
  });

  it('announce a start as In Progress, without a score or a report', () => {
    const body = buildV3StartedCallback({ testInvitationId: 5, candidateEmail: 'a@example.com', startedAt: STARTED, timeZone: 'UTC', totalScore: 10 });
    expect(body).toMatchObject({ Status: 'In Progress', CandidateScore: 0, ReportPDFUrl: '', AttemptedOn: '2026-11-27T04:39:29' });
  });

  it('name the verdict band the score falls in as PerformanceCategory, as the v3 report does', () => {
    const bands = [
      { minPercent: 0, label: 'Not yet' },
      { minPercent: 70, label: 'Strong' },
    ];
    const facts = { testInvitationId: 5, candidateEmail: 'a@example.com', startedAt: STARTED, timeZone: 'UTC', totalScore: 10, reportPdfUrl: '' };
    expect(buildV3Callback({ ...facts, status: 'Complete', candidateScore: 8, verdictBands: bands }).PerformanceCategory).toBe('Strong');
    expect(buildV3Callback({ ...facts, status: 'Complete', candidateScore: 3, verdictBands: bands }).PerformanceCategory).toBe('Not yet');
    expect(buildV3Callback({ ...facts, status: 'Complete', candidateScore: 8, verdictBands: [] }).PerformanceCategory).toBe('');
  });

  it('mark both notifications of a practice test, and only those (decision 961)', () => {
    const facts = { testInvitationId: 5, candidateEmail: 'a@example.com', startedAt: STARTED, timeZone: 'UTC', totalScore: 10 };
    expect(V3Callback.parse(buildV3StartedCallback({ ...facts, practiceTest: true }))).toMatchObject({ Status: 'In Progress', IsPracticeTest: true });
    const final = { ...facts, status: 'Complete', candidateScore: 8, reportPdfUrl: '', verdictBands: [] } as const;
    expect(V3Callback.parse(buildV3Callback({ ...final, practiceTest: true }))).toMatchObject({ Status: 'Complete', IsPracticeTest: true });
    expect(buildV3Callback(final)).not.toHaveProperty('IsPracticeTest');
  });

  it('read midnight as 00, not 24', () => {
    expect(wallClockIn(Date.UTC(2026, 0, 1, 0, 0, 0), 'UTC')).toBe('2026-01-01T00:00:00');
  });
});
