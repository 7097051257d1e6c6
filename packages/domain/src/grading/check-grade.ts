import { refuse, ok, type Result } from '../result.js';
import type { InvitationStatus } from '../invitation-status.js';
import { INVITATION_STATUS } from '../invitation-status-names.js';
import type { QuestionDefinition } from '../schemas/test-definition.js';
import { isWrittenQuestion } from '../schemas/written-questions.js';
import type { AcceptedGrade, GradeInput } from './grade.js';

/**
 * Where an answer stands with a person's grade: `awaiting` (the machine left it to a person: a review item),
 * `graded` (a grade is recorded; a new one regrades it), `none` (nothing for a person to judge: the machine scored
 * it, or it was blank).
 */
export type GradeState = 'awaiting' | 'graded' | 'none';

/**
 * Where an answer stands, from what the store holds of it: a current grade makes it `graded` (a new grade regrades
 * it), else a review item makes it `awaiting`, else `none`.
 */
export const gradeStateOf = (held: { readonly graded: boolean; readonly awaiting: boolean }): GradeState =>
  held.graded ? 'graded' : held.awaiting ? 'awaiting' : 'none';

/** Marks are decimals: sums are compared within float error, as the rubric's are at import. */
const sameMarks = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;

/**
 * Whether a grade fits its question (issue 32): only an answer a person must judge (or has judged) takes one
 * (409.3); its marks are 0 to the question's; criteria, when given, are exactly the rubric's, each within its
 * marks, adding up to `marks` (400.19, saying what to change).
 */
export const checkGrade = (question: QuestionDefinition, input: GradeInput, state: GradeState): Result<AcceptedGrade> => {
  if (!isWrittenQuestion(question)) {
    return refuse('grade-not-needed', `This is a ${question.type} question: the machine scores it, a person grades only short_answer and free_text answers.`);
  }
  if (state === 'none') {
    return refuse(
      'grade-not-needed',
      'This answer needs no grade: it was blank, matched an accepted answer, or the attempt is not scored yet. Only answers awaiting review (or graded before) take a grade.',
    );
  }
  if (input.marks > question.marks) {
    return refuse('grade-does-not-fit', `marks is ${input.marks}, over this question's ${question.marks}. Give 0 to ${question.marks}.`);
  }
  const criteria = input.criteria ?? [];
  if (criteria.length > 0) {
    const rubric = question.type === 'free_text' ? (question.rubric ?? []) : [];
    if (rubric.length === 0) return refuse('grade-does-not-fit', 'This question has no rubric: send marks without criteria.');
    const names = rubric.map((entry) => entry.criterion);
    const given = criteria.map((entry) => entry.criterion);
    const missing = names.filter((name) => !given.includes(name));
    const unknown = given.filter((name) => !names.includes(name));
    const repeated = given.filter((name, index) => given.indexOf(name) !== index);
    if (missing.length > 0 || unknown.length > 0 || repeated.length > 0) {
      return refuse('grade-does-not-fit', `criteria must name each of the rubric's criteria once: ${names.map((name) => `"${name}"`).join(', ')}.`);
    }
    for (const entry of criteria) {
      const of = rubric.find((criterion) => criterion.criterion === entry.criterion)?.marks ?? 0;
      if (entry.marks > of) return refuse('grade-does-not-fit', `"${entry.criterion}" has ${entry.marks} marks, over its ${of}. Give 0 to ${of}.`);
    }
    const sum = criteria.reduce((total, entry) => total + entry.marks, 0);
    if (!sameMarks(sum, input.marks)) {
      return refuse('grade-does-not-fit', `marks is ${input.marks} but the criteria add up to ${Math.round(sum * 1e6) / 1e6}: they must agree.`);
    }
  }
  const comment = input.comment?.trim() === '' ? null : (input.comment ?? null);
  return ok({ marks: input.marks, criteria: rubricOrder(question, criteria), comment });
};

/** Criteria stored in the rubric's order, whatever order the grader sent them in. */
const rubricOrder = (question: QuestionDefinition, criteria: readonly { criterion: string; marks: number }[]) => {
  if (question.type !== 'free_text' || criteria.length === 0) return [...criteria];
  const names = (question.rubric ?? []).map((entry) => entry.criterion);
  return [...criteria].sort((a, b) => names.indexOf(a.criterion) - names.indexOf(b.criterion));
};

/** Only a submitted attempt's answers are graded (409.4): a person judges what the candidate handed in. */
export const checkInvitationGradable = (status: InvitationStatus): Result<true> =>
  status === INVITATION_STATUS.completed
    ? ok(true)
    : refuse('invitation-not-completed', `This invitation is ${status}: only a Completed invitation's answers are graded.`);

/** What the grading rule decides from, read in the grade's transaction: the invitation's status, the question (undefined: none of its test) and where its answer stands. */
export interface GradeFacts {
  readonly status: InvitationStatus;
  readonly questionId: number;
  readonly question: QuestionDefinition | undefined;
  readonly state: GradeState;
}

/**
 * The whole rule of `PUT …/grades/{questionId}`: a question of the invitation's test (404.8), a Completed invitation
 * (409.4), then `checkGrade`.
 */
export const decideGrade = (facts: GradeFacts, input: GradeInput): Result<AcceptedGrade> => {
  if (!facts.question) return refuse('question-not-found', `Question ${facts.questionId} is not a question of this invitation's test.`);
  const gradable = checkInvitationGradable(facts.status);
  return gradable.err ? gradable : checkGrade(facts.question, input, facts.state);
};
