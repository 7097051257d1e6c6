import type { GradeInput, Grade, ReviewItem, ReviewOrder, ReviewQueue } from '@assay/domain/report';
import { match, P } from 'ts-pattern';
import type { Failure } from '../../errors.js';
import { editText, textInputOf, type TextEdit } from '../input/text-edit.js';

/** Answers a page of the queue holds: one request brings the next twenty. */
export const REVIEW_PAGE_SIZE = 20;

/** What the grader has typed for the answer on screen: marks (or each criterion's), and a comment. */
export interface GradeDraft {
  marks: string;
  /** One entry per criterion of the rubric, in its order; empty without a rubric. */
  criteria: readonly string[];
  comment: string;
  /** The caret in the comment, in characters. */
  caret: number;
  /** The marks field was just entered: the next digit replaces its value instead of extending it. */
  fresh: boolean;
}

/**
 * Where a loaded page puts the grader: its first answer, its last, the first one awaiting a grade (on this page, else
 * on the page the queue's `nextUngraded` names), an answer by its place in the queue, or the next answer awaiting a
 * grade after a place (`u`; issue 61: the queue reopened at answer 1 when page 1 was all graded).
 */
type Landing = 'first' | 'last' | 'ungraded' | { at: number } | { after: number };

/**
 * The review screen: one page of the queue, the answer on it being graded, the grader's draft and where the
 * keyboard is (`focus`: each criterion of the rubric, or the marks, then the comment, last).
 */
export interface ReviewState {
  phase: 'loading' | 'ready' | 'saving';
  by: ReviewOrder;
  blind: boolean;
  pageNo: number;
  landing: Landing;
  queue: ReviewQueue | null;
  index: number;
  draft: GradeDraft;
  focus: number;
  /** The first line of the answer shown. */
  scroll: number;
  /** A failed load, or a refused grade, shown in place until the next key that changes something. */
  failure: Failure | null;
  /** What the last save recorded, as "Saved 7 of 10 for invitation 12" ("Saved 7 of 10" when blind), or where `u` found nothing. */
  saved: string | null;
  loads: number;
  saves: number;
}

export type ReviewEvent =
  | { type: 'loaded'; queue: ReviewQueue }
  | { type: 'failed'; failure: Failure }
  | { type: 'reload' }
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'focus'; delta: 1 | -1 }
  | { type: 'digit'; char: string }
  | { type: 'eraseMark' }
  | { type: 'edit'; edit: TextEdit }
  | { type: 'leaveComment' }
  | { type: 'scroll'; delta: number; max: number }
  | { type: 'save' }
  | { type: 'graded'; grade: Grade }
  | { type: 'toggleBlind' }
  | { type: 'toggleOrder' }
  | { type: 'nextUngraded' };

const emptyDraft: GradeDraft = { marks: '', criteria: [], comment: '', caret: 0, fresh: true };

export const initialReview = (): ReviewState => ({
  phase: 'loading',
  by: 'question',
  blind: false,
  pageNo: 1,
  landing: 'ungraded',
  queue: null,
  index: 0,
  draft: emptyDraft,
  focus: 0,
  scroll: 0,
  failure: null,
  saved: null,
  loads: 1,
  saves: 0,
});

/** The answer on screen. */
export const currentItem = (state: ReviewState): ReviewItem | undefined => state.queue?.items[state.index];

/** The answer's place in the whole queue, from 1. */
export const positionOf = (state: ReviewState): number => (state.pageNo - 1) * REVIEW_PAGE_SIZE + state.index + 1;

/** The draft an answer starts with: its current grade, or nothing. */
export const draftOf = (item: ReviewItem | undefined): GradeDraft => {
  if (!item) return emptyDraft;
  const { grade, question } = item;
  const criteria = question.rubric.map((entry) => {
    const given = grade?.criteria.find((each) => each.criterion === entry.criterion);
    return given ? String(given.marks) : '';
  });
  const comment = grade?.comment ?? '';
  return { marks: grade ? String(grade.marks) : '', criteria, comment, caret: textInputOf(comment).caret, fresh: true };
};

/** Fields the keyboard moves between: each criterion (or the marks), then the comment. */
export const fieldCount = (item: ReviewItem | undefined): number => Math.max(1, item?.question.rubric.length ?? 0) + 1;

/** The keyboard is in the comment (the last field): keys are typed. */
export const inComment = (state: ReviewState): boolean => state.focus === fieldCount(currentItem(state)) - 1;

const MARK_TEXT = /^\d{0,4}(\.\d{0,2})?$/;

/** The marks the draft adds up to: the criteria's sum with a rubric; NaN while something is missing. */
export const draftMarks = (item: ReviewItem, draft: GradeDraft): number => {
  if (item.question.rubric.length === 0) return draft.marks.trim() === '' ? Number.NaN : Number(draft.marks);
  if (draft.criteria.some((entry) => entry.trim() === '')) return Number.NaN;
  return Math.round(draft.criteria.reduce((sum, entry) => sum + Number(entry), 0) * 100) / 100;
};

/** The body the draft sends; a failure (said here, before asking the server) when marks are missing. */
export const gradeBody = (item: ReviewItem, draft: GradeDraft): GradeInput | Failure => {
  const marks = draftMarks(item, draft);
  if (Number.isNaN(marks)) {
    return {
      exitCode: 2,
      label: 'marks',
      message: item.question.rubric.length > 0 ? 'give every criterion its marks (Tab to the next), then save.' : 'type the marks first.',
    };
  }
  const comment = draft.comment.trim() === '' ? {} : { comment: draft.comment };
  if (item.question.rubric.length === 0) return { marks, ...comment };
  const criteria = item.question.rubric.map((entry, index) => ({ criterion: entry.criterion, marks: Number(draft.criteria[index]) }));
  return { marks, criteria, ...comment };
};

/** On `item`: its draft, the first field, the answer's top. */
const onItem = (state: ReviewState, index: number): ReviewState => ({
  ...state,
  index,
  draft: draftOf(state.queue?.items[index]),
  focus: 0,
  scroll: 0,
  failure: null,
});

/** Where the queue's next answer awaiting a grade is looked for from, for the page `state` loads (`from`). */
export const reviewLoadFrom = (state: ReviewState): number | undefined =>
  typeof state.landing === 'object' && 'after' in state.landing ? state.landing.after + 1 : state.landing === 'ungraded' ? 1 : undefined;

const pageOf = (position: number): number => Math.ceil(position / REVIEW_PAGE_SIZE);

/** A page just loaded, with the grader put where its landing says: on it, or on the page that has that answer. */
const landed = (state: ReviewState, queue: ReviewQueue): ReviewState => {
  const ready: ReviewState = { ...state, phase: 'ready', queue };
  const { landing, pageNo } = state;
  const onPosition = (position: number) =>
    pageOf(position) === pageNo ? onItem(ready, position - (pageNo - 1) * REVIEW_PAGE_SIZE - 1) : load(ready, pageOf(position), { at: position });
  return match(landing)
    .with('first', () => onItem(ready, 0))
    .with('last', () => onItem(ready, Math.max(0, queue.items.length - 1)))
    .with('ungraded', () => {
      const waiting = queue.items.findIndex((item) => item.grade === null);
      if (waiting !== -1 || queue.nextUngraded === null) return onItem(ready, Math.max(0, waiting));
      return onPosition(queue.nextUngraded);
    })
    .with({ at: P.number }, ({ at }) => onItem(ready, Math.max(0, Math.min(at - (pageNo - 1) * REVIEW_PAGE_SIZE - 1, queue.items.length - 1))))
    .with({ after: P.number }, ({ after }) =>
      queue.nextUngraded === null
        ? {
            ...onItem(ready, Math.max(0, Math.min(after - (pageNo - 1) * REVIEW_PAGE_SIZE - 1, queue.items.length - 1))),
            saved: `No answer after number ${after} awaits a grade.`,
          }
        : onPosition(queue.nextUngraded),
    )
    .exhaustive();
};

const load = (state: ReviewState, pageNo: number, landing: Landing): ReviewState => ({
  ...state,
  phase: 'loading',
  pageNo,
  landing,
  failure: null,
  loads: state.loads + 1,
});

/** Next or previous answer: on this page, or the first of the next page (the last of the previous one). */
const move = (state: ReviewState, delta: 1 | -1): ReviewState => {
  const queue = state.queue;
  if (!queue) return state;
  const index = state.index + delta;
  if (index >= 0 && index < queue.items.length) return { ...onItem(state, index), saved: null };
  if (delta === 1 && positionOf(state) < queue.itemsCount) return { ...load(state, state.pageNo + 1, 'first'), saved: null };
  if (delta === -1 && state.pageNo > 1) return { ...load(state, state.pageNo - 1, 'last'), saved: null };
  return state;
};

const typeMark = (state: ReviewState, char: string): ReviewState => {
  const { draft } = state;
  const rubric = draft.criteria.length > 0;
  const before = rubric ? (draft.criteria[state.focus] ?? '') : draft.marks;
  const after = draft.fresh ? char : before + char;
  if (!MARK_TEXT.test(after)) return state;
  const next = rubric ? { ...draft, criteria: draft.criteria.map((entry, index) => (index === state.focus ? after : entry)) } : { ...draft, marks: after };
  return { ...state, draft: { ...next, fresh: false }, failure: null };
};

const eraseMark = (state: ReviewState): ReviewState => {
  const { draft } = state;
  const erase = (value: string) => (draft.fresh ? '' : value.slice(0, -1));
  const next =
    draft.criteria.length > 0
      ? { ...draft, criteria: draft.criteria.map((entry, index) => (index === state.focus ? erase(entry) : entry)) }
      : { ...draft, marks: erase(draft.marks) };
  return { ...state, draft: { ...next, fresh: false } };
};

/** The saved grade in the page, and the progress counted once for an answer graded for the first time. */
const recorded = (state: ReviewState, grade: Grade): ReviewState => {
  const queue = state.queue;
  const item = currentItem(state);
  if (!queue || !item) return state;
  const items = queue.items.map((each, index) => (index === state.index ? { ...each, grade } : each));
  const gradedCount = queue.gradedCount + (item.grade === null ? 1 : 0);
  // Blind, the invitation stays unnamed here too.
  const whose = item.testInvitationId === null ? '' : ` for invitation ${item.testInvitationId}`;
  const saved = `Saved ${grade.marks} of ${item.question.marks}${whose}.`;
  const withGrade: ReviewState = { ...state, phase: 'ready', queue: { ...queue, items, gradedCount }, saved };
  const next = move(withGrade, 1);
  return next === withGrade ? { ...withGrade, draft: draftOf(items[state.index]) } : { ...next, saved };
};

export const reviewReducer = (state: ReviewState, event: ReviewEvent): ReviewState =>
  match<[ReviewState, ReviewEvent], ReviewState>([state, event])
    .with([{ phase: 'loading' }, { type: 'loaded' }], ([current, { queue }]) => landed(current, queue))
    .with([{ phase: 'loading' }, { type: 'failed' }], ([current, { failure }]) => ({ ...current, phase: 'ready', failure }))
    // A refused grade stays on screen, and the next digit starts the marks afresh (as on arrival) rather than extending them.
    .with([{ phase: 'saving' }, { type: 'failed' }], ([current, { failure }]) => ({
      ...current,
      phase: 'ready',
      failure,
      draft: { ...current.draft, fresh: true },
    }))
    .with([{ phase: 'saving' }, { type: 'graded' }], ([current, { grade }]) => recorded(current, grade))
    .with([{ phase: 'ready' }, { type: 'reload' }], ([current]) => load(current, current.queue ? current.pageNo : 1, 'ungraded'))
    .with([{ phase: 'ready' }, { type: 'toggleBlind' }], ([current]) => ({ ...load(current, 1, 'ungraded'), blind: !current.blind }))
    .with([{ phase: 'ready' }, { type: 'toggleOrder' }], ([current]) => ({
      ...load(current, 1, 'ungraded'),
      by: current.by === 'question' ? 'candidate' : 'question',
    }))
    .with([{ phase: 'ready' }, { type: 'move' }], ([current, { delta }]) => move(current, delta))
    .with([{ phase: 'ready' }, { type: 'nextUngraded' }], ([current]) =>
      current.queue ? { ...load(current, current.pageNo, { after: positionOf(current) }), saved: null } : current,
    )
    .with([{ phase: 'ready' }, { type: 'focus' }], ([current, { delta }]) => {
      const count = fieldCount(currentItem(current));
      return { ...current, focus: (current.focus + delta + count) % count, draft: { ...current.draft, fresh: true } };
    })
    .with([{ phase: 'ready' }, { type: 'digit' }], ([current, { char }]) => typeMark(current, char))
    .with([{ phase: 'ready' }, { type: 'eraseMark' }], ([current]) => eraseMark(current))
    .with([{ phase: 'ready' }, { type: 'edit' }], ([current, { edit }]) => {
      const { value, caret } = editText({ value: current.draft.comment, caret: current.draft.caret }, edit);
      return { ...current, draft: { ...current.draft, comment: value, caret }, failure: null };
    })
    .with([{ phase: 'ready' }, { type: 'leaveComment' }], ([current]) => ({ ...current, focus: 0, draft: { ...current.draft, fresh: true } }))
    .with([{ phase: 'ready' }, { type: 'scroll' }], ([current, { delta, max }]) => ({
      ...current,
      scroll: Math.max(0, Math.min(max, current.scroll + delta)),
    }))
    .with([{ phase: 'ready' }, { type: 'save' }], ([current]) => {
      const item = currentItem(current);
      if (!item) return current;
      const body = gradeBody(item, current.draft);
      return 'label' in body
        ? { ...current, failure: body, saved: null }
        : { ...current, phase: 'saving', failure: null, saved: null, saves: current.saves + 1 };
    })
    // Every other pair leaves the state as it is: a key while a request runs, or an answer nothing waits for.
    .with([{ phase: 'loading' }, P._], [{ phase: 'saving' }, P._], [{ phase: 'ready' }, P._], ([current]) => current)
    .exhaustive();

/** The key `useCall` loads the queue's page on. */
export const reviewLoadKey = (state: ReviewState): string | null => (state.phase === 'loading' ? `review#${state.loads}` : null);

/** The key `useCall` saves the grade on. */
export const reviewSaveKey = (state: ReviewState): string | null => (state.phase === 'saving' ? `grade#${state.saves}` : null);
