import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { CandidateEvaluation, InvitationHistory, ReportDetails } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { renderReportPdf, type ReportPdfLayout } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

const GENERATED = Date.UTC(2026, 4, 1, 10, 20, 30);
const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);
const textOf = async (input: ReportPdfLayout): Promise<string> => pdfText(await bytes(renderReportPdf(input)));
/** One line per text line, spaces collapsed: pdftotext's spacing between table cells varies. */
const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');

/** The sample report with its first departure dismissed and its second snapshot confirmed, each with a note. */
const reviewed = (): ReportDetails => {
  const report = sampleReportDetails({ questions: 2, snapshots: 2 });
  const [first, second] = report.integrity.departures;
  const [shot1, shot2] = report.integrity.snapshots;
  return {
    ...report,
    integrity: {
      ...report.integrity,
      departures: [
        {
          ...first!,
          eventId: 'departure-1',
          review: { outcome: 'dismissed', note: 'Fire alarm drill;\nthe proctor saw it.', by: 'Dana (panel)', at: '2026-05-01T10:00:00.000Z' },
        },
        { ...second!, eventId: 'departure-2', review: null },
      ],
      snapshots: [
        { ...shot1!, eventId: 'snapshot-1', review: null },
        { ...shot2!, eventId: 'snapshot-2', review: { outcome: 'confirmed', note: 'A second person at the desk.', by: 'Lee', at: '2026-05-01T10:05:00.000Z' } },
      ],
    },
  };
};

describe('the report PDF shows reviewed evidence and the history (issue 32, items 5 and 6)', () => {
  it('the departures table gives each departure its review beside the raw signal; each reviewed piece its outcome, reviewer and note', async () => {
    const pdf = await bytes(renderReportPdf({ details: reviewed(), generatedAt: GENERATED }));
    // Laid out as on the page: each departure's row holds its raw signal and its review.
    const rows = linesOf(pdfText(pdf, 'layout'));
    expect(rows).toContainEqual(expect.stringMatching(/^# Left \(UTC\) Returned \(UTC\) Away Into the attempt Review$/));
    expect(rows).toContainEqual(expect.stringMatching(/^1 \d\d:\d\d:\d\d UTC \d\d:\d\d:\d\d UTC 36 s .* in Dismissed$/));
    expect(rows).toContainEqual(expect.stringMatching(/^2 \d\d:\d\d:\d\d UTC \d\d:\d\d:\d\d UTC 11 s .* in not reviewed$/));
    const text = linesOf(pdfText(pdf)).join('\n');
    expect(text).toContain('Reviewed evidence');
    expect(text).toMatch(/Departure 1: left \d\d:\d\d:\d\d UTC, returned \d\d:\d\d:\d\d UTC, away 36 s — Dismissed/);
    expect(text).toContain('by Dana (panel), 2026-05-01 10:00:00 UTC');
    expect(text).toContain('Fire alarm drill;\nthe proctor saw it.');
    expect(text).toMatch(/Snapshot 2: taken \d\d:\d\d:\d\d UTC — Confirmed\nby Lee, 2026-05-01 10:05:00 UTC\nA second person at the desk\./);
    expect(text).not.toContain('Snapshot 1:');
  });

  it('nothing reviewed: no reviewed-evidence block, every departure "not reviewed"', async () => {
    const text = await textOf({ details: sampleReportDetails({ questions: 2 }), generatedAt: GENERATED });
    expect(text).not.toContain('Reviewed evidence');
    // Page 1's summary ("2 departures, not reviewed", issue 48) and each departure's row.
    expect(text).toContain('2 departures, not reviewed');
    expect(text.match(/not reviewed/g)).toHaveLength(3);
  });

  it('an appendix lists the history oldest first: when, what, by whom', async () => {
    const history: InvitationHistory = {
      testInvitationId: 4711,
      entries: [
        { at: '2026-05-01T09:00:00.000Z', by: { keyId: 3, label: 'Recruiting' }, kind: 'created', details: { via: 'api', previousInvitationId: null } },
        { at: '2026-05-01T09:05:00.000Z', by: 'candidate', kind: 'started', details: {} },
        { at: '2026-05-01T09:06:00.000Z', by: 'candidate', kind: 'answers-saved', details: { count: 14, lastAt: '2026-05-01T09:15:00.000Z' } },
        {
          at: '2026-05-01T10:00:00.000Z',
          by: { keyId: 8, label: 'Dana (panel)' },
          kind: 'evidence-reviewed',
          details: { eventId: 'departure-1', outcome: 'dismissed' },
        },
        {
          at: '2026-05-01T11:00:00.000Z',
          by: { keyId: 9, label: 'Greenhouse' },
          kind: 'greenhouse-error',
          details: { apiCall: 'test_status', errors: ['candidate cheated, see https://example.com'], errorCount: 20 },
        },
      ],
      omitted: [{ kind: 'greenhouse-error', count: 130 }],
    };
    const lines = linesOf(await textOf({ details: sampleReportDetails({ questions: 2 }), generatedAt: GENERATED, history }));
    const appendix = lines.slice(lines.indexOf('Appendix: History'));
    expect(appendix.length).toBeGreaterThan(1);
    const at = (what: string) => appendix.findIndex((line) => line.includes(what));
    const order = [
      '2026-05-01 09:00:00',
      'Invitation created (api)',
      'Recruiting',
      'Attempt started',
      'Answers saved 14 times',
      'Departure (left 00:00:00 UTC) dismissed',
      'Dana (panel)',
    ].map(at);
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // A caller's report said as one (decision 636), and what the history no longer keeps under the table (decision 634).
    const text = appendix.join(' ');
    expect(text).toContain('Reported by the Greenhouse key (not verified)');
    expect(text).toContain('(and 19 more errors)');
    expect(text).toContain('… 130 more "Greenhouse error report" entries not kept');
  });

  it('no history given: no appendix', async () => {
    expect(await textOf({ details: sampleReportDetails({ questions: 2 }), generatedAt: GENERATED })).not.toContain('Appendix: History');
  });
});

describe('the report PDF shows the hiring decision (issue 50 item 2)', () => {
  const evaluation: CandidateEvaluation = {
    testInvitationId: 1,
    decision: { decision: 'rejected', reason: 'Weak SQL joins.', decidedBy: { keyId: 3, label: 'Rita Recruiter' }, decidedAt: '2026-05-01T10:00:00.000Z' },
    tags: ['sql', 'strong-python'],
    notes: [
      {
        noteId: 7,
        text: 'Clear reasoning, slow on joins.',
        author: { keyId: 5, label: 'Panel A' },
        createdAt: '2026-05-01T09:00:00.000Z',
        editedAt: '2026-05-01T09:30:00.000Z',
      },
    ],
    ratings: [
      { rating: 4, ratedBy: { keyId: 5, label: 'Panel A' }, ratedAt: '2026-05-01T09:00:00.000Z' },
      { rating: 2, ratedBy: { keyId: 3, label: 'Rita Recruiter' }, ratedAt: '2026-05-01T09:10:00.000Z' },
    ],
    meanRating: 3,
  };

  it('a section names the decision with who and why, the tags, each rating with its rater and each note with its author', async () => {
    const text = linesOf(await textOf({ details: sampleReportDetails({ questions: 2 }), generatedAt: GENERATED, evaluation })).join('\n');
    expect(text).toContain('Decision: rejected, by Rita Recruiter, 2026-05-01 10:00:00 UTC — Weak SQL joins.');
    expect(text).toContain('Tags: sql, strong-python');
    expect(text).toContain('Ratings (mean 3): 4 by Panel A; 2 by Rita Recruiter');
    expect(text).toContain('Note by Panel A, 2026-05-01 09:00:00 UTC (edited 2026-05-01 09:30:00 UTC)\nClear reasoning, slow on joins.');
  });

  it('the first page says what was recorded beside the score: decision, reason, tags, mean rating and count (decision 1416)', async () => {
    const recorded = { decision: 'rejected' as const, decisionReason: 'Weak SQL joins.', tags: ['sql', 'strong-python'], meanRating: 3, ratings: 2 };
    const text = await textOf({ details: { ...sampleReportDetails({ questions: 2 }), recorded }, generatedAt: GENERATED, evaluation });
    const firstPage = linesOf(text.split('\f')[0]!).join(' ');
    expect(firstPage).toContain('Recorded: rejected — Weak SQL joins. · tags sql, strong-python · rated 3 (2 ratings)');
    const nothing = { decision: null, decisionReason: null, tags: [], meanRating: null, ratings: 0 };
    expect(await textOf({ details: { ...sampleReportDetails({ questions: 2 }), recorded: nothing }, generatedAt: GENERATED })).not.toContain('Recorded:');
  });

  it('nothing recorded: no section', async () => {
    const empty: CandidateEvaluation = { ...evaluation, decision: null, tags: [], notes: [], ratings: [], meanRating: null };
    const text = await textOf({ details: sampleReportDetails({ questions: 2 }), generatedAt: GENERATED, evaluation: empty });
    expect(text).not.toMatch(/^Decision/m);
  });
});
