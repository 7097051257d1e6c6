import { allowedSeconds, minutesTaken } from '../candidate/attempt-clock.js';
import type { Answer } from '../candidate/scoring.js';
import type { Candidate } from '../records/candidate.js';
import type { Invitation } from '../records/invitation.js';
import type { QuestionRecord, SectionRecord, TestRecord } from '../records/test.js';
import { percentileRank, type ScoreStanding } from './percentile.js';
import { questionOutcome, type QuestionResult } from './question-outcome.js';
import type { QuestionDetail, ReportDetails, SectionDetail } from './report-details.js';
import { omittedEventsOf, type AttemptLog } from './event-log.js';
import { sectionTimesOfLog } from './timelines.js';
import { departureDetails, snapshotDetails, type EvidenceReviews } from './integrity-evidence-detail.js';
import { percentOf, verdictFor } from './verdict.js';
import { renderedText } from '../text/rendered-text.js';
import type { Grade } from '../grading/grade.js';
import { writtenAnswerDetail } from './written-answer-detail.js';
import type { QuestionSignals } from '../candidate/question-signals.js';
import type { PlaybackFrame } from '../candidate/code-playback.js';
import { codePlaybackDetail, questionSignalsDetail, questionTimesOf } from './question-signals-detail.js';
import { type SimilarityPairFact, similarityDetails } from './similarity-detail.js';
import { attemptVariant, isFixedAttempt, questionsOfVariant, type AttemptVariant } from '../candidate/question-variant.js';
import { caseInputsOf } from '../schemas/coding-cases.js';
import type { VariantDetail } from './report-details.js';
import { integritySummaryOfDetails } from './integrity-summary-of-details.js';
import { attemptEndedAt } from './attempt-ended-at.js';
import { cameraDetailOf, type CameraDetail } from './camera-detail.js';
import { skillScoresOf, type SkillQuestion } from './skill-scores.js';
import { readAttemptSeed, sectionsUnderChoice } from '../candidate/variant-settings.js';
import type { CandidateFeedback } from '../candidate/candidate-feedback.js';
import type { ReportAi } from '../ai/report-ai.js';
import type { AiUseFinding } from '../ai-use/ai-use-finding.js';
import { aiUseDetails } from '../ai-use/ai-use-detail.js';

/** What the report names of the candidate's variant: the questions in the order shown, and each section's pool. */
const variantDetail = (facts: ReportFacts, seed: number | null, variant: AttemptVariant): VariantDetail => ({
  seed,
  questionIds: variant.map((question) => question.questionId),
  // The shuffling this attempt had: the test settings' choice when its seed carries one (decision 959).
  sections: sectionsUnderChoice(facts.sections, seed === null ? null : readAttemptSeed(seed).choice).map((section) => ({
    sectionName: section.name,
    asked: variant.filter((question) => question.sectionId === section.id).length,
    poolSize: facts.questions.filter((question) => question.sectionId === section.id).length,
    shuffleQuestions: section.pool?.shuffleQuestions ?? false,
    shuffleOptions: section.pool?.shuffleOptions ?? false,
  })),
});

/** Everything the report is made of, gathered by the shell; this module only decides what it says. */
export interface ReportFacts {
  readonly invitation: Invitation;
  readonly candidate: Candidate;
  readonly test: TestRecord;
  readonly sections: readonly SectionRecord[];
  readonly questions: readonly QuestionRecord[];
  readonly answers: ReadonlyMap<number, Answer>;
  /** Empty until the attempt is scored. */
  readonly results: ReadonlyMap<number, QuestionResult>;
  readonly sampleRuns: ReadonlyMap<number, number>;
  /** The page's events as the attempt's log kept them (event-log.ts). */
  readonly log: AttemptLog;
  readonly snapshots: readonly { readonly id: number; readonly takenAt: number }[];
  /** The attempt's similarity pairs the report lists (issue 34; `listedSimilarPairs`); absent or empty when it has none. */
  readonly similarity?: readonly SimilarityPairFact[];
  /** Its pairs not listed (decision 622). */
  readonly omittedSimilarPairs?: number;
  /** The latest review of each piece of integrity evidence (issue 32); absent when the attempt shows no evidence. */
  readonly evidenceReviews?: EvidenceReviews;
  /** How this attempt's score stands among the test's completed, scored attempts (read for scored attempts only). */
  readonly standing: ScoreStanding;
  /** The attempt's current grades by question (issue 32); read only for a test with written questions. */
  readonly grades?: ReadonlyMap<number, Grade>;
  /** The questions whose answers await a person's grade (review items); read only for a test with written questions. */
  readonly awaitingReview?: ReadonlySet<number>;
  /** What the page reported of each question (issue 34); absent or empty for attempts without. */
  readonly questionSignals?: ReadonlyMap<number, QuestionSignals>;
  /** Each coding answer's history by question (issue 34). */
  readonly playback?: ReadonlyMap<number, readonly PlaybackFrame[]>;
  /** The test's settings make it a practice test (decision 961): every read of the report says so. */
  readonly practiceTest?: boolean;
  /** What the candidate said of the test after this attempt (issue 52); absent when none was given. */
  readonly candidateFeedback?: CandidateFeedback;
  /** The attempt's AI policy and assistant transcript (issue 60), built by `reportAiOf`; absent without a snapshot. */
  readonly ai?: ReportAi;
  /** The AI-use findings the score job stored (issue 60); absent or empty when it found none. */
  readonly aiUse?: readonly AiUseFinding[];
}

/** Only an attempt whose link required the camera says anything of it: every other report stays as it was. */
const withCamera = (camera: CameraDetail | undefined): { camera?: CameraDetail } => (camera ? { camera } : {});

const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());

const round2 = (value: number): number => Math.round(value * 100) / 100;

const questionDetail = (
  facts: ReportFacts,
  question: QuestionRecord,
  number: number,
  sectionName: string,
  timeSpentSeconds: number | null,
  optionOrder: readonly number[] | null = null,
): QuestionDetail => {
  const { definition } = question;
  const answer = facts.answers.get(question.id);
  const signals = facts.questionSignals?.get(question.id);
  const outcome = questionOutcome(question, answer, facts.results.get(question.id));
  const base = {
    number,
    questionId: question.id,
    sectionName,
    type: definition.type,
    ...renderedText(definition.text),
    marks: definition.marks,
    negativeMarks: definition.negativeMarks,
    awarded: outcome.awarded,
    answered: outcome.answered,
    timeSpentSeconds,
    ...(signals === undefined ? {} : { signals: questionSignalsDetail(signals, facts.evidenceReviews) }),
  };
  if (definition.type === 'coding') {
    const frames = facts.playback?.get(question.id);
    // questionOutcome gives every coding question its coding part.
    const { language, code, cases, hiddenTests } = outcome.coding!;
    return {
      ...base,
      coding: {
        language,
        code,
        hiddenTests: cases &&
          hiddenTests && {
            ...hiddenTests,
            cases: cases.map((passed, index) =>
              facts.test.reportSettings.showHiddenTestInputs ? { passed, args: inputsAt(definition.hiddenTests, index) } : { passed },
            ),
          },
        sampleRuns: facts.sampleRuns.get(question.id) ?? 0,
        ...(frames === undefined || frames.length === 0 ? {} : { playback: codePlaybackDetail(frames) }),
      },
    };
  }
  if (definition.type === 'short_answer' || definition.type === 'free_text') {
    const review = { scored: facts.results.has(question.id), awaiting: facts.awaitingReview?.has(question.id) ?? false, grade: facts.grades?.get(question.id) };
    return { ...base, written: writtenAnswerDetail(definition, answer, review) };
  }
  const chosen = new Set(answer?.optionIds ?? []);
  // In the order the candidate saw them (shuffleOptions), each under its canonical id.
  const order = optionOrder ?? definition.options.map((_, optionId) => optionId);
  return {
    ...base,
    options: order.flatMap((optionId) => {
      const option = definition.options[optionId];
      return option ? [{ optionId, ...renderedText(option.text), correct: option.correct, chosen: chosen.has(optionId) }] : [];
    }),
  };
};

/** The report as the hiring manager reads it: scores, percentile, verdict, every question, and the integrity signals. */
export const buildReportDetails = (facts: ReportFacts): ReportDetails => {
  const { invitation, candidate, test } = facts;
  const settings = test.reportSettings;
  const scored = invitation.reportStatus === 'Generated';
  // A test with pools or shuffling: the questions this candidate was asked, in their order; the score is out of those.
  const fixed = isFixedAttempt(facts.sections, invitation.variantSeed);
  const variant = fixed ? undefined : attemptVariant(facts.sections, facts.questions, invitation.variantSeed);
  const asked = variant ? questionsOfVariant(variant, facts.questions) : facts.questions;
  const optionOrders = new Map(variant?.map((question) => [question.questionId, question.optionOrder]));
  const maxScore = asked.reduce((sum, question) => sum + question.definition.marks, 0);
  const score = scored ? invitation.score : 0;
  const percent = percentOf(score, maxScore);
  const endedAt = attemptEndedAt(invitation);
  const spent = invitation.startedAt === null ? null : sectionTimesOfLog(facts.log.sections, invitation.startedAt, endedAt);
  const questionTime = invitation.startedAt === null ? null : questionTimesOf(facts.questionSignals, Math.min(endedAt, invitation.deadline ?? endedAt));

  let number = 0;
  const questions: QuestionDetail[] = [];
  const skilled: SkillQuestion[] = [];
  const sections: SectionDetail[] = facts.sections.map((section) => {
    const inSection = asked.filter((question) => question.sectionId === section.id);
    const timeSpentSeconds = spent?.get(section.id) ?? null;
    for (const question of inSection) {
      const optionOrder = optionOrders.get(question.id) ?? null;
      const alone = inSection.length === 1 ? timeSpentSeconds : null;
      questions.push(questionDetail(facts, question, (number += 1), section.name, questionTime ? questionTime(question.id) : alone, optionOrder));
      skilled.push({
        skills: question.definition.skills,
        sectionName: section.name,
        marks: question.definition.marks,
        points: facts.results.get(question.id)?.marks ?? 0,
        awaitingReview: facts.awaitingReview?.has(question.id) ?? false,
      });
    }
    return {
      sectionName: section.name,
      sectionType: section.sectionType,
      score: round2(inSection.reduce((sum, question) => sum + (facts.results.get(question.id)?.marks ?? 0), 0)),
      maxScore: inSection.reduce((sum, question) => sum + question.definition.marks, 0),
      timeSpentSeconds,
      suggestedMinutes: section.duration,
    };
  });

  const written = questions.filter((question) => question.written !== undefined);
  const numberOf = (questionId: number) => questions.find((question) => question.questionId === questionId)?.number ?? null;
  const integrity = {
    wv: invitation.proctoring.wv,
    tv: invitation.proctoring.tv,
    ...((invitation.imageViolations ?? 0) > 0 ? { iv: invitation.imageViolations } : {}),
    departures: invitation.startedAt === null ? [] : departureDetails(facts.log.presence, endedAt, facts.evidenceReviews),
    omittedEvents: omittedEventsOf(facts.log),
    snapshots: snapshotDetails(facts.snapshots, facts.evidenceReviews),
    accommodation: invitation.extraTimePercent > 0 ? { extraTimePercent: invitation.extraTimePercent } : null,
    similarity: similarityDetails(facts.similarity ?? [], numberOf, facts.evidenceReviews),
    omittedSimilarPairs: facts.omittedSimilarPairs ?? 0,
    ...withCamera(cameraDetailOf(invitation)),
    aiUse: aiUseDetails(facts.aiUse ?? [], numberOf, facts.evidenceReviews),
  };
  return {
    testInvitationId: invitation.id,
    candidate: { fullName: candidate.fullName, emailId: candidate.email },
    test: {
      testId: test.id,
      testName: test.name,
      duration: test.duration,
      version: test.version,
      allowedSeconds: allowedSeconds(test.duration, invitation.extraTimePercent),
      ...(facts.practiceTest ? { practiceTest: true as const } : {}),
    },
    // endReason only on a terminated attempt: every other answer stays as before (decision 946).
    status: {
      testStatus: invitation.status,
      reportStatus: invitation.reportStatus,
      ...(invitation.endReason === 'terminated' ? { endReason: 'terminated' as const } : {}),
      ...(invitation.endReason === 'terminated' && invitation.terminatedBy ? { terminatedBy: invitation.terminatedBy } : {}),
    },
    startedAt: iso(invitation.startedAt),
    completedAt: iso(invitation.completedAt),
    timeTakenMinutes:
      invitation.startedAt !== null && invitation.completedAt !== null
        ? minutesTaken(invitation.startedAt, invitation.completedAt, invitation.deadline ?? invitation.completedAt)
        : 0,
    score: { score, maxScore, percent },
    percentile: scored ? percentileRank(facts.standing) : null,
    verdict: scored ? verdictFor(percent, settings.verdictBands) : null,
    sections,
    skills: skillScoresOf(skilled),
    questions,
    ...(facts.candidateFeedback ? { candidateFeedback: facts.candidateFeedback } : {}),
    ...(facts.ai ? { ai: facts.ai } : {}),
    ...(variant ? { variant: variantDetail(facts, invitation.variantSeed ?? null, variant) } : {}),
    ...(written.length === 0
      ? {}
      : {
          review: {
            awaiting: written.filter((question) => question.written!.marking === 'awaiting_review').length,
            graded: written.filter((question) => question.written!.marking === 'graded').length,
            scoreSoFar: round2(sections.reduce((sum, section) => sum + section.score, 0)),
          },
        }),
    integrity: {
      ...integrity,
      summary: integritySummaryOfDetails(
        integrity,
        questions.map((question) => question.signals),
      ),
    },
  };
};

/** The shown input of the hidden test at `index` (none past the end). */
function inputsAt(tests: readonly Parameters<typeof caseInputsOf>[0][], index: number) {
  const test = tests[index];
  return test === undefined ? [] : caseInputsOf(test);
}
