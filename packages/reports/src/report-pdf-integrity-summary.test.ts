import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { EvidenceReviewDetail, QuestionDetail, ReportDetails } from '@assay/domain';
import { pdfText } from '../test/pdf-text.js';
import { decisionCards } from './pdf-cards.js';
import { INK, POSITIVE, WARNING } from './pdf-layout.js';
import { renderReportPdf } from './report-pdf.js';
import { sampleReportDetails } from './sample-report.js';

/**
 * Issue 48, item 7: page 1 shows the integrity summary — a confirmed paste or similar answer is named there, never
 * "No departures" in green; a dismissed departure is neutral, never a warning.
 */
const bytes = async (stream: Readable): Promise<Buffer> => Buffer.concat((await stream.toArray()) as Buffer[]);
const pageOne = async (details: ReportDetails): Promise<string> => {
  const [first = ''] = pdfText(await bytes(renderReportPdf({ details, generatedAt: Date.UTC(2026, 4, 1) }))).split('\f');
  return first.replace(/\s+/g, ' ');
};
const review = (outcome: EvidenceReviewDetail['outcome']): EvidenceReviewDetail => ({ outcome, note: '', by: 'Dana', at: '2026-05-01T10:00:00.000Z' });
const AT = '2026-04-30T09:30:00.000Z';

/** The sample report with no departures and `change` applied. */
const quiet = (change: (details: ReportDetails) => ReportDetails): ReportDetails => {
  const sample = sampleReportDetails({ questions: 4 });
  return change({ ...sample, integrity: { ...sample.integrity, wv: 0, tv: 0, departures: [] } });
};

const withPaste = (details: ReportDetails, outcome: EvidenceReviewDetail['outcome'] | null): ReportDetails => ({
  ...details,
  questions: details.questions.map(
    (question, index): QuestionDetail =>
      index === 2
        ? {
            ...question,
            signals: {
              firstViewedAt: AT,
              secondsToFirstKeystroke: 4,
              pastes: 1,
              pastedChars: 640,
              largeInsertions: 0,
              largeInsertionChars: 80,
              events: [{ kind: 'paste', at: AT, chars: 640, lines: 18, eventId: 'paste-1', review: outcome && review(outcome) }],
            },
          }
        : question,
  ),
});

describe('the integrity summary on page 1 of the PDF', () => {
  it('a confirmed paste is named on page 1, never "No departures" in green', async () => {
    const details = withPaste(
      quiet((report) => report),
      'confirmed',
    );
    const text = await pageOne(details);
    expect(text).toMatch(/Integrity .*Confirmed/);
    expect(text).toContain('1 paste or insertion, confirmed');
    expect(text).not.toContain('No departures');
    const card = decisionCards(details).find((each) => each.label === 'Integrity')!;
    expect(card.color).not.toBe(POSITIVE);
  });

  it('a paste nobody reviewed is to review, not "No departures"', async () => {
    const text = await pageOne(
      withPaste(
        quiet((report) => report),
        null,
      ),
    );
    expect(text).toContain('To review');
    expect(text).toContain('1 paste or insertion, not reviewed');
    expect(text).not.toContain('No departures');
  });

  it('a confirmed similar answer is on page 1', async () => {
    const details = quiet((report) => ({
      ...report,
      integrity: {
        ...report.integrity,
        similarity: [
          {
            questionId: report.questions[2]!.questionId,
            questionNumber: 3,
            otherTestInvitationId: 4712,
            otherCandidateName: 'Sam Other',
            score: 0.91,
            regions: [],
            foundAt: AT,
            eventId: 'similarity-9',
            review: review('confirmed'),
          },
        ],
        omittedSimilarPairs: 0,
      },
    }));
    const text = await pageOne(details);
    expect(text).toMatch(/Integrity .*Confirmed/);
    expect(text).toContain('1 similar answer, confirmed');
  });

  it('a dismissed departure is neutral: "1 departure, dismissed", never a warning', async () => {
    const sample = sampleReportDetails({ questions: 4, departures: 1 });
    const details: ReportDetails = {
      ...sample,
      integrity: { ...sample.integrity, departures: sample.integrity.departures.map((departure) => ({ ...departure, review: review('dismissed') })) },
    };
    const text = await pageOne(details);
    expect(text).toMatch(/Integrity .*Dismissed/);
    expect(text).toContain('1 departure, dismissed');
    const card = decisionCards(details).find((each) => each.label === 'Integrity')!;
    expect(card.color).toBe(INK);
    expect(card.color).not.toBe(WARNING);
  });

  it('names the image violations on page 1 after the departures; they leave the level as it was (decision 989)', async () => {
    const sample = sampleReportDetails({ questions: 4, departures: 1 });
    const details: ReportDetails = { ...sample, integrity: { ...sample.integrity, iv: 2 } };
    const text = await pageOne(details);
    expect(text).toContain('1 departure, not reviewed · 2 image violations (camera lost or blank)');
    const card = decisionCards(details).find((each) => each.label === 'Integrity')!;
    expect(card.value).toBe(decisionCards(sample).find((each) => each.label === 'Integrity')!.value);
    const camera = await pageOne(quiet((report) => ({ ...report, integrity: { ...report.integrity, iv: 1 } })));
    expect(camera).toContain('1 image violation (camera lost or blank)');
    expect(camera).not.toContain('No departures');
  });

  it('says the camera was required, and a camera that sent no photos is to review, never "No signals" (issue 59 item 8, decision 1143)', async () => {
    const silent = quiet((report) => ({
      ...report,
      integrity: { ...report.integrity, snapshots: [], camera: { required: true, photos: 0, expectedPhotos: 22, longestGapMinutes: 21 } },
    }));
    const text = await pageOne(silent);
    expect(text).toContain('To review');
    expect(text).toContain('camera on, no photos received for 21 minutes · camera required: 0 of 22 photos');
    expect(text).not.toContain('No signals');
    const card = decisionCards(silent).find((each) => each.label === 'Integrity')!;
    expect(card).toMatchObject({ value: 'To review', color: WARNING });

    const covered = quiet((report) => ({
      ...report,
      integrity: { ...report.integrity, camera: { required: true, photos: 21, expectedPhotos: 22, longestGapMinutes: 1 } },
    }));
    const seen = await pageOne(covered);
    expect(seen).toContain('No signals');
    expect(seen).toContain('No departures, pastes or similar answers · camera required: 21 of 22 photos');
    // While the attempt runs nothing is reckoned yet: the camera was required, that is all.
    expect(decisionCards(quiet((report) => ({ ...report, integrity: { ...report.integrity, camera: { required: true } } })))[3]!.detail).toContain(
      'camera required',
    );
    expect(decisionCards(quiet((report) => report))[3]!.detail).not.toContain('camera');
  });
});
