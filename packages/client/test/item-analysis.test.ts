import { describe, expect, it } from 'vitest';
import { AssayError } from '../src/index.js';
import { ok, refuse, useScriptedServer } from './helpers/scripted-server.js';

const row = {
  number: 1,
  questionId: 11,
  version: '0123456789abcdef',
  type: 'single_choice',
  sectionName: 'SQL',
  attempts: 30,
  exposures: 31,
  facility: 0.5,
  discrimination: 0.05,
  upperLowerIndex: 0.125,
  medianTimeSeconds: 42.5,
  timedAttempts: 28,
  options: [
    { option: 0, text: 'right', correct: true, chosen: 15, share: 0.5, upperShare: 0.625, lowerShare: 0.5, flags: [] },
    { option: 1, text: 'never', correct: false, chosen: 0, share: 0, upperShare: 0, lowerShare: 0, flags: ['unpicked-distractor'] },
  ],
  flags: ['weak-discrimination', 'unpicked-distractor'],
};
const analysis = { testId: 7, scoredAttempts: 30, minAttempts: 20, questions: [row] };

/** client.reports.itemAnalysis (issue 62 item 5): the path and the domain's codec. */
describe('client.reports.itemAnalysis', () => {
  const scripted = useScriptedServer();

  it('reads the test’s item analysis and decodes it', async () => {
    scripted.server().script(() => ok(analysis));
    expect(await scripted.client().reports.itemAnalysis(7)).toEqual(analysis);
    expect(scripted.server().requests[0]).toMatchObject({ method: 'GET', url: '/v2/org/tests/7/item-analysis' });
  });

  it("throws the server's refusal with its statuscode", async () => {
    scripted.server().script(() => refuse('404.2', 'No test 7.'));
    const error = await scripted
      .client()
      .reports.itemAnalysis(7)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssayError);
    expect(error).toMatchObject({ statuscode: '404.2' });
  });
});
