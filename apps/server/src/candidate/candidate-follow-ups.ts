import {
  type CandidateFollowUps,
  candidateFollowUpsOf,
  FOLLOW_UP_REPLY_TOKENS,
  type FollowUpAnswerInput,
  followUpCountFor,
  followUpKindOf,
  type FollowUpRecord,
  followUpRequestOf,
  followUpsOf,
  followUpToServe,
  recordRefusedPaste,
  saveFollowUpAnswer,
} from '@assay/domain/ai';
import type { QuestionRecord } from '@assay/domain';
import type { AttemptContext, Store } from '@assay/store';
import { refusal, unwrap } from '../refusal-error.js';
import type { AssistantModel } from '../ai/assistant-model.js';
import type { AskedQuestion } from './candidate-assistant.js';

/** The longest the model may take to write follow-ups before the templates stand in (decision 1224). */
export const FOLLOW_UP_MODEL_MS = 20_000;

/** The text of a saved answer that follow-ups are about: the code, or the written text. */
const answerTextOf = (answer: object | undefined): string =>
  answer && 'code' in answer && typeof answer.code === 'string'
    ? answer.code
    : answer && 'text' in answer && typeof answer.text === 'string'
      ? answer.text
      : '';

/**
 * The candidate's side of authorship follow-ups (docs/ai.md "Authorship follow-ups"): serves a submitted answer's
 * follow-ups (the model's when one is configured and the org allows it, else templates over the answer), starts each
 * one's timer in turn, saves answers as typed and counts refused pastes. The domain decides; this gathers the facts.
 */
export class CandidateFollowUpsService {
  constructor(
    private readonly store: Store,
    private readonly asked: AskedQuestion,
    private readonly model: AssistantModel | undefined,
    private readonly now: () => number,
  ) {}

  /** The candidate submitted the question's answer (the page saved it first): its follow-ups, served once. */
  async submit(token: string, questionId: number, signal?: AbortSignal): Promise<CandidateFollowUps> {
    const { context, question } = await this.asked(token, questionId);
    const { invitation } = context;
    const stored = await this.store.followUps.of(invitation.id, questionId);
    if (stored.length > 0) return this.view(invitation.id, questionId);
    const snapshot = await this.store.assistant.snapshotOf(invitation.id);
    const saved = (await this.store.attempts.answers(invitation.id)).find((row) => row.questionId === questionId);
    const answer = answerTextOf(saved?.answer);
    const count = followUpCountFor(snapshot, question.definition.type, answer);
    const kind = followUpKindOf(question.definition.type);
    if (count === 0 || snapshot === null || kind === null) return candidateFollowUpsOf(questionId, [], new Date(this.now()));
    const seconds = snapshot.settings.followUpSeconds;
    const language = saved && 'language' in saved.answer && typeof saved.answer.language === 'string' ? saved.answer.language : undefined;
    const reply = await this.modelReply(context, question, { answer, language }, count, seconds, signal);
    const questions = followUpsOf(reply, { kind, answer, count, seed: invitation.variantSeed ?? invitation.id, questionId });
    await this.store.followUps.serve(invitation.id, questionId, questions, seconds, this.now());
    return this.view(invitation.id, questionId);
  }

  /** A question's follow-ups now (a reloaded page); the next one's timer starts when the one before closed. */
  async read(token: string, questionId: number): Promise<CandidateFollowUps> {
    const { context } = await this.asked(token, questionId);
    return this.view(context.invitation.id, questionId);
  }

  /** Saves an answer as typed, or sends it (decision 1226); 409.100 once the follow-up is closed. */
  async save(token: string, questionId: number, position: number, input: FollowUpAnswerInput): Promise<CandidateFollowUps> {
    const { invitationId, followUp } = await this.followUpOf(token, questionId, position);
    await this.store.followUps.save(invitationId, unwrap(saveFollowUpAnswer(followUp, { answer: input.answer, final: input.final }, new Date(this.now()))));
    return this.view(invitationId, questionId);
  }

  /** A paste the page refused in a follow-up's box: counted for the reviewers; the pasted text is never sent. */
  async refusedPaste(token: string, questionId: number, position: number): Promise<CandidateFollowUps> {
    const { invitationId, followUp } = await this.followUpOf(token, questionId, position);
    await this.store.followUps.save(invitationId, recordRefusedPaste(followUp));
    return this.view(invitationId, questionId);
  }

  private async followUpOf(token: string, questionId: number, position: number): Promise<{ invitationId: number; followUp: FollowUpRecord }> {
    const { context } = await this.asked(token, questionId);
    const followUp = (await this.store.followUps.of(context.invitation.id, questionId)).find((stored) => stored.position === position);
    if (!followUp) throw refusal('follow-up-not-found', `Question ${questionId} has no follow-up ${position} in this attempt.`);
    return { invitationId: context.invitation.id, followUp };
  }

  private async view(invitationId: number, questionId: number): Promise<CandidateFollowUps> {
    const now = this.now();
    const stored = await this.store.followUps.of(invitationId, questionId);
    const next = followUpToServe(stored, new Date(now));
    if (next !== null && (await this.store.followUps.startTimer(invitationId, questionId, next, now))) {
      return candidateFollowUpsOf(questionId, await this.store.followUps.of(invitationId, questionId), new Date(now));
    }
    return candidateFollowUpsOf(questionId, stored, new Date(now));
  }

  /**
   * The model's reply, or null for the templates: no model, the org's switch off, or any failure (unreachable, slow,
   * refused, cancelled) — the candidate always gets questions (decision 1224).
   */
  private async modelReply(
    context: AttemptContext,
    question: QuestionRecord,
    { answer, language }: { answer: string; language: string | undefined },
    count: number,
    seconds: number,
    signal?: AbortSignal,
  ): Promise<string | null> {
    const { invitation } = context;
    if (!this.model || !((await this.store.assistant.orgSwitch(invitation.orgId)) ?? false)) return null;
    const definition = question.definition;
    const limit = AbortSignal.any([AbortSignal.timeout(FOLLOW_UP_MODEL_MS), ...(signal ? [signal] : [])]);
    let release: (() => void) | undefined;
    try {
      release = await this.model.gate.enter(`org:${invitation.orgId}`, `attempt:${invitation.id}`, limit);
      const request = followUpRequestOf({
        count,
        seconds,
        question: { text: definition.text, type: definition.type, ...(language ? { language } : {}) },
        answer,
      });
      return (await this.model.client.chat(request, { signal: limit, maxTokens: FOLLOW_UP_REPLY_TOKENS, temperature: 0.2 })).text;
    } catch {
      return null;
    } finally {
      release?.();
    }
  }
}
