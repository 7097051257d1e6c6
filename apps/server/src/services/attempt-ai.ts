import { reportAiOf, type ReportAi } from '@assay/domain/ai';
import type { Store } from '@assay/store';

/** The attempt's AI snapshot and transcript (issue 60); undefined for an attempt without a snapshot, which reads nothing more. */
export const reportAiFacts = async (store: Store, invitationId: number) => {
  const snapshot = await store.assistant.snapshotOf(invitationId);
  if (!snapshot) return undefined;
  const [messages, insertions, followUps] = await Promise.all([
    store.assistant.messagesOf(invitationId),
    store.assistant.insertionsOf(invitationId),
    store.followUps.of(invitationId),
  ]);
  return { snapshot, messages, insertions, followUps };
};

/**
 * The report's `ai` of an invitation the caller has already found in its org (decision 1263: the transcript a review
 * reference reads); null for an attempt without a snapshot.
 */
export const loadReportAi = async (store: Store, invitationId: number, testId: number): Promise<ReportAi | null> => {
  const contentId = (await store.tests.versionOfInvitation(invitationId)) ?? testId;
  const [facts, questions] = await Promise.all([reportAiFacts(store, invitationId), store.attempts.questions(contentId)]);
  if (!facts) return null;
  const sectionOf = new Map(questions.map((question) => [question.id, question.sectionId]));
  return reportAiOf(facts.snapshot, sectionOf, facts.messages, facts.insertions, facts.followUps);
};
