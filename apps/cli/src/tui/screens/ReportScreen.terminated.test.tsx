import { candidateTokenOf } from '@assay/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { storeEndReason, storeTerminatedBy } from '../../../test/helpers/stored-data.js';
import { renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { ReportScreen } from './ReportScreen.js';

/** Issue 52: a report whose attempt a violation limit ended says so, with the count, where the status stands. */
describe('ReportScreen of a terminated attempt, against a real server', () => {
  let org: TestOrg;
  let invitationId: number;
  let cameraInvitationId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Terminated');
    const test = await importExample(org.client, 'sql-and-data-modelling');
    const invited = await org.client.invitations.register(test.testId, { emailId: 'wanda@example.com', fullName: 'Wanda Away' });
    const attempt = org.client.candidate(candidateTokenOf(invited.takeTestURL));
    await attempt.start();
    for (let departure = 0; departure < 3; departure += 1) {
      await attempt.reportEvent({ type: 'left', at: new Date().toISOString() });
      await attempt.reportEvent({ type: 'returned', at: new Date().toISOString() });
    }
    await attempt.submit();
    invitationId = invited.testInvitationId;
    // As the server leaves an attempt its limit ended (the limit itself is proved by the server's suites).
    await storeEndReason(invitationId, 'terminated');

    // The camera lost three times (decision 971): counted by the server, ended as the image limit ends it.
    const camera = await org.client.invitations.register(test.testId, { emailId: 'cam@example.com', fullName: 'Cam Era' });
    const cameraAttempt = org.client.candidate(candidateTokenOf(camera.takeTestURL));
    await cameraAttempt.start();
    for (let loss = 0; loss < 3; loss += 1) await cameraAttempt.reportEvent({ type: 'camera-off', at: new Date().toISOString() });
    await cameraAttempt.submit();
    cameraInvitationId = camera.testInvitationId;
    await storeEndReason(cameraInvitationId, 'terminated');
    await storeTerminatedBy(cameraInvitationId, 'image');
  });
  afterEach(() => screen?.unmount());

  it('shows "Terminated (3 window violations)" instead of Completed, at 80 columns', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={invitationId} />, { client: org.client });
    const frame = await screen.waitFor('Terminated (3 window violations)', 20_000);
    expect(frame).toMatch(/Terminated \(3 window violations\) · report/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });

  it('names the camera when image violations ended it: "Terminated (3 image violations)"', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={cameraInvitationId} />, { client: org.client });
    const frame = await screen.waitFor('Terminated (3 image violations)', 20_000);
    expect(frame).toMatch(/Terminated \(3 image violations\) · report/);
    // The integrity summary names them too, and waits for a reviewer (decision 989).
    expect(frame.replace(/\s+/g, ' ')).toContain('Integrity: To review · 3 image violations (camera lost or blank)');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });
});
