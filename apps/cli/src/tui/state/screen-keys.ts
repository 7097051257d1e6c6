import type { InvitationStanding, InvitationStatus } from '@assay/domain/invitations';
import type { TestDetails, TestLink } from '@assay/domain/schemas';
import { match } from 'ts-pattern';
import type { InvitationRow } from '../data/invitations-of-test.js';
import { effect, passed, taken, type KeyDecision } from '../input/key-decision.js';
import { pressed, typed, type Keystroke } from '../input/keystroke.js';
import type { Route } from './app-state.js';
import { offeredMoves, type MoveRequest } from './invitation-moves.js';
import { toggleMark, toggleMarkAllShown } from './invitation-marks.js';
import { listKeys, selectedRow, shownRows, type ListEvent, type ListState, type ListView } from './list-state.js';
import type { RemoteEvent, RemoteState } from './remote-state.js';

/**
 * The keys of the screens that show what was fetched and offer moves from it. Each decides against the state
 * as of the key (the highlighted row, the loaded test, the invitation's status), never a stale render.
 */
export type ScreenEffect = { open: Route } | { export: string } | { ask: MoveRequest } | { toggle: TestLink };

type Decision<E> = KeyDecision<E, ScreenEffect>;

const open = <E>(route: Route): Decision<E> => effect<ScreenEffect, E>({ open: route });
/** A key that needs what has not loaded (or a row that is not there) does nothing yet. */
const unless = <T, E>(value: T | undefined | null, then: (value: T) => Decision<E>): Decision<E> =>
  value === undefined || value === null ? taken() : then(value);

/** Offered only where the domain's invitation state machine allows the move, confirmed first. */
const moveKey = <E>(status: InvitationStanding | undefined, request: MoveRequest): Decision<E> =>
  status !== undefined && offeredMoves(status).includes(request.move) ? effect<ScreenEffect, E>({ ask: request }) : passed();

/** A test: `l` links, `i` invitations, `n` invite a candidate, `b` invite a CSV file of them, `x` export the Excel report, `g` grade written answers, `m` reminder hours, `t` its settings, `r` refresh. */
export const testDetailsKeys = (state: RemoteState<TestDetails>, testId: number, stroke: Keystroke): Decision<RemoteEvent<TestDetails>> =>
  match<Keystroke, Decision<RemoteEvent<TestDetails>>>(stroke)
    .with(typed('r'), () => taken({ type: 'reload' }))
    .with(typed('x'), () => effect<ScreenEffect>({ export: `assay-test-${testId}-report.xlsx` }))
    .with(typed('l'), () => unless(state.value, (test) => open({ screen: 'links', testId, testName: test.testName })))
    .with(typed('i'), () => unless(state.value, (test) => open({ screen: 'invitations', testId, testName: test.testName })))
    .with(typed('n'), () => unless(state.value, (test) => open({ screen: 'register', testId, testName: test.testName, link: null })))
    .with(typed('g'), () => unless(state.value, (test) => open({ screen: 'review', testId, testName: test.testName })))
    .with(typed('b'), () => unless(state.value, (test) => open({ screen: 'bulkInvite', testId, testName: test.testName })))
    .with(typed('m'), () => unless(state.value, (test) => open({ screen: 'reminders', testId, testName: test.testName })))
    .with(typed('t'), () => unless(state.value, (test) => open({ screen: 'testSettings', testId, testName: test.testName })))
    .with(typed('s'), () => unless(state.value, (test) => open({ screen: 'itemAnalysis', testId, testName: test.testName })))
    .otherwise(() => passed());

/** What the list shows and how many rows a page has: the keys act on the highlighted row of the shown ones. */
export interface Browsing<T> {
  state: ListState<T>;
  view: ListView<T>;
  pageSize: number;
}

/** A test's links: `n` new, Enter edit, `s` activate/deactivate, `c` register a candidate through the link. */
export const linksKeys = (
  { state, view, pageSize }: Browsing<TestLink>,
  test: { testId: number; testName: string },
  stroke: Keystroke,
): Decision<ListEvent<TestLink>> => {
  if (state.editing) return listKeys(state, pageSize, stroke);
  const selected = selectedRow(state, view);
  return match<Keystroke, Decision<ListEvent<TestLink>>>(stroke)
    .with(typed('n'), () => open({ screen: 'linkForm', testId: test.testId, link: null }))
    .with(pressed('return'), () => unless(selected, (link) => open({ screen: 'linkForm', testId: test.testId, link })))
    .with(typed('s'), () => unless(selected, (link) => effect<ScreenEffect>({ toggle: link })))
    .with(typed('c'), () => unless(selected, (link) => open({ screen: 'register', ...test, link })))
    .otherwise(() => listKeys(state, pageSize, stroke));
};

/** Where an extension's date is read: the row's link, when it came through one. */
const linkOfRow = (row: InvitationRow, testId: number) => (row.testLinkId === null ? null : { testId, testLinkId: row.testLinkId });

/**
 * A test's invitations: Enter the report; `x` cancel, `a` reattempt, `m` resend (renew on an expired row) and `e`
 * extend where the invitation's state allows (the extend prompt opens on `e`, and on a renew).
 */
export const invitationsKeys = ({ state, view, pageSize }: Browsing<InvitationRow>, testId: number, stroke: Keystroke): Decision<ListEvent<InvitationRow>> => {
  if (state.editing) return listKeys(state, pageSize, stroke);
  const selected = selectedRow(state, view);
  return (
    match<Keystroke, Decision<ListEvent<InvitationRow>>>(stroke)
      .with(pressed('return'), () => unless(selected, (row) => open({ screen: 'report', testInvitationId: row.testInvitationId })))
      .with(typed('x'), () => unless(selected, (row) => moveKey(row.testStatus, { move: 'cancel', testInvitationId: row.testInvitationId, testId })))
      .with(typed('a'), () => unless(selected, (row) => moveKey(row.testStatus, { move: 'reattempt', testInvitationId: row.testInvitationId })))
      // On an expired row `m` renews instead (decision 1393): extend, and email the link that then works.
      .with(typed('m'), () =>
        unless(selected, (row) =>
          row.testStatus === 'Expired'
            ? moveKey(row.testStatus, { move: 'renew', testInvitationId: row.testInvitationId, link: linkOfRow(row, testId) })
            : moveKey(row.testStatus, { move: 'resend', testInvitationId: row.testInvitationId }),
        ),
      )
      .with(typed('e'), () =>
        unless(selected, (row) => moveKey(row.testStatus, { move: 'extend', testInvitationId: row.testInvitationId, link: linkOfRow(row, testId) })),
      )
      // The marked candidates side by side (issue 61 item 4, decision 1431): the screen says so when 2–5 are not marked.
      .with(typed('c'), () => open({ screen: 'compare', testId, ids: [...state.marked] }))
      // Marks for a decision together (issue 61 item 2): space the highlighted row, A every row shown.
      .with(typed(' '), () => unless(selected, (row) => taken({ type: 'marks', marked: toggleMark(state.marked, row.testInvitationId) })))
      .with(typed('A'), () =>
        taken({
          type: 'marks',
          marked: toggleMarkAllShown(
            state.marked,
            shownRows(state, view).map((row) => row.testInvitationId),
          ),
        }),
      )
      .otherwise(() => listKeys(state, pageSize, stroke))
  );
};

/**
 * A report: `p` export the PDF, `h` history, `t` the AI assistant's transcript, `v` the answers (time, signals, playback, variant), `x` cancel, `a`
 * reattempt, `m` resend and `e` extend where the invitation's state allows, `r` refresh. The report does not name the
 * invitation's link: `lookup` finds it when an extension's date is typed (decision 831).
 */
export const reportKeys = <T>(
  status: InvitationStatus | undefined,
  testInvitationId: number,
  stroke: Keystroke,
  lookup?: MoveRequest['lookup'],
  fullName?: string,
  /** The key may erase candidates (an admin key, issue 51): `X` asks, then erases. */
  mayErase = false,
): Decision<RemoteEvent<T>> =>
  match<Keystroke, Decision<RemoteEvent<T>>>(stroke)
    .with(typed('r'), () => taken({ type: 'reload' }))
    .with(typed('p'), () => effect<ScreenEffect>({ export: `assay-report-${testInvitationId}.pdf` }))
    .with(typed('h'), () => open({ screen: 'history', testInvitationId }))
    .with(typed('t'), () => open({ screen: 'transcript', source: { testInvitationId } }))
    .with(typed('n'), () => unless(fullName, (name) => open({ screen: 'notes', testInvitationId, fullName: name })))
    .with(typed('v'), () => open({ screen: 'answers', testInvitationId }))
    .with(typed('s'), () => open({ screen: 'similarPairs', testInvitationId }))
    .with(typed('x'), () => moveKey(status, { move: 'cancel', testInvitationId }))
    .with(typed('a'), () => moveKey(status, { move: 'reattempt', testInvitationId }))
    .with(typed('m'), () => moveKey(status, { move: 'resend', testInvitationId }))
    .with(typed('e'), () => moveKey(status, { move: 'extend', testInvitationId, ...(lookup ? { lookup } : {}) }))
    .with(typed('X'), () => (mayErase && status !== undefined ? effect<ScreenEffect>({ ask: { move: 'erase', testInvitationId } }) : passed()))
    .otherwise(() => passed());

/** Enter on a similarity pair of the report's evidence list opens its regions side by side (issue 34). */
export const evidenceOpenKeys = (row: { eventId: string | null } | undefined, testInvitationId: number, stroke: Keystroke): Decision<never> =>
  stroke.type === 'key' && stroke.name === 'return' && row?.eventId?.startsWith('similarity-')
    ? open({ screen: 'similarPair', testInvitationId, eventId: row.eventId })
    : passed();
