import type { Route } from '../state/app-state.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { storeSimilarityPairs } from '../../../test/helpers/stored-data.js';
import { ReportScreen } from './ReportScreen.js';
import { SimilarPairScreen } from './SimilarPairScreen.js';
import { SimilarPairsScreen } from './SimilarPairsScreen.js';

const OTHERS = 25;

/**
 * Issue 50 item 6 (decision 822): an attempt similar to 25 others; its report lists the 5 closest and names `s`, which
 * lists all 25 at 80×24, scrolled, each opening side by side — the unlisted ones too.
 */
describe('every similar pair in the TUI, against a real server', () => {
  let org: TestOrg;
  let subject: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Similar pairs');
    const test = await importExample(org.client, 'algorithms-coding-screen');
    const register = async (index: number) =>
      (await org.client.invitations.register(test.testId, { emailId: `student${index}@example.com`, fullName: `Student ${index}` })).testInvitationId;
    subject = await register(0);
    const others: number[] = [];
    for (let index = 1; index <= OTHERS; index++) others.push(await register(index));
    await storeSimilarityPairs(org.orgId, subject, others);
  });
  afterEach(() => screen?.unmount());

  it('the report counts the pairs it does not list and names the key; s opens the list of them all', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={subject} />, { client: org.client });
    const frame = await screen.waitFor(/20 more pairs \(s\)/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    await screen.press('s');
    expect(screen.opened).toEqual([{ screen: 'similarPairs', testInvitationId: subject }]);
    expect(screen.chrome()?.hints.find((hint) => hint.keys === 's')).toMatchObject({ label: 'all pairs' });
  });

  it('lists all 25 at 80×24, highest first, scrolls to the last, and Enter opens it side by side', async () => {
    screen = renderScreen(<SimilarPairsScreen testInvitationId={subject} />, { client: org.client });
    const frame = await screen.waitFor(/of 25 pairs/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    expect(frame).toMatch(/PAIR\s+Q\s+SCORE\s+OTHER CANDIDATE\s+REVIEW/);
    expect(frame).toMatch(/Q1\s+0\.99\s+Student 1 #\d+\s+not reviewed/);
    expect(frame).not.toContain('Student 25 #');
    await screen.press(KEYS.end);
    const last = await screen.waitFor(/Student 25 #/);
    expect(last).toMatch(/–25 of 25 pairs/);
    expect(last).not.toMatch(/Student 1 #/);
    await screen.press(KEYS.enter);
    const opened = screen.opened.at(-1) as Extract<Route, { screen: 'similarPair' }>;
    expect(opened).toMatchObject({ screen: 'similarPair', testInvitationId: subject, pair: { otherCandidateName: 'Student 25', score: 0.75 } });
    expect(opened.eventId).toMatch(/^similarity-\d+$/);
    expect(opened.pair?.eventId).toBe(opened.eventId);
    screen.unmount();

    // The report does not list that pair; the pair screen shows it from the list all the same.
    screen = renderScreen(<SimilarPairScreen testInvitationId={subject} eventId={opened.eventId} {...(opened.pair ? { listed: opened.pair } : {})} />, {
      client: org.client,
    });
    expect(await screen.waitFor(/similar to Student 25/)).toMatch(/score 0\.75/);
  });
});
