import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { ReportScreen } from './ReportScreen.js';

/** Issue 61 item 4: `l` on the report makes a link a manager without a key opens, and shows it once. */
describe('ReportScreen `l`, against a real server', () => {
  let org: TestOrg;
  let id: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Share TUI');
    const test = await importExample(org.client, 'sql-and-data-modelling');
    id = (await org.client.invitations.register(test.testId, { emailId: 'sam@example.com', fullName: 'Sam Share' })).testInvitationId;
  });
  afterEach(() => screen?.unmount());

  it('makes a 14-day link and shows its URL under the report, and the org lists it', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={id} />, { client: org.client });
    await screen.waitFor('Integrity:', 20_000);
    await screen.press('l');
    const frame = await screen.waitFor('/shared/', 20_000);
    expect(frame).toMatch(/Link \(opens without a key until \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; not shown again\)/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    const shares = await org.client.shares.list();
    expect(shares.map((share) => [share.testInvitationId, share.status])).toEqual([[id, 'open']]);
  });
});
