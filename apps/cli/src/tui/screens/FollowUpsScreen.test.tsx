import { candidateTokenOf, createClient, type AssayClient } from '@assay/client';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { newOrg, serverUrl, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { HINTS } from '../hints.js';
import { FollowUpsScreen } from './FollowUpsScreen.js';
import { ReviewScreen } from './ReviewScreen.js';

const PAGE_UP = '\u001B[5~';

/** Fourteen lines of code: with its follow-up and the rubric, more than 80×24 shows at once. */
const CODE = [
  'function sum(numbers) {',
  '  let total = 0;',
  '  for (const n of numbers) {',
  '    if (typeof n !== "number") continue;',
  '    total += n;',
  '  }',
  '  return total;',
  '}',
  '',
  'function average(numbers) {',
  '  if (numbers.length === 0) return 0;',
  '  return sum(numbers) / numbers.length;',
  '}',
  'module.exports = { sum, average };',
].join('\n');

/** A coding question and an essay, two template follow-ups each (no model here), under the policy none. */
const followUpTest = {
  testName: 'Follow-up marks',
  ai: { aiPolicy: 'none', followUps: 2, followUpSeconds: 60 },
  sections: [
    {
      sectionName: 'Code',
      sectionType: 'coding',
      duration: 30,
      questions: [
        {
          type: 'coding',
          text: 'Return the sum of an array of numbers.',
          marks: 5,
          functionName: 'sum',
          starterCode: 'function sum(numbers) {\n}\n',
          sampleTests: [{ args: [[1, 2]], expected: 3 }],
          hiddenTests: [{ args: [[]], expected: 0 }],
        },
      ],
    },
    {
      sectionName: 'Words',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'free_text', text: 'What is an index in a database for?', marks: 4 }],
    },
  ],
};

/** Ada answers both, is asked their follow-ups, answers the code's first after two refused pastes, and submits. */
const takeWithFollowUps = async (client: AssayClient, testId: number) => {
  const registration = await client.invitations.register(testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
  const attempt = client.candidate(candidateTokenOf(registration.takeTestURL));
  const session = await attempt.start();
  const [coding, essay] = session.test.sections.flatMap((section) => (section.questions ?? []).map((question) => question.questionId));
  await attempt.saveAnswer(coding!, { code: CODE, language: 'javascript' });
  await attempt.followUps.submit(coding!);
  await attempt.followUps.refusedPaste(coding!, 0);
  await attempt.followUps.refusedPaste(coding!, 0);
  await attempt.followUps.save(coding!, 0, { answer: 'It keeps the running total of the numbers.', final: true });
  await attempt.saveAnswer(essay!, { text: 'An index lets the database find rows without reading the whole table.' });
  await attempt.followUps.submit(essay!);
  await attempt.submit();
  return registration.testInvitationId;
};

const keyOf = async (org: TestOrg, role: 'reviewer' | 'blind-reviewer', label: string) => {
  const admin = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
  const key = await admin.admin.keys.create(org.orgId, { role, label });
  return { keyId: key.keyId, client: createClient({ baseUrl: serverUrl(), apiKey: key.apiKey, retries: 0 }) };
};

describe('FollowUpsScreen against a real server (issue 60 item 6, decision 1361)', () => {
  let org: TestOrg;
  let testId: number;
  let invitationId: number;
  let reviewer: AssayClient;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Follow-ups');
    testId = (await org.client.tests.import(followUpTest as Parameters<AssayClient['tests']['import']>[0])).testId;
    invitationId = await takeWithFollowUps(org.client, testId);
    reviewer = (await keyOf(org, 'reviewer', 'Marks panel')).client;
  });
  afterEach(() => screen?.unmount());

  it('shows a follow-up at 80×24 with the code it asks about and the rubric, marks it with 1/2/3, takes it back with u', async () => {
    screen = renderScreen(<FollowUpsScreen testId={testId} testName="Follow-up marks" blind={false} />, { client: reviewer });
    const frame = await screen.waitFor('0 of 4 marked');
    expect(frame).toContain(`Follow-up 1 of 4 · answer 1 of 2 · Ada Lovelace (invitation ${invitationId})`);
    expect(frame).toMatch(/Q: What does line (\d+), `.+`, do\?/);
    const asked = /Q: What does line (\d+)/.exec(frame)![1];
    expect(frame).toContain('A: It keeps the running total of the numbers.');
    expect(frame).toContain('from a template · sent 20');
    expect(frame).toContain('2 pastes refused in the answer box');
    expect(frame).toContain('Not marked');
    expect(frame).toContain('1 accurate: Explains accurately what their own answer does and why');
    expect(frame).toContain('2 partly: Explains part of it, or vaguely');
    expect(frame).toContain('3 not: Does not explain it, or explains something else');
    expect(frame).toMatch(/lines 1–\d+ of \d+ \(↑↓ scroll\)/);
    expect(frame).not.toContain('14 │ module.exports');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    expect(screen.chrome()).toMatchObject({ title: 'Follow-ups of Follow-up marks', hints: HINTS.followUps });

    await screen.press(KEYS.pageDown, KEYS.pageDown);
    const end = await screen.waitFor('14 │ module.exports = { sum, average };');
    expect(end).not.toContain('Q: What does line');
    // The line the template asks about is marked in the numbered code.
    expect(end).toMatch(new RegExp(`›\\s*${asked} │`));
    await screen.press(PAGE_UP, PAGE_UP);
    await screen.waitFor('Not marked');

    await screen.press('2');
    const marked = await screen.waitFor('✓ Marked partly.');
    expect(marked).toContain('1 of 4 marked');
    expect(marked).toContain('Mark: partly — Explains part of it, or vaguely');
    const stored = await org.client.grading.followUps(testId);
    expect(stored.items[0]!.followUps.map((followUp) => followUp.mark)).toEqual(['partly', null]);

    await screen.press('n');
    const second = await screen.waitFor('Follow-up 2 of 4');
    expect(second).toContain('A: (no answer)');
    expect(second.replace(/\s+/g, ' ')).toMatch(/shown 20\S+ \S+ UTC, not sent: its last saved draft/);
    await screen.press('n');
    const essay = await screen.waitFor('Follow-up 3 of 4 · answer 2 of 2');
    expect(essay).toContain('── Written answer they wrote');
    expect(essay).toContain('An index lets the database find rows without reading the whole table.');
    await screen.press('1');
    await screen.waitFor('✓ Marked accurate.');
    await screen.press('p', 'p');
    await screen.waitFor(/Follow-up 1 of 4[\s\S]*Mark: partly/);
    await screen.press('u');
    const back = await screen.waitFor('✓ Mark taken back.');
    expect(back).toContain('1 of 4 marked');
    expect(back).toContain('Not marked');
    const after = await org.client.grading.followUps(testId);
    expect(after.items.map((item) => item.followUps.map((followUp) => followUp.mark))).toEqual([
      [null, null],
      ['accurate', null],
    ]);
    await screen.press('q');
    expect(screen.passed).toEqual([{ type: 'char', char: 'q' }]);
  });

  it('names no one to a blind-reviewer key, and marks by the reference (3 = not, 0 takes it back)', async () => {
    const blind = (await keyOf(org, 'blind-reviewer', 'Blind marks')).client;
    screen = renderScreen(<FollowUpsScreen testId={testId} testName="Follow-up marks" blind={false} />, { client: blind });
    const frame = await screen.waitFor(/follow-ups · blind[\s\S]*candidate hidden/);
    expect(frame).not.toMatch(/Ada|Lovelace|invitation/);
    await screen.press('n', '3');
    const marked = await screen.waitFor('✓ Marked not.');
    expect(marked).not.toMatch(/Ada|Lovelace|invitation/);
    expect((await org.client.grading.followUps(testId)).items[0]!.followUps[1]!.mark).toBe('not');
    await screen.press('0');
    await screen.waitFor('✓ Mark taken back.');
    expect((await org.client.grading.followUps(testId)).items[0]!.followUps[1]!.mark).toBeNull();
  });

  it('shows a refused mark in the API’s words and keeps the screen', async () => {
    const { keyId, client } = await keyOf(org, 'reviewer', 'Soon revoked');
    screen = renderScreen(<FollowUpsScreen testId={testId} testName="Follow-up marks" blind={false} />, { client });
    await screen.waitFor('of 4 marked');
    await createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') }).admin.keys.revoke(org.orgId, keyId);
    await screen.press('1');
    const refused = await screen.waitFor(/✗ 401\.\d+:/);
    expect(refused).toContain('Follow-up 1 of 4');
    expect(refused).not.toContain('Marked accurate');
  });

  it('opens from the review screen with f, blind as the review is', async () => {
    screen = renderScreen(<ReviewScreen testId={testId} testName="Follow-up marks" />, { client: reviewer });
    await screen.waitFor('of 1 graded');
    await screen.press('b');
    await screen.waitFor('by question · blind');
    await screen.press('f');
    expect(screen.opened).toEqual([{ screen: 'followUps', testId, testName: 'Follow-up marks', blind: true }]);
  });
});
