import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { HistoryScreen } from './HistoryScreen.js';

describe('HistoryScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let invitationId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('History');
    test = await importExample(org.client, 'sql-and-data-modelling');
    invitationId = (await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' })).testInvitationId;
    await org.client.invitations.cancel(invitationId);
  });
  afterEach(() => screen?.unmount());

  it('lists what happened to the invitation, oldest first, at 80×24', async () => {
    screen = renderScreen(<HistoryScreen testInvitationId={invitationId} />, { client: org.client });
    const frame = await screen.waitFor(/of 2, oldest first/);
    expect(frame).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+Invitation created \(api\)\s+\S.*\n.*\d\d:\d\d:\d\d\s+Invitation cancelled/);
    expect(frame).toMatch(/WHEN \(UTC\)\s+WHAT\s+BY/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    expect(screen.chrome()?.title).toBe(`History of invitation ${invitationId}`);
    expect(screen.chrome()?.hints.map((hint) => hint.keys)).toEqual(['↑↓', 'r']);
  });

  it('r reloads: what happened since shows', async () => {
    screen = renderScreen(<HistoryScreen testInvitationId={invitationId} />, { client: org.client });
    await screen.waitFor(/of 2, oldest first/);
    await (await org.client.reports.pdf(invitationId)).bytes();
    await screen.press('r');
    expect(await screen.waitFor(/of 3, oldest first/)).toContain('Report PDF downloaded');
    await screen.press(KEYS.down);
  });
});
