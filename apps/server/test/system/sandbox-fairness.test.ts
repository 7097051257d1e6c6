import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale, createOrg, diagnostics, importTest, killAll, startServer, waitUntil, type RunningServer } from './processes.js';
import { candidateOver, PY_LOOP, PY_VOWELS, pythonDrill, registerOn, reportOf } from './python-drill.js';

/**
 * Issue 28, item 2, as the outside review tried it against `pnpm start` (server and in-process worker sharing one
 * sandbox, default settings): ten started tokens pressing Run on `while True: pass` over and over, and one
 * submission whose Python answers all loop. Neither may hold anyone else back: the honest candidate's run is
 * answered with its result (it was refused 503.2, with a Retry-After ten times too short), and another attempt is
 * scored while the looping one is still being scored (it waited behind every hidden case of every loop).
 */
const LOOPERS = 10;

describe('the sandbox shared fairly (SQLite, real processes)', () => {
  let dir: string;
  let server: RunningServer;
  let apiKey: string;

  beforeAll(async () => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`sandbox-fairness.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-fairness-'));
    server = await startServer('server', `sqlite:${join(dir, 'assay.db')}`, { ASSAY_RUN_WORKER: 'true', ASSAY_OUTBOX_DIR: join(dir, 'outbox') });
    apiKey = (await createOrg(server.url, 'Fairness Org')).apiKey;
  }, 180_000);

  afterAll(async () => {
    await killAll();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  const started = async (testId: number, emailId: string) => {
    const { token, invitationId } = await registerOn(server.url, apiKey, testId, emailId);
    const api = candidateOver(server.url, token);
    return { invitationId, api, questions: await api.start() };
  };

  it('answers an honest candidate’s run with its result while ten tokens keep looping', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`sandbox-fairness diagnostics:\n${diagnostics()}`));
    const testId = await importTest(server.url, apiKey, pythonDrill({ questions: 1, samples: 2 }));
    const loopers = await Promise.all(Array.from({ length: LOOPERS }, (_, i) => started(testId, `looper-${i}@example.com`)));
    const honest = await started(testId, 'honest@example.com');

    // Each looper presses Run again as soon as it is answered, until the honest run has its answer.
    let honestAnswered = false;
    let firstRuns = 0;
    let loopsAnswered = 0;
    const pressing = loopers.map(async ({ api, questions }) => {
      while (!honestAnswered) {
        const answer = await api.run(questions[0]!, PY_LOOP);
        expect(answer.status, JSON.stringify(answer)).toBe(200);
        expect(answer.results.map((result) => result.error)).toEqual(['Time limit exceeded', 'Time limit exceeded']);
        if (loopsAnswered++ < LOOPERS) firstRuns += 1;
      }
    });
    // The honest candidate comes once every loop has run once: from then on each loop carries what it costs.
    expect(await waitUntil(() => firstRuns === LOOPERS, 180_000)).toBe(true);
    const before = loopsAnswered;
    const answer = await honest.api.run(honest.questions[0]!, PY_VOWELS);
    const during = loopsAnswered - before;
    honestAnswered = true;
    await Promise.all(pressing);

    expect(answer.status, JSON.stringify(answer)).toBe(200);
    expect(answer.results).toEqual([expect.objectContaining({ passed: true }), expect.objectContaining({ passed: true })]);
    // It waited for a worker to come free, not behind the other loops waiting: two workers, so two loops answered
    // while it waited, give or take the ones a slow machine had already started.
    expect(during).toBeLessThanOrEqual(4);
  }, 240_000);

  it('scores another attempt while a submission whose answers loop is still being scored', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`sandbox-fairness diagnostics:\n${diagnostics()}`));
    const testId = await importTest(server.url, apiKey, pythonDrill({ questions: 3, hidden: 10 }));
    const loopers = await Promise.all(Array.from({ length: 4 }, (_, i) => started(testId, `looping-answers-${i}@example.com`)));
    const honest = await started(testId, 'honest-answers@example.com');
    for (const { api, questions } of loopers) for (const questionId of questions) await api.answer(questionId, PY_LOOP);
    for (const questionId of honest.questions) await honest.api.answer(questionId, PY_VOWELS);

    for (const { api } of loopers) await api.submit();
    await honest.api.submit();
    const status = async (invitationId: number) => (await reportOf(server.url, apiKey, invitationId)).reportStatus;
    expect(await waitUntil(async () => (await status(honest.invitationId)) === 'Generated', 120_000, 100)).toBe(true);
    const loopersThen = await Promise.all(loopers.map(({ invitationId }) => status(invitationId)));
    expect(await reportOf(server.url, apiKey, honest.invitationId)).toMatchObject({ reportStatus: 'Generated', score: '3' });
    // Submitted after all four, scored before any of them was done: their loops cost each answer one time limit,
    // and the queue put the honest answers, which cost milliseconds, before their next ones.
    expect(loopersThen.filter((reportStatus) => reportStatus === 'Generated')).toEqual([]);

    for (const { invitationId } of loopers) {
      expect(await waitUntil(async () => (await status(invitationId)) === 'Generated', 120_000, 100)).toBe(true);
      expect((await reportOf(server.url, apiKey, invitationId)).score).toBe('0');
    }
  }, 300_000);
});
