import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { recordedEdits, replayRecorded } from '../../../packages/domain/test/recorded-typing.js';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { pdfText } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * AI-use evidence that needs no model (issue 60, item 5), through the real app on both stores and under the default
 * policy (`none`): the page's windows of typing — a transcription recorded in Chromium, replayed through the page's
 * meter — and an essay holding the question's prose; the score job finds both, `/details` lists them with the rule's
 * sentence and figures, a reviewer confirms one as any other evidence, and nothing of it touches the score.
 */
const QUESTION =
  'Explain why a bounded queue in front of a slow service turns an overload into a refusal the caller can see, and what you would measure to know it works.';
const essay = { type: 'free_text', text: QUESTION, marks: 5, rubric: [{ criterion: 'Reasoning', marks: 5 }] };
const aiUseTest = { testName: 'Queues', sections: [{ sectionName: 'Written', sectionType: 'general', duration: 30, questions: [essay] }] };

describe.each(backends)('AI-use evidence on %s', (backend) => {
  let h: Harness;
  let invitationId = 0;
  let testId = 0;
  const detailsOf = async () => expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(aiUseTest);
    const registered = await registerFor(h, testId, 'typist@example.com');
    invitationId = registered.invitationId;
    const api = candidate(h, registered.token);
    const [questionId] = questionIdsOf(await api.client.start());
    const { windows, text } = replayRecorded(recordedEdits('transcribed-essay'));
    const now = Date.now();
    const last = Math.max(...windows.map((window) => window.to));
    for (const { from, to, ...figures } of windows) {
      // Sent as the page sends them: its own clock, the window ending as long before `at` as it did before the last one.
      const iso = (ms: number) => new Date(now - (last - ms)).toISOString();
      const body = { type: 'typing', at: iso(to), questionId, from: iso(from), to: iso(to), ...figures };
      expectSuccess(await h.request({ method: 'POST', url: `/candidate/v1/${registered.token}/events`, body, apiKey: null }));
    }
    expectSuccess(await api.answer(questionId!, { text: `${QUESTION}\n\n${text}` }));
    expectSuccess(await api.submit());
    await h.drainJobs();
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists the transcription and the copied question with the rule, the figures and an evidence id, unreviewed', async () => {
    const { integrity } = await detailsOf();
    expect(integrity.aiUse?.map((finding) => finding.kind).sort()).toEqual(['copied-question', 'transcribed']);
    const transcribed = integrity.aiUse!.find((finding) => finding.kind === 'transcribed')!;
    expect(transcribed).toMatchObject({ questionNumber: 1, review: null, eventId: `transcribed-${Date.parse(transcribed.at)}` });
    expect(transcribed.rule).toContain('Evidence for a reviewer, not a verdict.');
    expect(transcribed.figuresText).toMatch(/^302 characters typed, 0 deleted per 100, 0 cursor moves, rhythm variation 0\.\d\d over \d+ gaps$/);
    const copied = integrity.aiUse!.find((finding) => finding.kind === 'copied-question')!;
    expect(copied.figures).toMatchObject({ answerWords: 30, proseWords: 30 });
    expect(integrity.summary).toMatchObject({ level: 'unreviewed', aiUse: { total: 2, confirmed: 0, dismissed: 0, unreviewed: 2 } });
  });

  it('a reviewer confirms and dismisses them by their ids, as any evidence; the score stays as it was', async () => {
    const before = await detailsOf();
    const [first, second] = before.integrity.aiUse!;
    await h.client.invitations.reviewEvidence(invitationId, first!.eventId!, { outcome: 'confirmed', note: 'Typed from a second screen.' });
    await h.client.invitations.reviewEvidence(invitationId, second!.eventId!, { outcome: 'dismissed' });
    const after = await detailsOf();
    expect(after.integrity.aiUse![0]!.review).toMatchObject({ outcome: 'confirmed', note: 'Typed from a second screen.' });
    expect(after.integrity.aiUse![1]!.review).toMatchObject({ outcome: 'dismissed' });
    expect(after.integrity.summary?.aiUse).toEqual({ total: 2, confirmed: 1, dismissed: 1, unreviewed: 0 });
    expect(after.score).toEqual(before.score);
  });

  it("the PDF's integrity page lists them with their figures, the rule's sentence and the review", async () => {
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('AI-use evidence (needs no model; evidence for a reviewer, never a verdict or a score)');
    expect(text).toMatch(/Typed as if transcribed.*Q1/);
    expect(text).toMatch(/302 characters typed, 0 deleted per 100, 0 cursor moves/);
    expect(text).toContain('Question text in the answer: A long run of the question');
    expect(text).toMatch(/Typed as if transcribed in Q1 at [0-9:]+ UTC — (Confirmed|Dismissed)/);
  });

  it('refuses a review of an AI-use id the attempt does not show (404.12), and a malformed window of typing (400)', async () => {
    expectFailure(
      await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${invitationId}/evidence/transcribed-1`, body: { outcome: 'confirmed' } }),
      '404.12',
    );
    const other = await registerFor(h, testId, 'other@example.com');
    const [questionId] = questionIdsOf(await candidate(h, other.token).client.start());
    const at = new Date().toISOString();
    const bad = {
      type: 'typing',
      at,
      questionId,
      from: at,
      to: at,
      typed: -1,
      inserted: 0,
      deleted: 0,
      deletions: 0,
      moves: 0,
      gaps: { count: 0, sumMs: 0, sumSquaresMs: 0 },
      pauses: 0,
    };
    expectFailure(await h.request({ method: 'POST', url: `/candidate/v1/${other.token}/events`, body: bad, apiKey: null }), '400.2');
  });
});
