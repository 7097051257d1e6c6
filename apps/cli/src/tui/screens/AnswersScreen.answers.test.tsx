import { candidateTokenOf, type AssayClient } from '@assay/client';
import { writtenTest } from '@assay/testing';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newOrg, serverUrl, type TestOrg } from '../../../test/helpers/org.js';
import { cleanEnv, runAssay } from '../../../test/helpers/run-assay.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { AnswersScreen } from './AnswersScreen.js';
import { ReportScreen } from './ReportScreen.js';

/**
 * Thirty numbered lines: more than the screen shows at once. (No escape code: the server refuses one in an essay with
 * 400.2; a code answer keeps its own, neutralised on screen — src/format/answer-lines.test.ts.)
 */
const ESSAY = Array.from({ length: 30 }, (_, index) => (index === 2 ? 'Step 3: then on.' : `Step ${index + 1}: look again.`)).join('\n');

/** Issue 50, item 3: each answer on screen — options against the key, the written text, a person's grade. */
describe('AnswersScreen shows the answers, marks and grades against a real server', () => {
  let org: TestOrg;
  let invitationId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Answers on screen');
    const testId = (await org.client.tests.import(writtenTest as Parameters<AssayClient['tests']['import']>[0])).testId;
    const registration = await org.client.invitations.register(testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    invitationId = registration.testInvitationId;
    const attempt = org.client.candidate(candidateTokenOf(registration.takeTestURL));
    const session = await attempt.start();
    const questions = session.test.sections.flatMap((section) => section.questions ?? []);
    const [choice, short, essay] = questions.map((question) => question.questionId);
    // "a" is not in the key; "b" is.
    const first = questions[0]!;
    const wrong = ('options' in first ? first.options : []).find((option) => option.text === 'a')!.optionId;
    await attempt.saveAnswer(choice!, { optionIds: [wrong] });
    await attempt.saveAnswer(short!, { text: 'Lyon' });
    await attempt.saveAnswer(essay!, { text: ESSAY });
    await attempt.submit();
    await vi.waitFor(async () => expect((await org.client.grading.queue(testId)).itemsCount).toBe(2), { timeout: 20_000, interval: 200 });
    await org.client.grading.grade(invitationId, essay!, {
      marks: 4,
      criteria: [
        { criterion: 'Correctness', marks: 3 },
        { criterion: 'Clarity', marks: 1 },
      ],
      comment: 'Clear steps; the third is vague.',
    });
    await org.client.grading.grade(invitationId, short!, { marks: 0 });
  }, 60_000);
  afterEach(() => screen?.unmount());

  it('lists the marks per question, opens each answer, scrolls a long essay and shows its grade at 80×24', async () => {
    screen = renderScreen(<AnswersScreen testInvitationId={invitationId} />, { client: org.client });
    const list = await screen.waitFor('Q1 choice 0/1');
    expect(list).toContain('Q3 written 4/5');
    await screen.press(KEYS.enter);
    const choice = await screen.waitFor('Pick b');
    expect(choice).toContain('Q1 · Written · single choice · 0 of 1 mark');
    expect(choice).toMatch(/\(•\) A\. a — chosen, wrong/);
    expect(choice).toMatch(/\( \) B\. b — in the key, not chosen/);
    await screen.press(KEYS.right);
    const short = await screen.waitFor('Capital of France?');
    expect(short).toContain('Lyon');
    expect(short).toContain('Q2 · Written · short answer · 0 of 2 marks');
    expect(short).toContain('Matches no accepted answer.');
    await screen.press(KEYS.right);
    const essay = await screen.waitFor('Explain your approach.');
    expect(essay).toContain('Q3 · Written · written answer · 4 of 5 marks');
    // The ESC and BEL of the essay are shown as their pictures, never sent to the terminal.
    expect(essay).toContain('Step 3: then on.');
    expect(essay).toMatch(/lines 1–\d+ of \d+ · question 3 of 3/);
    expect(essay).not.toContain('Grade: 4 marks');
    await screen.press(KEYS.pageDown, KEYS.pageDown, KEYS.pageDown, KEYS.pageDown);
    const graded = await screen.waitFor('Grade: 4 marks by');
    expect(graded).toContain('Correctness: 3 marks');
    expect(graded).toContain('Clear steps; the third is vague.');
    expect(widestLine(graded)).toBeLessThanOrEqual(80);
    await screen.press(KEYS.escape);
    await screen.waitFor('Q1 choice 0/1');
    expect(screen.passed).toEqual([]);
  });

  it('fits the answer at 120×40 without scrolling the grade away', async () => {
    screen = renderScreen(<AnswersScreen testInvitationId={invitationId} />, { client: org.client, size: { columns: 120, rows: 40 } });
    await screen.waitFor('Q3 written 4/5');
    await screen.press(KEYS.down, KEYS.down, KEYS.enter);
    const essay = await screen.waitFor('Explain your approach.');
    expect(essay).toContain('Step 30: look again.');
    expect(widestLine(essay)).toBeLessThanOrEqual(120);
  });

  it('shows per-question marks, percentile, verdict and extra time on the report screen', async () => {
    screen = renderScreen(<ReportScreen testInvitationId={invitationId} />, { client: org.client });
    // Scored once both answers are graded: the screen refreshes by itself until then.
    const frame = await screen.waitFor('Verdict ', 20_000);
    expect(frame).toContain('Marks: Q1 0/1 · Q2 0/2 · Q3 4/5');
    expect(frame).toMatch(/Percentile – \(under 5 attempts\) · Verdict no band · Extra time none/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });

  it('prints the same view with `assay report ID --details`, and the details document with --json', async () => {
    const home = mkdtempSync(join(tmpdir(), 'assay-details-'));
    const env = cleanEnv({ HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ASSAY_URL: serverUrl(), ASSAY_API_KEY: org.apiKey });
    const text = await runAssay(['report', String(invitationId), '--details'], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Candidate: +Ada Lovelace <ada@example.com>$/m);
    expect(text.stdout).toMatch(/^Marks: +Q1 0\/1 · Q2 0\/2 · Q3 4\/5$/m);
    expect(text.stdout).toContain('(•) A. a — chosen, wrong');
    expect(text.stdout).toContain('Step 3: then on.');
    expect(text.stdout).not.toContain('\u001b');
    expect(text.stdout).toContain('Grade: 4 marks by');
    const json = await runAssay(['report', String(invitationId), '--details', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual(await org.client.reports.details(invitationId));
    expect((await runAssay(['report', String(invitationId), '--details', '--sections'], env)).code).toBe(2);
  }, 90_000); // three runs of the built CLI as a process each: slow on a busy machine
});
