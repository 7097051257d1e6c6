import {
  type AttemptVariant,
  type CandidateSession,
  type PracticeResult,
  type QuestionRecord,
  type RunBudget,
  attemptVariant,
  practiceResultOf,
  sessionPhase,
} from '@assay/domain';
import type { AttemptContext, Store } from '@assay/store';
import { loadReportDetails } from '../services/report-details.js';
import type { AssistantSessions } from './assistant-sessions.js';
import { rulesOfAttempt, sessionViolationRulesOf } from './attempt-rules.js';
import { feedbackGivenOf } from './candidate-feedback.js';
import { buildSessionView } from './session-view.js';

/** What a session read needs beside the store: the clock, the sample-run limit it states, the assistant's part. */
export interface AttemptSessionParts {
  readonly now: () => number;
  readonly runBudget?: RunBudget | undefined;
  readonly assistant?: AssistantSessions | undefined;
}

/** The asked questions of a variant, as the session's assistant part needs them. */
const askedForAssistant = (variant: AttemptVariant, questions: readonly QuestionRecord[]) => {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return variant.flatMap(({ questionId, sectionId }) => {
    const question = byId.get(questionId);
    return question ? [{ questionId, sectionId, type: question.definition.type }] : [];
  });
};

/** An ended practice attempt's result, read from its report (decision 961); null while it runs or before it starts. */
async function practiceResult(store: Store, context: AttemptContext): Promise<PracticeResult | null> {
  if (sessionPhase(context.invitation.status) !== 'finished') return null;
  const details = await loadReportDetails(store, context.invitation.orgId, context.invitation.id);
  return details ? practiceResultOf(details) : null;
}

/** The candidate's page's session of an invitation's attempt, read as it stands now (session-view.ts builds it). */
export async function attemptSession(store: Store, context: AttemptContext, parts: AttemptSessionParts): Promise<CandidateSession> {
  const [sections, questions, answers, settings] = await Promise.all([
    store.tests.sections(context.test.contentId),
    store.attempts.questions(context.test.contentId),
    store.attempts.answers(context.invitation.id),
    store.testSettings.get(context.invitation.orgId, context.test.id),
  ]);
  const variant = attemptVariant(sections, questions, context.invitation.variantSeed);
  const rules = rulesOfAttempt(context, settings);
  const practice = settings?.testSettings.practiceTest ? { result: await practiceResult(store, context) } : undefined;
  const feedbackGiven = await feedbackGivenOf(store, context.invitation, settings);
  const assistant = await parts.assistant?.sessionOf(
    context,
    sessionPhase(context.invitation.status) === 'attempt' ? askedForAssistant(variant, questions) : [],
  );
  return buildSessionView({
    context,
    sections,
    questions,
    variant,
    answers,
    now: parts.now(),
    ...(parts.runBudget ? { runBudget: parts.runBudget } : {}),
    // The attempt's own rules once it started, whatever the settings say now (decision 1140).
    violationRules: sessionViolationRulesOf(rules),
    cameraRequired: rules.cameraRequired,
    ...(settings ? { showQuestionScore: settings.questionSettings.showQuestionScore } : {}),
    ...(practice ? { practice } : {}),
    ...(settings ? { displayMessages: settings.displayMessageSettings } : {}),
    ...(feedbackGiven === undefined ? {} : { feedbackGiven }),
    ...(assistant ? { assistant } : {}),
  });
}
