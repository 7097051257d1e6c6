import {
  type QuestionDefinition,
  UTC_TIME_ZONE_ID,
  admissionMessage,
  admissionVerdict,
  allowedSeconds,
  candidateFacingOrg,
  dataNoticeOf,
  describeAccessWindow,
  findTimeZone,
  sessionPhase,
  starterCodeOf,
  candidateFormFields,
  testContentsOf,
  PRACTICE_QUESTION_ID,
  practiceCodingQuestion,
  windowFromStored,
  type AccessWindow,
  type AttemptVariant,
  type CandidateQuestion,
  type CandidateCodingQuestion,
  type CandidateSession,
  type PracticeResult,
  type QuestionRecord,
  type RunBudget,
  type SectionRecord,
  type SessionViolationRules,
  type SessionDisplayMessages,
  type StartAdmission,
} from '@assay/domain';
import type { AttemptContext, SavedAnswerRow } from '@assay/store';
import type { SessionAssistant } from '@assay/domain/ai';

const iso = (epochMs: number | null): string | null => (epochMs === null ? null : new Date(epochMs).toISOString());

export const linkWindowOf = (context: AttemptContext): AccessWindow | undefined =>
  context.link && windowFromStored(context.link.accessTime, context.link.startDateTime, context.link.endDateTime);

/** What admits a start besides the invitation's state: the test's status, the link's status and window, the invitation's own opening and expiry. */
export const startAdmissionOf = (context: AttemptContext): StartAdmission => {
  const window = linkWindowOf(context);
  return {
    testStatus: context.test.status,
    expiresAt: context.invitation.expiresAt,
    opensAt: context.invitation.opensAt ?? null,
    ...(context.link && window ? { link: { status: context.link.testLinkStatus, window } } : {}),
  };
};

/** The admission verdict for this attempt now (the domain decides; this gathers the facts). */
export const verdictOf = (context: AttemptContext, now: number) =>
  admissionVerdict({ ...startAdmissionOf(context), invitationStatus: context.invitation.status }, now);

/**
 * What the candidate may see of a question: never which options are right, never the hidden tests, and no marks when
 * the test hides question scores (decision 960).
 */
export const candidateQuestionOf = (
  questionId: number,
  definition: QuestionDefinition,
  optionOrder: readonly number[] | null = null,
  showMarks = true,
): CandidateQuestion => {
  const base = { questionId, text: definition.text, ...(showMarks ? { marks: definition.marks, negativeMarks: definition.negativeMarks } : {}) };
  if (definition.type === 'coding') {
    const [first = 'javascript'] = definition.languages;
    return {
      ...base,
      type: definition.type,
      languages: definition.languages,
      language: first,
      ...candidateFormFields(definition),
      starterCode: starterCodeOf(definition, first),
      starterCodes: Object.fromEntries(definition.languages.map((language) => [language, starterCodeOf(definition, language)])),
    };
  }
  if (definition.type === 'short_answer') return { ...base, type: definition.type };
  // Never the accepted answers nor the rubric: those are the reviewer's.
  if (definition.type === 'free_text') return { ...base, type: definition.type, wordLimit: definition.wordLimit ?? null };
  // Options in the candidate's order (shuffleOptions), each under its canonical id: an answer names the option as authored.
  const order = optionOrder ?? definition.options.map((_, optionId) => optionId);
  return { ...base, type: definition.type, options: order.map((optionId) => ({ optionId, text: definition.options[optionId]?.text ?? '' })) };
};

export interface SessionParts {
  context: AttemptContext;
  sections: SectionRecord[];
  questions: readonly QuestionRecord[];
  /** The candidate's variant of the test (`attemptVariant`): which questions, in which order, options in which order. */
  variant: AttemptVariant;
  answers: SavedAnswerRow[];
  now: number;
  /** The sample-run limit the routes enforce: the landing page states it. */
  runBudget?: RunBudget;
  /**
   * The attempt's violation rules, which the page applies and the server enforces (decision 942): its own once started,
   * fixed then (decision 1140); before, the test's as they stand.
   */
  violationRules?: SessionViolationRules;
  /** The attempt takes camera snapshots: fixed at its start like its rules; before, as its link says. */
  cameraRequired?: boolean;
  /** The test settings' `showQuestionScore`: false sends no marks at all (decision 960); left out, they are shown. */
  showQuestionScore?: boolean;
  /** The test settings' `practiceTest`, and once the attempt has ended its result (decision 961). */
  practice?: { readonly result: PracticeResult | null };
  /** The test's display messages (`displayMessageSettings`), which the page shows (decisions 965–967). */
  displayMessages?: SessionDisplayMessages;
  /** Whether this attempt's feedback was given: the finish page does not ask again. */
  feedbackGiven?: boolean;
  /** The AI policy, the assistant's budget and whether it answers (issue 60). */
  assistant?: SessionAssistant;
}

/**
 * The session as the candidate may see it now (the domain's `sessionPhase` decides): questions and saved
 * answers only while the attempt runs; the landing page gets counts; a finished or cancelled one, its end.
 */
export const buildSessionView = ({
  context,
  sections,
  questions,
  variant,
  answers,
  now,
  runBudget,
  violationRules,
  cameraRequired,
  showQuestionScore = true,
  practice,
  displayMessages,
  feedbackGiven,
  assistant,
}: SessionParts): CandidateSession => {
  const { invitation, candidate, test, link, org } = context;
  const zone = findTimeZone(link?.timeZoneId ?? UTC_TIME_ZONE_ID) ?? findTimeZone(UTC_TIME_ZONE_ID)!;
  const window = linkWindowOf(context);
  const verdict = verdictOf(context, now);
  const phase = sessionPhase(invitation.status);
  const running = phase === 'attempt';
  const definitions = new Map(questions.map((question) => [question.id, question.definition]));
  // Before the start no question is drawn yet: the whole test's, what a candidate may be asked.
  const contents = testContentsOf(questions.map(({ definition }) => definition));
  const practiceCoding = phase === 'landing' ? practiceCodingQuestion(contents) : null;
  const camera = cameraRequired ?? link?.imageProctoring === 1;

  return {
    state: invitation.status,
    candidate: { fullName: candidate.fullName, emailId: candidate.email },
    test: {
      testName: test.name,
      description: test.description,
      duration: test.duration,
      extraTimePercent: invitation.extraTimePercent,
      allowedSeconds: allowedSeconds(test.duration, invitation.extraTimePercent),
      questions: test.questionCount,
      negativeMarking: questions.some(({ definition }) => definition.negativeMarks > 0),
      contents,
      sections:
        phase === 'finished' || phase === 'cancelled'
          ? []
          : sections.map((section) => {
              // Only the candidate's draw, in their order: a question outside it is never sent (nor taken: 404.8, like one of no test; decision 643).
              const inSection = variant.filter((question) => question.sectionId === section.id);
              return {
                sectionId: section.id,
                sectionName: section.name,
                sectionType: section.sectionType,
                duration: section.duration,
                questionCount: inSection.length,
                ...(running
                  ? {
                      questions: inSection.flatMap(({ questionId, optionOrder }) => {
                        const definition = definitions.get(questionId);
                        return definition ? [candidateQuestionOf(questionId, definition, optionOrder, showQuestionScore)] : [];
                      }),
                    }
                  : {}),
              };
            }),
    },
    access: {
      verdict,
      message: admissionMessage(verdict),
      testAccessTime: window ? describeAccessWindow(window, zone) : null,
      timeZone: zone,
    },
    imageProctoring: camera,
    startedAt: iso(invitation.startedAt),
    deadline: iso(invitation.deadline),
    serverTime: new Date(now).toISOString(),
    answers: running
      ? Object.fromEntries(answers.map((saved) => [String(saved.questionId), { ...saved.answer, savedAt: new Date(saved.savedAt).toISOString() }]))
      : {},
    redirectURL: candidate.redirectUrl,
    org: candidateFacingOrg(org.name, org),
    dataNotice: dataNoticeOf({
      org: candidateFacingOrg(org.name, org),
      imageProctoring: camera,
      takesCode: questions.some(({ definition }) => definition.type === 'coding'),
      // The org's retention rule for ended invitations (decisions 849, 881); null: the page says to ask the org.
      retentionDays: context.retentionDays,
    }),
    invitationExpiresAt: iso(invitation.expiresAt),
    ...(invitation.opensAt ? { invitationOpensAt: iso(invitation.opensAt)! } : {}),
    ...(runBudget ? { sampleRunLimit: { runs: runBudget.runs, windowMs: runBudget.windowMs } } : {}),
    ...(violationRules ? { violationRules } : {}),
    windowViolations: invitation.proctoring.wv,
    showQuestionScore,
    ...(practice ? { practiceTest: true, ...(practice.result ? { practiceResult: practice.result } : {}) } : {}),
    endReason: invitation.endReason ?? null,
    ...(candidate.hideInstructions ? { hideInstructions: true } : {}),
    ...(displayMessages ? { displayMessages } : {}),
    ...(feedbackGiven === undefined ? {} : { feedbackGiven }),
    ...(practiceCoding ? { practiceQuestion: candidateQuestionOf(PRACTICE_QUESTION_ID, practiceCoding) as CandidateCodingQuestion } : {}),
    imageViolations: invitation.imageViolations ?? 0,
    ...(invitation.terminatedBy ? { terminatedBy: invitation.terminatedBy } : {}),
    ...(assistant ? { assistant } : {}),
  };
};
