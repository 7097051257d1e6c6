import { candidateTokenOf } from '@assay/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { ReportScreen } from './ReportScreen.js';

/** Decision 961: a practice test's score is the candidate's practice, not a result to hire on; its report says so. */
describe('ReportScreen of a practice test, against a real server', () => {
  let org: TestOrg;
  let practiceId: number;
  let realId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Practice');
    const take = async (testId: number, emailId: string) => {
      const invited = await org.client.invitations.register(testId, { emailId, fullName: 'Pat Practice' });
      const attempt = org.client.candidate(candidateTokenOf(invited.takeTestURL));
      await attempt.start();
      await attempt.submit();
      return invited.testInvitationId;
    };
    const practice = await importExample(org.client, 'sql-and-data-modelling');
    const settings = await org.client.testSettings.get(practice.testId);
    await org.client.testSettings.put(practice.testId, { ...settings, testSettings: { ...settings.testSettings, practiceTest: true } });
    practiceId = await take(practice.testId, 'pat@example.com');
    const real = await importExample(org.client, 'sql-and-data-modelling');
    realId = await take(real.testId, 'pat@example.com');
  });
  afterEach(() => screen?.unmount());

  it('says "practice test" beside the test name at 80 columns; a test that is not says nothing', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={practiceId} />, { client: org.client });
    const frame = await screen.waitFor('· practice test', 20_000);
    expect(frame).toMatch(/Pat Practice <pat@example.com> · .* · practice test/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    screen.unmount();
    screen = renderScreen(<ReportScreen testInvitationId={realId} />, { client: org.client });
    const real = await screen.waitFor('Pat Practice', 20_000);
    await screen.waitFor('Integrity:', 20_000);
    expect(screen.lastFrame()).not.toContain('practice test');
    expect(real).not.toContain('practice test');
  });
});
