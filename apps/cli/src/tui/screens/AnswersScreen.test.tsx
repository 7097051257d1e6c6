import type { StartedCandidateSession } from '@assay/domain/candidate';
import type { TestDetails } from '@assay/domain/schemas';
import { candidateTokenOf } from '@assay/client';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../test/helpers/built-packages.js';
import { newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { AnswersScreen } from './AnswersScreen.js';
import { SimilarPairScreen } from './SimilarPairScreen.js';

/** A Python answer long enough to be fingerprinted (similarity compares from six distinct hashes up). */
const SOLUTION = [
  'def count_words(text):',
  '    count = 0',
  '    inside = False',
  '    for character in text:',
  '        if character.isspace():',
  '            inside = False',
  '        elif not inside:',
  '            inside = True',
  '            count = count + 1',
  '    return count',
  '',
  'def main():',
  '    print(count_words("a b  c"))',
  '    print(count_words(""))',
].join('\n');

const codingOf = (session: StartedCandidateSession) =>
  session.test.sections.flatMap((section) => section.questions).find((question) => question.type === 'coding')!;

/** Ada types the answer in two saves (more than the 5 s a frame folds), pasting the second half; Grace pastes the same code. */
describe('AnswersScreen and SimilarPairScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let adaId: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Answers');
    test = await org.client.tests.import(JSON.parse(readFileSync(join(ROOT, 'examples/tests/pooled-web-fundamentals.json'), 'utf8')));
    const ada = await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' });
    const grace = await org.client.invitations.register(test.testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' });
    adaId = ada.testInvitationId;
    const half = SOLUTION.split('\n').slice(0, 3).join('\n');
    const adaAttempt = org.client.candidate(candidateTokenOf(ada.takeTestURL));
    const coding = codingOf(await adaAttempt.start());
    await adaAttempt.reportEvent({ type: 'question', at: new Date().toISOString(), questionId: coding.questionId });
    await adaAttempt.saveAnswer(coding.questionId, { code: half, language: 'python' });
    await new Promise((resolve) => setTimeout(resolve, 5_600));
    await adaAttempt.reportEvent({
      type: 'paste',
      at: new Date().toISOString(),
      questionId: coding.questionId,
      chars: SOLUTION.length - half.length,
      lines: 11,
    });
    await adaAttempt.saveAnswer(coding.questionId, { code: SOLUTION, language: 'python' });
    await adaAttempt.submit();
    const graceAttempt = org.client.candidate(candidateTokenOf(grace.takeTestURL));
    await graceAttempt.saveAnswer(codingOf(await graceAttempt.start()).questionId, { code: SOLUTION.replaceAll('count', 'total'), language: 'python' });
    await graceAttempt.submit();
    // The in-process worker scores both and compares them; wait for the pair.
    const deadline = Date.now() + 75_000; // scoring and comparing run in the worker: slow on a busy machine
    while (((await org.client.reports.details(adaId)).integrity.similarity ?? []).length === 0) {
      if (Date.now() > deadline) throw new Error('no similarity pair was found');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 90_000);
  afterEach(() => screen?.unmount());

  it('shows the variant, each question with its time and signals, and steps through the playback at 80×24', async () => {
    screen = renderScreen(<AnswersScreen testInvitationId={adaId} />, { client: org.client });
    const list = await screen.waitFor('Variant:');
    expect(list).toMatch(/Variant: .*of 6 drawn, questions and options shuffled/);
    expect(list).toMatch(/Asked in this order: Q1 #\d+/);
    expect(list).toMatch(/coding \d+\/\d+ · .* · 1 paste \(\d+ chars\)/);
    // The test tags its questions with skills apart from its sections: the scored attempt's points per skill.
    expect(list).toMatch(/^Skills: \S+ \d+(\.\d+)?\/\d+(\.\d+)? \(\d+(\.\d+)?%\)/m);
    expect(widestLine(list)).toBeLessThanOrEqual(80);
    const details = await org.client.reports.details(adaId);
    const coding = details.questions.find((question) => question.type === 'coding')!;
    for (let index = 1; index < coding.number; index++) await screen.press(KEYS.down);
    await screen.waitFor('p: step through how this code was written');
    // Enter opens the answer: the code numbered. (Its colours are the tones of src/format/answer-lines.test.ts: whether
    // Ink draws them at all depends on the terminal the tests run in, so they are not asserted on this frame.)
    await screen.press(KEYS.enter);
    const answer = await screen.waitFor('Python · ');
    expect(answer).toContain(`Q${coding.number} · `);
    expect(answer).toMatch(/^ *1 │ def count_words\(text\):$/m);
    await screen.press('p');
    // It opens on the last frame: the code as submitted.
    const last = await screen.waitFor('Frame 2 of 2');
    expect(last).toContain('def main():');
    expect(last).toMatch(new RegExp(`Q${coding.number} Python · `));
    await screen.press(KEYS.left);
    const first = await screen.waitFor('Frame 1 of 2');
    expect(first).toContain('def count_words(text):');
    expect(first).not.toContain('def main():');
    expect(first).toMatch(/\+\d+ −0 chars/);
    await screen.press(KEYS.end);
    await screen.waitFor('Frame 2 of 2');
    await screen.press(KEYS.escape);
    await screen.waitFor('Variant:');
    expect(screen.passed).toEqual([]);
  });

  it("shows a pair's regions side by side, and says so when the report no longer lists it", async () => {
    const details = await org.client.reports.details(adaId);
    const pair = details.integrity.similarity![0]!;
    screen = renderScreen(<SimilarPairScreen testInvitationId={adaId} eventId={pair.eventId!} />, { client: org.client });
    const frame = await screen.waitFor('THIS ANSWER');
    expect(frame).toContain(`similar to Grace Hopper #${pair.otherTestInvitationId}`);
    expect(frame).toMatch(/Region 1 of \d+ · lines \d+–\d+ ≈ their \d+–\d+/);
    expect(frame).toMatch(/count = 0\s+│\s+\d+\s+total = 0/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    screen.unmount();
    screen = renderScreen(<SimilarPairScreen testInvitationId={adaId} eventId="similarity-999999" />, { client: org.client });
    await screen.waitFor('The report no longer lists this pair');
  });
});
