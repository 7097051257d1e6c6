import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFor } from '../helpers/candidate.js';
import { expectFailure } from '../helpers/expectations.js';
import { backends, startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Issue 48 item 3 (decision 642): a PDF render past its time budget is stopped and answered 503.5 in the v2 envelope —
 * not 500.1, no Retry-After — and its place is freed: the next PDF is rendered (here stopped again), never left waiting.
 */
describe.each(backends)('the time budget of a PDF on %s', (backend) => {
  let h: Harness;
  let invitationId: number;

  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_EXPORT_THREADS: '1', ASSAY_EXPORT_QUEUE: '1', ASSAY_EXPORT_PDF_TIME_BUDGET_MS: '1' });
    const testId = await h.importTest();
    ({ invitationId } = await registerFor(h, testId, 'budget@example.com'));
  });
  afterAll(() => h.close());

  it('answers 503.5 for a render stopped for its budget, and takes the next ones', async () => {
    const pdf = () => h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    const stopped = expectFailure(await pdf(), '503.5');
    expect(stopped.result).toBe(
      "The PDF took longer than its 0.001-second budget to render and was stopped. The report's data is complete at GET /v2/org/report/{id}/details; try the PDF again later, when the server is less busy.",
    );
    // Two at once on one thread: one runs, one waits, and both are answered once the first is stopped.
    for (const answer of await Promise.all([pdf(), pdf()])) {
      expectFailure(answer, '503.5');
      expect(answer.headers['retry-after']).toBeUndefined();
    }
  });
});
