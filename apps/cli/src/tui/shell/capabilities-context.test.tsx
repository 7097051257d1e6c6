import { createClient, type AssayClient } from '@assay/client';
import type { TestDetails } from '@assay/domain/schemas';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, tick, type Rendered } from '../../../test/helpers/render.js';
import { InvitationsScreen } from '../screens/InvitationsScreen.js';
import { LinksScreen } from '../screens/LinksScreen.js';
import { ReportScreen } from '../screens/ReportScreen.js';
import { TestDetailsScreen } from '../screens/TestDetailsScreen.js';
import { CapabilitiesProvider } from './capabilities-context.js';

/** Issue 50: the TUI reads the key's capabilities once (`GET /v2/org/me`) and offers only the moves its role may make. */
describe('moves offered by the key’s role, against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let reviewer: AssayClient;
  let pendingId: number;
  let screen: Rendered | undefined;

  beforeAll(async () => {
    org = await newOrg('Roles in the TUI');
    test = await importExample(org.client, 'javascript-fundamentals');
    await org.client.testLinks.create(test.testId, { testLinkName: 'Campus', accessTime: 0 });
    pendingId = (await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' })).testInvitationId;
    const admin = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
    const person = await admin.admin.people.add(org.orgId, { name: 'Dana Reviewer', role: 'reviewer' });
    const key = await admin.admin.keys.create(org.orgId, { personId: person.personId });
    reviewer = createClient({ baseUrl: serverUrl(), apiKey: key.apiKey, retries: 0 });
  });
  afterEach(() => screen?.unmount());

  const render = (element: ReactElement, client: AssayClient) => (screen = renderScreen(<CapabilitiesProvider>{element}</CapabilitiesProvider>, { client }));
  const hintKeys = () => screen!.chrome()?.hints.map((hint) => hint.keys) ?? [];
  /** Long enough for `GET /v2/org/me` to answer on the local server. */
  const settle = () => tick(400);

  it('offers a reviewer no invite or bulk invite on a test, and ignores their keys', async () => {
    render(<TestDetailsScreen testId={test.testId} />, reviewer);
    await screen!.waitFor('JavaScript concepts');
    await settle();
    expect(hintKeys()).not.toContain('n');
    expect(hintKeys()).not.toContain('b');
    expect(hintKeys()).toContain('g');
    await screen!.press('n', 'b', 'i');
    expect(screen!.opened).toEqual([{ screen: 'invitations', testId: test.testId, testName: test.testName }]);
  });

  it('offers an admin key invite and bulk invite as before', async () => {
    render(<TestDetailsScreen testId={test.testId} />, org.client);
    await screen!.waitFor('JavaScript concepts');
    await settle();
    expect(hintKeys()).toContain('n');
    await screen!.press('n');
    expect(screen!.opened).toEqual([{ screen: 'register', testId: test.testId, testName: test.testName, link: null }]);
  });

  it('offers a reviewer no new link, edit, switch or register on the links', async () => {
    render(<LinksScreen testId={test.testId} testName={test.testName} />, reviewer);
    await screen!.waitFor('Campus');
    await settle();
    for (const denied of ['n', 'Enter', 's', 'c']) expect(hintKeys()).not.toContain(denied);
    await screen!.press('n', 'c', KEYS.enter, 's');
    expect(screen!.opened).toEqual([]);
    expect(screen!.lastFrame()).not.toMatch(/Deactivate|Activate/);
  });

  it('offers a reviewer no cancel on a pending invitation, in the list and on its report', async () => {
    render(<InvitationsScreen testId={test.testId} testName={test.testName} />, reviewer);
    await screen!.waitFor('Grace Hopper');
    await settle();
    expect(hintKeys()).not.toContain('x');
    await screen!.press('x');
    expect(screen!.lastFrame()).not.toContain('Cancel invitation');
    screen!.unmount();

    render(<ReportScreen testInvitationId={pendingId} />, reviewer);
    await screen!.waitFor('Grace Hopper');
    await settle();
    expect(hintKeys()).not.toContain('x');
    await screen!.press('x');
    expect(screen!.lastFrame()).not.toContain('Cancel invitation');
    expect((await org.client.reports.get(pendingId)).testStatus).toBe('Pending');
  });
});
