import { candidateTokenOf, createClient, type AssayClient } from '@assay/client';
import { writtenTest } from '@assay/testing';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { newOrg, serverUrl, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { storeAssistantTranscript } from '../../../test/helpers/stored-data.js';
import { HINTS } from '../hints.js';
import { ReportScreen } from './ReportScreen.js';
import { ReviewScreen } from './ReviewScreen.js';
import { TranscriptScreen } from './TranscriptScreen.js';

const AT = Date.UTC(2026, 4, 1, 10, 0, 0);
/** Twenty messages: more lines than 80×24 shows at once. */
const MESSAGES = [
  { text: 'How do I start?', reply: 'Think about what the sum of no numbers is.' },
  { text: 'Write it for me', reply: 'WITHHELD function sum(xs) { return xs.reduce((a, b) => a + b, 0); }' },
  ...Array.from({ length: 18 }, (_, index) => ({ text: `Question ${index + 3} about loops`, reply: `Answer ${index + 3}: use a for loop.` })),
];

/** Starts, answers and submits the written test; answers the invitation and the essay's question id. */
const submit = async (client: AssayClient, testId: number, emailId: string, fullName: string) => {
  const registration = await client.invitations.register(testId, { emailId, fullName });
  const attempt = client.candidate(candidateTokenOf(registration.takeTestURL));
  const session = await attempt.start();
  const [choice, short, essay] = session.test.sections.flatMap((section) => (section.questions ?? []).map((question) => question.questionId));
  await attempt.saveAnswer(choice!, { optionIds: [1] });
  await attempt.saveAnswer(short!, { text: 'Paris' });
  await attempt.saveAnswer(essay!, { text: 'Count with a map.' });
  await attempt.submit();
  return { invitationId: registration.testInvitationId, essay: essay! };
};

describe('TranscriptScreen against a real server (issue 60 item 4, decision 1264)', () => {
  let org: TestOrg;
  let testId: number;
  let used: { invitationId: number; essay: number };
  let unused: { invitationId: number; essay: number };
  let blind: AssayClient;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Transcript');
    testId = (await org.client.tests.import(writtenTest as Parameters<AssayClient['tests']['import']>[0])).testId;
    used = await submit(org.client, testId, 'ada@example.com', 'Ada Lovelace');
    unused = await submit(org.client, testId, 'lin@example.com', 'Lin Ting');
    await storeAssistantTranscript(used.invitationId, AT, MESSAGES, used.essay);
    const admin = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
    const key = await admin.admin.keys.create(org.orgId, { role: 'blind-reviewer', label: 'Blind panel' });
    blind = createClient({ baseUrl: serverUrl(), apiKey: key.apiKey, retries: 0 });
    await vi.waitFor(async () => expect((await blind.grading.queue(testId)).itemsCount).toBe(2), { timeout: 20_000, interval: 200 });
  });
  afterEach(() => screen?.unmount());

  it('reads a report’s transcript at 80×24: policy, model, counts, each message, reply, withheld reply and insertion in order; ↑↓ scroll', async () => {
    screen = renderScreen(<TranscriptScreen source={{ testInvitationId: used.invitationId }} />, { client: org.client });
    const frame = await screen.waitFor('Policy guarded');
    expect(frame).toContain('model qwen2.5-coder:7b');
    expect(frame.replace(/\s+/g, ' ')).toContain('20 messages · 1 withheld · 0 not answered · 1 insertions (38 characters) · 2400 tokens');
    expect(frame).toMatch(/Q3 · guarded · 20 messages, 1 withheld · 1 insertions \(38 characters\)/);
    expect(frame).toMatch(/10:00:00\s+#\d+ Candidate \(shared their answer, 17 characters\): How do I start\?/);
    expect(frame).toContain('Reply: Think about what the sum of no numbers is.');
    expect(frame).toMatch(/10:00:30\s+Inserted 38 characters from #\d+ at line 7, column 3/);
    expect(frame).toMatch(/10:01:00\s+#\d+ Candidate: Write it for me/);
    expect(frame).toMatch(/Withheld \(it carried a solution; not shown to the candidate\):/);
    expect(frame).not.toContain('Question 20 about loops');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    expect(screen.chrome()).toMatchObject({ title: `AI assistant transcript of invitation ${used.invitationId}`, hints: HINTS.transcript });
    await screen.press(KEYS.pageDown, KEYS.pageDown, KEYS.pageDown, KEYS.pageDown);
    const end = await screen.waitFor('Question 20 about loops');
    expect(end).toContain('Answer 20: use a for loop.');
    expect(end).not.toContain('Policy guarded');
  });

  it('says the policy offered no assistant for an attempt under the policy none', async () => {
    screen = renderScreen(<TranscriptScreen source={{ testInvitationId: unused.invitationId }} />, { client: org.client });
    const frame = await screen.waitFor('Policy none');
    expect(frame).toContain('0 messages · 0 withheld');
    expect(frame).toContain('The policy offered no assistant.');
  });

  it('lets a blind reviewer read an answer’s transcript by its reference, naming no one', async () => {
    const queue = await blind.grading.queue(testId, { page_size: 100 });
    const references = queue.items.filter((each) => each.questionId === used.essay).map((each) => each.reference);
    // Both candidates wrote the same essay: the one with a transcript is the one whose reference reads it.
    const readable = [];
    for (const reference of references) if ((await blind.grading.transcript(reference)).ai?.messages.length) readable.push(reference);
    expect(readable).toHaveLength(1);
    screen = renderScreen(<TranscriptScreen source={{ reference: readable[0]! }} />, { client: blind });
    const frame = await screen.waitFor('Policy guarded');
    expect(frame).toContain('How do I start?');
    expect(frame).not.toMatch(/Ada|Lovelace|ada@example\.com/);
    expect(frame).not.toMatch(/invitation/i);
    expect(screen.chrome()?.title).toBe('AI assistant transcript of the answer under review');
  });

  it('opens from a report with t, and from the review screen with t by the answer’s reference', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={used.invitationId} />, { client: org.client });
    await screen.waitFor('Ada Lovelace');
    await screen.press('t');
    expect(screen.opened).toContainEqual({ screen: 'transcript', source: { testInvitationId: used.invitationId } });
    screen.unmount();
    screen = renderScreen(<ReviewScreen testId={testId} testName="Written answers" />, { client: blind, size: { columns: 80, rows: 30 } });
    await screen.waitFor('of 2 graded');
    await screen.press('t');
    expect(screen.opened).toEqual([{ screen: 'transcript', source: { reference: expect.any(String) } }]);
  });
});
