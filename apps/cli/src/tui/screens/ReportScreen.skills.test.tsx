import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeAttempt, exampleDefinition, importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { ReportScreen } from './ReportScreen.js';

/** Issue 52: the report screen shows skill-wise points when the test names skills apart from its sections. */
describe('ReportScreen skill-wise points, against a real server', () => {
  let org: TestOrg;
  let tagged: number;
  let untagged: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Skills');
    const test = await importExample(org.client, 'javascript-fundamentals');
    const invited = await org.client.invitations.register(test.testId, { emailId: 'sam@example.com', fullName: 'Sam Skills' });
    await completeAttempt(org.client, invited.takeTestURL);
    tagged = invited.testInvitationId;
    // The same questions without their skills: each counts under its section, so no skills line.
    const plain = exampleDefinition('javascript-fundamentals') as {
      testName: string;
      sections: { questions: { skills?: string[] }[] }[];
    };
    plain.testName = 'Untagged fundamentals';
    for (const section of plain.sections) for (const question of section.questions) delete question.skills;
    const other = await org.client.tests.import(plain as Parameters<typeof org.client.tests.import>[0]);
    const invitedPlain = await org.client.invitations.register(other.testId, { emailId: 'una@example.com', fullName: 'Una Tagged' });
    await completeAttempt(org.client, invitedPlain.takeTestURL);
    untagged = invitedPlain.testInvitationId;
  });
  afterEach(() => screen?.unmount());

  it('lists each skill with points of its maximum and share, within 80 columns', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={tagged} />, { client: org.client });
    const frame = await screen.waitFor('Skills: ', 20_000);
    expect(frame).toMatch(/Skills: Types 0\/\d+ \(0%\) · Numbers 0\/\d+ \(0%\)/);
    expect(frame).toContain('Problem solving');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });

  it('shows no skills line when the skills only repeat the sections', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={untagged} />, { client: org.client });
    const frame = await screen.waitFor('Marks: ', 20_000);
    expect(frame).not.toContain('Skills: ');
  });
});
