import { z } from 'zod';
import { ReportStatus } from '../schemas/report.js';
import { multiLineText, singleLineText } from '../schemas/text-fields.js';

/** The longest comment a grader may leave on an answer (a paragraph or two of feedback, not an essay of its own). */
export const MAX_GRADE_COMMENT_LENGTH = 5_000;
/** As many criteria as a rubric may have. */
export const MAX_GRADE_CRITERIA = 20;

const gradeMarks = (field: string) =>
  z
    .number({ error: `${field} is required and must be a number` })
    .min(0, { error: `${field} must be 0 or more` })
    .max(1000, { error: `${field} must be at most 1000` });

/** The marks given for one criterion of the question's rubric. */
export const CriterionMarks = z
  .object({
    criterion: singleLineText('criterion', 200),
    marks: gradeMarks('marks'),
  })
  .meta({ id: 'CriterionMarks' });
export type CriterionMarks = z.infer<typeof CriterionMarks>;

/**
 * The body of `PUT /v2/org/testinvitation/{testInvitationId}/grades/{questionId}` (issue 32): the marks, optionally
 * per criterion of the rubric (then they add up to `marks`), and a comment for the report. Whether it fits the
 * question is `checkGrade`'s decision.
 */
export const GradeInput = z
  .object({
    marks: gradeMarks('marks').meta({ description: "The answer's marks, 0 to the question's marks." }),
    criteria: z
      .array(CriterionMarks, { error: 'criteria must be a list of { "criterion": "...", "marks": n }' })
      .max(MAX_GRADE_CRITERIA, { error: `criteria must list at most ${MAX_GRADE_CRITERIA} criteria` })
      .optional()
      .meta({ description: "Marks per criterion of the question's rubric: every criterion once, adding up to marks." }),
    comment: multiLineText('comment', MAX_GRADE_COMMENT_LENGTH, {
      blank: true,
      description: 'What the grader says of the answer (shown in the report).',
    }).optional(),
  })
  .meta({ id: 'GradeBody' });
export type GradeInput = z.infer<typeof GradeInput>;

/** Which key graded: its id and its label (the prefix of a key issued without one). */
export const GradedBy = z.object({ keyId: z.int(), label: z.string() }).meta({ id: 'GradedBy' });
export type GradedBy = z.infer<typeof GradedBy>;

/** A recorded grade: what the grader gave, who and when. `criteria` is empty when none were given. */
export const Grade = z
  .object({
    marks: z.number(),
    criteria: z.array(CriterionMarks),
    comment: z.string().nullable(),
    gradedBy: GradedBy,
    gradedAt: z.string().meta({ description: 'When, in UTC as the wire writes instants (YYYY-MM-DDTHH:MM:SS).' }),
  })
  .meta({ id: 'Grade' });
export type Grade = z.infer<typeof Grade>;

/** What `checkGrade` accepted: the input as it is stored (a blank comment is no comment). */
export interface AcceptedGrade {
  readonly marks: number;
  readonly criteria: readonly CriterionMarks[];
  readonly comment: string | null;
}

/** What recording a grade answers: the grade as stored, and where the attempt's report stands after it. */
export const GradeRecorded = z
  .object({
    testInvitationId: z.int(),
    questionId: z.int(),
    grade: Grade,
    regraded: z.boolean().meta({ description: 'true when it replaced an earlier grade (kept in the history).' }),
    awaitingCount: z.int().nonnegative().meta({ description: "How many of the attempt's answers still await a grade." }),
    reportStatus: ReportStatus,
    score: z.number().nullable().meta({ description: "The attempt's final score once nothing awaits a grade; null before." }),
  })
  .meta({ id: 'GradeRecorded' });
export type GradeRecorded = z.infer<typeof GradeRecorded>;

/** What grading by a review reference answers: the same, without the invitation id the reference stands for. */
export const ReviewGradeRecorded = GradeRecorded.omit({ testInvitationId: true }).extend({ reference: z.string() }).meta({ id: 'ReviewGradeRecorded' });
export type ReviewGradeRecorded = z.infer<typeof ReviewGradeRecorded>;
