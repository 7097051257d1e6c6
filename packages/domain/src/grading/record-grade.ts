import { REPORT_STATUS } from '../invitation-status-names.js';
import type { ReportStatus } from '../schemas/report.js';
import type { AcceptedGrade, Grade } from './grade.js';

/**
 * What recording an accepted grade does to its answer's grades (issue 32): `first` adds the answer's first grade;
 * `regrade` replaces the current one, which is kept in the history; `unchanged` is the same grade again by the same
 * key (a retried PUT without an Idempotency-Key), which records nothing: the grade is answered as it stands.
 */
export type GradeChange = 'first' | 'regrade' | 'unchanged';

const sameCriteria = (a: AcceptedGrade['criteria'], b: AcceptedGrade['criteria']): boolean =>
  a.length === b.length && a.every((entry, index) => entry.criterion === b[index]?.criterion && entry.marks === b[index]?.marks);

/**
 * The answer's current grade (none: undefined) against the accepted one, given by `keyId`. Both carry their criteria
 * in the rubric's order (`checkGrade` orders them), so the same criteria compare equal whatever order a grader sent.
 * Another key giving the same marks is a regrade: the history names who graded.
 */
export const gradeChange = (
  current: Pick<Grade, 'marks' | 'criteria' | 'comment' | 'gradedBy'> | undefined,
  accepted: AcceptedGrade,
  keyId: number,
): GradeChange => {
  if (!current) return 'first';
  const same =
    current.gradedBy.keyId === keyId &&
    current.marks === accepted.marks &&
    current.comment === accepted.comment &&
    sameCriteria(current.criteria, accepted.criteria);
  return same ? 'unchanged' : 'regrade';
};

/** Where an attempt's report stands once a grade is recorded, and what the store writes for it. */
export interface ReportAfterGrade {
  readonly reportStatus: ReportStatus;
  /** The score is final (shown); false while answers still await a grade. */
  readonly final: boolean;
  /** The final score is computed again from the machine's marks and the current grades, and written. */
  readonly rescore: boolean;
  /**
   * The completion callback and stakeholder email held for the final score go now: this grade made the report
   * Generated. A regrade of a Generated report finds nothing held, so they go once.
   */
  readonly release: boolean;
}

/**
 * After a grade (`change`), with `awaiting` answers of the attempt still awaiting one and the report `before` the grade:
 * the last grade makes the score final (Generated, rescored, the announcements released); a regrade once nothing awaits
 * rescores a Generated report and releases nothing; while answers await, the report stays In progress with no score;
 * the same grade again changes nothing.
 */
export const reportAfterGrade = (change: GradeChange, awaiting: number, before: ReportStatus): ReportAfterGrade => {
  if (change === 'unchanged') return { reportStatus: before, final: before === REPORT_STATUS.generated, rescore: false, release: false };
  if (awaiting > 0) return { reportStatus: REPORT_STATUS.inProgress, final: false, rescore: false, release: false };
  return { reportStatus: REPORT_STATUS.generated, final: true, rescore: true, release: before !== REPORT_STATUS.generated };
};
