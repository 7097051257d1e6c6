import {
  type AnswerInput,
  type CandidateFeedback,
  type CandidateFeedbackInput,
  type CandidateSession,
  type CodingQuestion,
  MAX_VARIANT_SEED,
  PRACTICE_QUESTION_ID,
  type PreviewContent,
  type PreviewStage,
  type QuestionDefinition,
  type RunBudget,
  type SandboxShare,
  type SnapshotSaved,
  type StoredPreview,
  type ViolationCounts,
  attemptVariant,
  fitAnswer,
  practiceRunnable,
  previewCandidateOf,
  previewContentOf,
  previewInvitationOf,
  previewOpens,
  sampleRunShare,
  testContentsOf,
} from '@assay/domain';
import type { AttemptContext, Store } from '@assay/store';
import { randomInt } from 'node:crypto';
import { found, refusal, unwrap } from '../refusal-error.js';
import { UNKNOWN_TOKEN_MESSAGE } from './token-messages.js';
import { previewTokenHash } from './preview-token.js';
import { buildSessionView } from './session-view.js';

/**
 * The candidate routes' answers to a preview token (issue 62 item 3, decisions 1492–1494): the same session the page
 * reads for an invitation, made from the preview's definition, with nothing kept between requests and nothing written
 * anywhere. The page holds where it stands: a start answers a running attempt whose deadline is the test's minutes from
 * now, an answer is acknowledged, a submit answers the ended attempt; loading the page again answers the landing.
 */
export class PreviewAttempts {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    /** The sample-run limit the candidate routes enforce, told in the session like a candidate's. */
    private readonly runBudget?: RunBudget,
  ) {}

  /** The preview of a token; unknown and expired alike answer as an unknown test link (decision 1494). */
  private async previewOf(token: string): Promise<{ preview: StoredPreview; content: PreviewContent }> {
    const preview = await this.store.testPreviews.findByTokenHash(previewTokenHash(token));
    const open = preview && previewOpens(preview, this.now()) ? preview : undefined;
    const kept = found(open, 'session-not-found', UNKNOWN_TOKEN_MESSAGE);
    return { preview: kept, content: previewContentOf(kept) };
  }

  private async viewOf(token: string, stage: PreviewStage): Promise<CandidateSession> {
    const { preview, content } = await this.previewOf(token);
    const org = found(await this.store.orgs.find(preview.orgId), 'session-not-found', UNKNOWN_TOKEN_MESSAGE);
    const context: AttemptContext = {
      invitation: previewInvitationOf(preview, token, content.test.duration, stage),
      candidate: previewCandidateOf(preview),
      test: content.test,
      link: undefined,
      org,
      retentionDays: null,
    };
    const variant = attemptVariant(content.sections, content.questions, stage.kind === 'running' ? stage.variantSeed : null);
    const session = buildSessionView({
      context,
      sections: content.sections,
      questions: content.questions,
      variant,
      answers: [],
      now: this.now(),
      ...(this.runBudget ? { runBudget: this.runBudget } : {}),
      cameraRequired: false,
    });
    // Its data notice says what an attempt records: a preview records nothing (the page's banner says so).
    const { dataNotice: _recordsNothing, ...shown } = session;
    return { ...shown, preview: true };
  }

  /** The landing, every time the page loads: a preview keeps no attempt to come back to. */
  session(token: string): Promise<CandidateSession> {
    return this.viewOf(token, { kind: 'landing' });
  }

  /** A running attempt from now: its questions drawn, and their options shuffled, as the test's pools say. */
  start(token: string): Promise<CandidateSession> {
    return this.viewOf(token, { kind: 'running', startedAt: this.now(), variantSeed: randomInt(MAX_VARIANT_SEED + 1) });
  }

  submit(token: string): Promise<CandidateSession> {
    return this.viewOf(token, { kind: 'ended', at: this.now() });
  }

  /**
   * A question of the preview's test, any of them: the draw lives in the page, so an answer or run of a question of
   * the test is taken whichever candidate's draw it came from; one of no test answers 404.8 as for a candidate.
   */
  private async questionOf(token: string, questionId: number): Promise<{ question: QuestionDefinition; preview: StoredPreview; content: PreviewContent }> {
    const { preview, content } = await this.previewOf(token);
    const record = content.questions.find((question) => question.id === questionId);
    if (!record) throw refusal('question-not-found', `Question ${questionId} is not one of the questions of your test.`);
    return { question: record.definition, preview, content };
  }

  /** Checked as a candidate's answer is (its form, its word limit), then acknowledged: never stored. */
  async saveAnswer(token: string, questionId: number, answer: AnswerInput): Promise<{ questionId: number; savedAt: string }> {
    const { question } = await this.questionOf(token, questionId);
    const { editedAt: _madeAt, ...given } = answer;
    unwrap(fitAnswer(question, given));
    return { questionId, savedAt: new Date(this.now()).toISOString() };
  }

  /** A coding question of the test (or the landing's practice question) and the preview's own share of the sandbox. */
  async codingQuestionForRun(token: string, questionId: number, address: string): Promise<{ question: CodingQuestion; owner: SandboxShare }> {
    if (questionId === PRACTICE_QUESTION_ID) {
      const { preview, content } = await this.previewOf(token);
      const question = unwrap(practiceRunnable('landing', testContentsOf(content.questions.map(({ definition }) => definition))));
      return { question, owner: this.shareOf(preview, token, content, address) };
    }
    const { question, preview, content } = await this.questionOf(token, questionId);
    if (question.type !== 'coding') throw refusal('answer-does-not-fit', 'Only coding questions have sample tests to run.');
    return { question, owner: this.shareOf(preview, token, content, address) };
  }

  private shareOf(preview: StoredPreview, token: string, content: PreviewContent, address: string): SandboxShare {
    return sampleRunShare(previewInvitationOf(preview, token, content.test.duration, { kind: 'landing' }), address);
  }

  async questionForRun(token: string, questionId: number): Promise<QuestionDefinition> {
    return (await this.questionOf(token, questionId)).question;
  }

  /** Departures and question events: nothing is counted, so nothing ever ends a preview. */
  async recordEvent(token: string): Promise<ViolationCounts> {
    await this.previewOf(token);
    return { wv: 0, tv: 0 };
  }

  /** A preview asks for no camera; a snapshot sent all the same is dropped. */
  async addSnapshot(token: string): Promise<SnapshotSaved> {
    await this.previewOf(token);
    return { snapshotId: 0 };
  }

  /** Feedback is answered as given and kept nowhere. */
  async giveFeedback(token: string, input: CandidateFeedbackInput): Promise<CandidateFeedback> {
    await this.previewOf(token);
    const rating = input.rating ?? null;
    return {
      rating: rating !== null && Number.isInteger(rating) && rating >= 1 && rating <= 5 ? rating : null,
      text: input.text ?? null,
      givenAt: new Date(this.now()).toISOString(),
    };
  }
}
