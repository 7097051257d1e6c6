import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFor } from '../helpers/candidate.js';
import { expectFailure } from '../helpers/expectations.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Exports are rendered by a bounded pool: with one thread and no queue, a second export at the same time is refused
 * at once with 503.2 and Retry-After, never queued without bound, and the pool serves the next one normally.
 */
describe.each(backends)('a full export queue on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let invitationId: number;

  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_EXPORT_THREADS: '1', ASSAY_EXPORT_QUEUE: '0' });
    testId = await h.importTest();
    ({ invitationId } = await registerFor(h, testId, 'queue@example.com'));
  });
  afterAll(() => h.close());

  const exportsAtOnce = (count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        h.request({ method: 'GET', url: index % 2 === 0 ? `/v2/org/report/${invitationId}/pdf` : `/v2/org/report/${testId}/excel` }),
      ),
    );

  it('answers 503.2 with Retry-After beyond capacity, and serves what it admitted', async () => {
    const answers = await exportsAtOnce(4);
    const served = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(served).toHaveLength(1);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expectFailure(answer, '503.2');
      expect(answer.headers['retry-after']).toBe('5');
    }
  });

  // A workbook's place frees when its last byte is read: the next export asked right after is served, not refused.
  it('serves again once the running export is done', async () => {
    const workbook = `/v2/org/report/${testId}/excel`;
    for (const url of [workbook, workbook, workbook, `/v2/org/report/${invitationId}/pdf`, workbook]) {
      const answer = await h.request({ method: 'GET', url });
      expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    }
  });
});
