import {
  NO_ASSISTANT_USAGE,
  sessionAssistantOf,
  unversionedAiSnapshotOf,
  DEFAULT_AI_SETTINGS,
  type AssistantModelStatus,
  type AssistantQuestionType,
  type AttemptAiSnapshot,
  type SessionAssistant,
} from '@assay/domain/ai';
import type { AttemptContext, Store } from '@assay/store';
import type { AssistantModel } from '../ai/assistant-model.js';
import { aiSnapshotAtStart, liveAiSnapshotOf } from '../ai/attempt-ai-snapshot.js';

/** An asked question as the session's assistant part needs it. */
export interface AskedForAssistant {
  readonly questionId: number;
  readonly sectionId: number;
  readonly type: AssistantQuestionType;
}

/**
 * The assistant's part of the candidate's session and of the start (decision 1160): before the start, the policy as
 * it stands (what a start now would fix); from the start, the attempt's snapshot. Attempts started before migration
 * 054 read as policy none.
 */
export class AssistantSessions {
  constructor(
    private readonly store: Store,
    private readonly model: AssistantModel | undefined,
  ) {}

  /**
   * The snapshot a start fixes, written in the start's own transaction, with when the candidate acknowledged the
   * landing's AI notice (left out when the start did not say so, as an API start; decision 1181).
   */
  async atStart(context: AttemptContext, acknowledgedAt: number | null): Promise<AttemptAiSnapshot> {
    const snapshot = await aiSnapshotAtStart(this.store, context.invitation.orgId, context.test);
    return acknowledgedAt === null ? snapshot : { ...snapshot, noticeAcknowledgedAt: new Date(acknowledgedAt).toISOString() };
  }

  async sessionOf(context: AttemptContext, asked: readonly AskedForAssistant[]): Promise<SessionAssistant> {
    const { invitation } = context;
    const started = invitation.startedAt !== null;
    const [fixed, usage, orgOn] = await Promise.all([
      started ? this.store.assistant.snapshotOf(invitation.id) : Promise.resolve(null),
      started ? this.store.assistant.usageOf(invitation.id) : Promise.resolve({ ...NO_ASSISTANT_USAGE, byQuestion: new Map<number, number>() }),
      this.store.assistant.orgSwitch(invitation.orgId),
    ]);
    const snapshot = fixed ?? (started ? unversionedAiSnapshotOf(DEFAULT_AI_SETTINGS, []) : await liveAiSnapshotOf(this.store, invitation.orgId, context.test));
    const model: AssistantModelStatus = this.model?.status.current() ?? { configured: false };
    return sessionAssistantOf({
      snapshot,
      fixed: started,
      version: fixed?.version ?? null,
      questions: asked,
      messagesByQuestion: usage.byQuestion,
      usage,
      orgEnabled: orgOn ?? false,
      model,
    });
  }
}
