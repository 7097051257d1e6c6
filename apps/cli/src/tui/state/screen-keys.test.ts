import type { TestDetails, TestLink } from '@assay/domain/schemas';
import { invitationRowFixture, linkFixture } from '../../../test/helpers/fixtures.js';
import { describe, expect, it } from 'vitest';
import type { InvitationRow } from '../data/invitations-of-test.js';
import { effect, passed, taken } from '../input/key-decision.js';
import { char, named } from '../input/keystroke.js';
import { initialList, type ListState } from './list-state.js';
import { INVITATIONS_VIEW, linksView } from './list-views.js';
import type { Browsing } from './screen-keys.js';
import { toggleQuestion, toggleRequest } from './link-toggle.js';
import type { RemoteState } from './remote-state.js';
import { invitationsKeys, linksKeys, reportKeys, testDetailsKeys, type ScreenEffect } from './screen-keys.js';

const test: TestDetails = { testId: 7, testName: 'SQL', accessKey: 'k', duration: 30, questions: 2, testStatus: 'Active', sections: [] };
const loaded: RemoteState<TestDetails> = { phase: 'ready', attempt: 1, value: test };
const loading: RemoteState<TestDetails> = { phase: 'loading', attempt: 1, value: null };
const link = linkFixture({ testId: 7, testLinkName: 'Open' });
const listOf = <T>(items: T[], cursor = 0): ListState<T> => ({ ...initialList<T>(), remote: { phase: 'ready', attempt: 1, value: items }, cursor });
const browsingLinks = (state: ListState<TestLink>): Browsing<TestLink> => ({ state, view: linksView('http://assay.test'), pageSize: 20 });
const browsingInvitations = (state: ListState<InvitationRow>): Browsing<InvitationRow> => ({ state, view: INVITATIONS_VIEW, pageSize: 20 });
const row = (testInvitationId: number, testStatus: InvitationRow['testStatus']): InvitationRow =>
  invitationRowFixture({
    testInvitationId,
    fullName: 'Ada',
    testStatus,
    reportStatus: 'Pending',
    scoreStatus: 'unscored',
    score: null,
    maxScore: 10,
    percent: null,
    startedAt: null,
    completedAt: null,
  });

describe('testDetailsKeys', () => {
  it('opens links, invitations and registration once the test is loaded; exports and refreshes any time', () => {
    expect(testDetailsKeys(loaded, 7, char('l'))).toEqual(effect<ScreenEffect>({ open: { screen: 'links', testId: 7, testName: 'SQL' } }));
    expect(testDetailsKeys(loaded, 7, char('s'))).toEqual(effect<ScreenEffect>({ open: { screen: 'itemAnalysis', testId: 7, testName: 'SQL' } }));
    expect(testDetailsKeys(loaded, 7, char('i'))).toEqual(effect<ScreenEffect>({ open: { screen: 'invitations', testId: 7, testName: 'SQL' } }));
    expect(testDetailsKeys(loaded, 7, char('n'))).toEqual(effect<ScreenEffect>({ open: { screen: 'register', testId: 7, testName: 'SQL', link: null } }));
    expect(testDetailsKeys(loaded, 7, char('g'))).toEqual(effect<ScreenEffect>({ open: { screen: 'review', testId: 7, testName: 'SQL' } }));
    expect(testDetailsKeys(loading, 7, char('l'))).toEqual(taken());
    expect(testDetailsKeys(loading, 7, char('g'))).toEqual(taken());
    expect(testDetailsKeys(loading, 7, char('x'))).toEqual(effect<ScreenEffect>({ export: 'assay-test-7-report.xlsx' }));
    expect(testDetailsKeys(loading, 7, char('r'))).toEqual(taken({ type: 'reload' }));
    expect(testDetailsKeys(loaded, 7, char('q'))).toEqual(passed());
  });
});

describe('linksKeys', () => {
  const links = browsingLinks(listOf([link]));
  it('acts on the highlighted link, and leaves moving to the list', () => {
    expect(linksKeys(links, { testId: 7, testName: 'SQL' }, char('n'))).toEqual(effect<ScreenEffect>({ open: { screen: 'linkForm', testId: 7, link: null } }));
    expect(linksKeys(links, { testId: 7, testName: 'SQL' }, named('return'))).toEqual(effect<ScreenEffect>({ open: { screen: 'linkForm', testId: 7, link } }));
    expect(linksKeys(links, { testId: 7, testName: 'SQL' }, char('s'))).toEqual(effect<ScreenEffect>({ toggle: link }));
    expect(linksKeys(links, { testId: 7, testName: 'SQL' }, char('c'))).toEqual(
      effect<ScreenEffect>({ open: { screen: 'register', testId: 7, testName: 'SQL', link } }),
    );
    expect(linksKeys(browsingLinks(listOf<TestLink>([])), { testId: 7, testName: 'SQL' }, char('s'))).toEqual(taken());
    expect(linksKeys(links, { testId: 7, testName: 'SQL' }, named('down'))).toEqual(taken({ type: 'move', delta: 1 }));
    expect(linksKeys(links, { testId: 7, testName: 'SQL' }, char('q'))).toEqual(passed());
  });

  it('types into the search, not the link’s keys, while the search field is open', () => {
    const searching = browsingLinks({ ...listOf([link]), editing: true });
    expect(linksKeys(searching, { testId: 7, testName: 'SQL' }, char('s'))).toEqual(taken({ type: 'searchEdit', edit: { type: 'insert', text: 's' } }));
    expect(linksKeys(searching, { testId: 7, testName: 'SQL' }, char('n'))).toEqual(taken({ type: 'searchEdit', edit: { type: 'insert', text: 'n' } }));
  });

  it('asks before deactivating a live link, not before activating one', () => {
    expect(toggleRequest(link)).toEqual({ type: 'ask', action: link, confirm: true });
    const inactive = { ...link, testLinkStatus: 3 as const };
    expect(toggleRequest(inactive)).toEqual({ type: 'ask', action: inactive, confirm: false });
    // Issue 48, item 11: the candidates the link already invited are locked out too, and the question says so.
    expect(toggleQuestion(link)).toBe(
      'Deactivate “Open”? No one can register through it, and candidates it invited who have not started cannot start (tests under way finish).',
    );
  });
});

describe('invitationsKeys', () => {
  const rows = browsingInvitations(listOf([row(1, 'Pending'), row(2, 'Completed')]));
  it('offers cancel and reattempt only where the invitation’s state allows them', () => {
    expect(invitationsKeys(rows, 7, char('x'))).toEqual(effect<ScreenEffect>({ ask: { move: 'cancel', testInvitationId: 1, testId: 7 } }));
    expect(invitationsKeys(rows, 7, char('a'))).toEqual(passed());
    const second = browsingInvitations(listOf([row(1, 'Pending'), row(2, 'Completed')], 1));
    expect(invitationsKeys(second, 7, char('a'))).toEqual(effect<ScreenEffect>({ ask: { move: 'reattempt', testInvitationId: 2 } }));
    expect(invitationsKeys(second, 7, named('return'))).toEqual(effect<ScreenEffect>({ open: { screen: 'report', testInvitationId: 2 } }));
    expect(invitationsKeys(second, 7, char('r'))).toEqual(taken({ type: 'reload' }));
  });

  it('opens the comparison on the marked rows with c (issue 61 item 4)', () => {
    const marked = browsingInvitations({ ...listOf([row(1, 'Pending'), row(2, 'Completed'), row(3, 'Completed')]), marked: new Set([3, 1]) });
    expect(invitationsKeys(marked, 7, char('c'))).toEqual(effect<ScreenEffect>({ open: { screen: 'compare', testId: 7, ids: [3, 1] } }));
  });

  it('acts on the highlighted row of the shown ones (filtered, sorted), pages by the page size', () => {
    const filtered = browsingInvitations({ ...listOf([row(1, 'Pending'), row(2, 'Completed')]), status: 'Completed' });
    expect(invitationsKeys(filtered, 7, named('return'))).toEqual(effect<ScreenEffect>({ open: { screen: 'report', testInvitationId: 2 } }));
    expect(invitationsKeys(filtered, 7, named('pageDown'))).toEqual(taken({ type: 'move', delta: 20 }));
  });
});

describe('reportKeys', () => {
  it('exports, refreshes, and offers the moves the status allows', () => {
    expect(reportKeys('Completed', 5, char('p'))).toEqual(effect<ScreenEffect>({ export: 'assay-report-5.pdf' }));
    expect(reportKeys('Completed', 5, char('a'))).toEqual(effect<ScreenEffect>({ ask: { move: 'reattempt', testInvitationId: 5 } }));
    expect(reportKeys('Completed', 5, char('x'))).toEqual(passed());
    expect(reportKeys(undefined, 5, char('a'))).toEqual(passed());
    expect(reportKeys('Pending', 5, char('x'))).toEqual(effect<ScreenEffect>({ ask: { move: 'cancel', testInvitationId: 5 } }));
    expect(reportKeys('Pending', 5, char('r'))).toEqual(taken({ type: 'reload' }));
  });
});
