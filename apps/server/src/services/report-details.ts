import {
  type Answer,
  attemptQuestionSeconds,
  attemptVariant,
  buildReportDetails,
  type CodingAnswerFacts,
  codingAnswerFacts,
  isFixedTest,
  itemAnalysisInExport,
  itemAnalysisLeftOutText,
  isWrittenQuestion,
  poolStanding,
  questionsInReportOrder,
  type QuestionRecord,
  type ReportDetails,
  type ReportFacts,
  readCodingText,
  readResultsText,
  recordedSummary,
  type ScoreStanding,
  variantOrderText,
} from '@assay/domain';
import { codingTextCovers, columnPositions, questionsHeaderOf, questionsRowOfAwards, sheetCodingOf, type WorkbookRow } from '@assay/reports/host';
import type { Store } from '@assay/store';
import { integrityEvidenceOf } from './integrity-evidence.js';
import { reportAiFacts } from './attempt-ai.js';
import { reportAiOf } from '@assay/domain/ai';
import { withIntegritySummaries } from './integrity-summaries.js';
import { workbookReading } from './workbook-reading.js';
import { loadItemAnalysis } from './item-analysis.js';

/** No standing is read for an attempt that is not scored: it has no percentile. */
const UNRANKED: ScoreStanding = { below: 0, tied: 0, total: 0 };

/** Gathers an invitation's report facts from the store (org-scoped: another org's id is undefined, like a missing one) and builds its details. */
export const loadReportDetails = async (store: Store, orgId: number, invitationId: number): Promise<ReportDetails | undefined> => {
  const invitation = await store.invitations.find(orgId, invitationId);
  if (!invitation) return undefined;
  const context = await store.attempts.findById(invitationId);
  if (!context) return undefined;
  const [sections, questions, answers, results, sampleRuns, evidence, standing, playback, settings, ai, evaluation] = await Promise.all([
    store.tests.sections(context.test.contentId),
    store.attempts.questions(context.test.contentId),
    store.attempts.answers(invitationId),
    store.attemptLog.questionResults(invitationId),
    store.attemptLog.sampleRuns(invitationId),
    integrityEvidenceOf(store, orgId, invitationId),
    invitation.reportStatus === 'Generated' ? store.attemptLog.scoreStanding(context.test.id, invitation.score) : UNRANKED,
    store.questionSignals.playback(invitationId),
    store.testSettings.stored(orgId, context.test.id),
    reportAiFacts(store, invitationId),
    store.candidateDecisions.evaluation(orgId, invitationId),
  ]);
  // A test with question pools ranks each score out of its own draw (decision 577), which the score counts cannot.
  const ranked =
    invitation.reportStatus === 'Generated' && !isFixedTest(sections)
      ? poolStanding(
          { score: invitation.score, variantSeed: invitation.variantSeed ?? null },
          await store.attemptLog.drawnScores(context.test.id),
          sections,
          questions,
        )
      : standing;
  const review = await writtenReviewOf(store, orgId, invitationId, questions);
  // This attempt's feedback, not an earlier attempt's of a reset invitation (decision 967).
  const feedback = invitation.startedAt === null ? undefined : await store.candidateFeedback.of({ invitationId, startedAt: invitation.startedAt });
  const details = buildReportDetails({
    invitation,
    candidate: context.candidate,
    test: context.test,
    sections,
    questions,
    answers: new Map(answers.map((saved) => [saved.questionId, saved.answer])),
    results,
    sampleRuns,
    ...evidence,
    standing: ranked,
    ...review,
    playback,
    practiceTest: settings?.testSettings.practiceTest === true,
    ...(feedback ? { candidateFeedback: feedback } : {}),
    ...(ai
      ? { ai: reportAiOf(ai.snapshot, new Map(questions.map((question) => [question.id, question.sectionId])), ai.messages, ai.insertions, ai.followUps) }
      : {}),
  });
  // What the hiring team recorded, on the page a manager reads first (decision 1415).
  return evaluation ? { ...details, recorded: recordedSummary(evaluation) } : details;
};

/**
 * Where the attempt's written answers stand with the people grading them (issue 32): its current grades and what
 * awaits one. Read only for a test with written questions, so every other report costs no more reads.
 */
const writtenReviewOf = async (
  store: Store,
  orgId: number,
  invitationId: number,
  questions: readonly QuestionRecord[],
): Promise<Pick<ReportFacts, 'grades' | 'awaitingReview'>> => {
  if (!questions.some(({ definition }) => isWrittenQuestion(definition))) return {};
  const [grades, awaiting] = await Promise.all([store.grades.current(orgId, invitationId), store.attempts.awaitingReview(invitationId)]);
  return { grades, awaitingReview: new Set(awaiting) };
};

/**
 * The Excel export's rows of an org's test: every invitation's Candidates row, then the Questions sheet's header and
 * one row per invitation the Candidates sheet showed (none registered meanwhile), from the domain's question outcomes
 * (the marks and hidden tests the PDF and the JSON show, without the rest of each report), read batch by batch in
 * flat memory. Events, sample runs and snapshots are not part of the sheets, so they are not read; percentiles come
 * from the test's standings read once (decision 820).
 */
export async function* workbookRowsOfTest(store: Store, orgId: number, testId: number): AsyncGenerator<WorkbookRow> {
  let throughId = 0;
  let invitations = 0;
  const readingOf = await workbookReading(store, orgId, testId);
  // Each Candidates row with its integrity summary (issue 48, item 7) and its score as the report reads it (decision 820).
  for await (const row of withIntegritySummaries(store, orgId, store.reports.reportsOfTest(orgId, testId))) {
    throughId = row.testInvitationId;
    invitations += 1;
    yield { ...row, reading: readingOf(row) };
  }
  // The current version's questions head the sheets (decision 1489).
  const contentId = await store.tests.currentContentId(orgId, testId);
  const [sections, questions] = await Promise.all([store.tests.sections(contentId), store.attempts.questions(contentId)]);
  const header = questionsHeaderOf(sections, questions);
  yield header;
  if (throughId === 0) return;
  const ordered = questionsInReportOrder(sections, questions);
  const questionIds = ordered.map((question) => question.id);
  const positions = columnPositions(header.columns);
  for await (const batch of store.attemptLog.factsOfTest(orgId, testId, questionIds, { throughId, texts: true })) {
    for (const facts of batch) {
      const { invitation, candidate, texts } = facts;
      const who = { testInvitationId: invitation.id, emailId: candidate.email, fullName: candidate.fullName };
      // A scored attempt's texts cross as they are, read into cells on the workbook thread (decision 423).
      if (texts && codingTextCovers(header.columns, positions, texts.coding)) {
        yield { kind: 'questions-texts', ...who, results: texts.results, coding: texts.coding };
        continue;
      }
      const { answers, marks, cases, coding, awaiting } = texts ? factsOfTexts(positions, texts) : facts;
      // Only a coding question's cells need the domain's reading (answered, language, hidden tests), as
      // `questionOutcome` gives them: from the facts scoring stored, else from the code answer read. A choice
      // question's cell is its marks awarded.
      yield questionsRowOfAwards(
        header.columns,
        who,
        invitation.startedAt === null ? null : marks,
        (index) => {
          const { id, definition } = ordered[index]!;
          if (definition.type !== 'coding') return undefined;
          return sheetCodingOf(coding?.[index] ?? codingAnswerFacts(definition, answers.get(id)), marks[index], cases[index]);
        },
        awaiting,
      );
    }
  }
  // A test that draws or shuffles names the order each candidate was shown beside their times (decision 620); so does
  // one its stored settings shuffle (decision 959).
  const settings = await store.testSettings.stored(orgId, testId);
  const variants = !isFixedTest(sections) || settings?.questionSettings.randomQuestions === true || settings?.questionSettings.randomAnswers === true;
  const numberOf = new Map(header.columns.map((column) => [column.questionId, column.number]));
  yield { kind: 'times-header', columns: header.columns, variants };
  for await (const batch of store.questionSignals.timesOfTest(orgId, testId, throughId)) {
    for (const attempt of batch) {
      const who = { testInvitationId: attempt.invitationId, emailId: attempt.email, fullName: attempt.fullName };
      const seed = attempt.startedAt === null ? null : attempt.variantSeed;
      const variant = variants && seed !== null ? attemptVariant(sections, questions, seed) : undefined;
      const cells = attemptQuestionSeconds(attempt, questionIds, variant);
      yield variants
        ? { kind: 'times-row', ...who, cells, seed, shown: variant ? variantOrderText(variant, numberOf) : null }
        : { kind: 'times-row', ...who, cells };
    }
  }
  yield* itemAnalysisSheetOf(store, orgId, testId, invitations);
}

/**
 * The Item analysis sheet's content, read once every candidate row has gone (decision 1444): the rows stream as
 * before, and the analysis (one row per question and version) crosses in one message at the end. A test of more
 * invitations than the export analyses gets a line saying where to read it instead (decision 1445).
 */
async function* itemAnalysisSheetOf(store: Store, orgId: number, testId: number, invitations: number): AsyncGenerator<WorkbookRow> {
  if (!itemAnalysisInExport(invitations)) {
    yield { kind: 'item-analysis', leftOut: itemAnalysisLeftOutText(testId, invitations) };
    return;
  }
  const analysis = await loadItemAnalysis(store, orgId, testId);
  if (analysis) yield { kind: 'item-analysis', analysis };
}

/** Texts the workbook thread cannot read alone (a coding question they do not name) are read here, as the store would. */
const factsOfTexts = (positions: ReadonlyMap<number, number>, texts: { results: string; coding: string }) => {
  const marks = new Array<number | null>(positions.size).fill(null);
  const cases = new Array<readonly boolean[] | null>(positions.size).fill(null);
  const coding = new Array<CodingAnswerFacts | null>(positions.size).fill(null);
  readResultsText(texts.results, positions, marks, cases);
  readCodingText(texts.coding, positions, coding);
  return { answers: new Map<number, Answer>(), marks, cases, coding, awaiting: null };
};
