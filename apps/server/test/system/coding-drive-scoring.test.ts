import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildIfStale,
  createOrg,
  diagnostics,
  importTest,
  inPool,
  killAll,
  startCallbackReceiver,
  startServer,
  waitUntil,
  type CallbackReceiver,
  type RunningServer,
} from './processes.js';
import { candidateOver, PY_VOWELS, pythonDrill, registerOn, reportOf } from './python-drill.js';

/**
 * Issue 28, item 3, for correctness (its speed is `pnpm bench`'s coding-drive scoring rows): 200 candidates submit a
 * test of three Python questions with ten hidden tests each at about the same moment, against `pnpm start` (server and
 * in-process worker sharing one sandbox). Every attempt is scored in full and every completion callback reaches a real
 * receiver, with the score in it, while other candidates' sample runs are answered.
 */
const CANDIDATES = 200;

describe('a class submitting Python answers at once (SQLite, real processes)', () => {
  let dir: string;
  let server: RunningServer;
  let receiver: CallbackReceiver;

  beforeAll(async () => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`coding-drive-scoring.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-drive-'));
    receiver = await startCallbackReceiver({ delayMs: () => 0 });
    server = await startServer('server', `sqlite:${join(dir, 'assay.db')}`, {
      ASSAY_RUN_WORKER: 'true',
      ASSAY_OUTBOX_DIR: join(dir, 'outbox'),
      // The candidate who keeps pressing Run through the burst is not to meet their budget.
      ASSAY_SAMPLE_RUNS_PER_WINDOW: '10000',
    });
  }, 180_000);

  afterAll(async () => {
    await killAll();
    await receiver?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('scores all 200 attempts and delivers all 200 callbacks, while sample runs are answered', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`coding-drive-scoring diagnostics:\n${diagnostics()}`));
    const { apiKey } = await createOrg(server.url, 'Drive Org');
    const testId = await importTest(server.url, apiKey, pythonDrill({ questions: 3, hidden: 10 }));
    const attempts = await inPool(
      Array.from({ length: CANDIDATES }, (_, i) => i),
      16,
      async (i) => {
        const { token, invitationId } = await registerOn(server.url, apiKey, testId, `drive-${i}@example.com`, receiver.url);
        const api = candidateOver(server.url, token);
        const questions = await api.start();
        for (const questionId of questions) await api.answer(questionId, PY_VOWELS);
        return { invitationId, api };
      },
    );
    const runner = await registerOn(server.url, apiKey, testId, 'still-running@example.com');
    const running = candidateOver(server.url, runner.token);
    const [question] = await running.start();

    let submitting = true;
    const runsDuringTheBurst: { status: number; passed: boolean[] }[] = [];
    const pressing = (async () => {
      while (submitting || receiver.distinctIds().size < CANDIDATES) {
        const answer = await running.run(question!, PY_VOWELS);
        runsDuringTheBurst.push({ status: answer.status, passed: answer.results.map((result) => result.passed) });
        if (runsDuringTheBurst.length > 2_000) break;
      }
    })();
    await inPool(attempts, 50, ({ api }) => api.submit());
    submitting = false;

    expect(await waitUntil(() => receiver.distinctIds().size >= CANDIDATES, 180_000, 100)).toBe(true);
    await pressing;

    const delivered = new Map<number, { CandidateScore: number; TotalScore: number }>();
    for (const request of receiver.requests) {
      const body = JSON.parse(request.body) as { TestInvitationId: number; CandidateScore: number; TotalScore: number };
      delivered.set(body.TestInvitationId, body);
    }
    expect([...delivered.keys()].sort((a, b) => a - b)).toEqual(attempts.map(({ invitationId }) => invitationId).sort((a, b) => a - b));
    for (const body of delivered.values()) expect(body).toMatchObject({ CandidateScore: 3, TotalScore: 3 });
    const reports = await inPool(attempts, 16, ({ invitationId }) => reportOf(server.url, apiKey, invitationId));
    expect(reports.every((report) => report.reportStatus === 'Generated' && report.score === '3')).toBe(true);

    // Sample runs went on meanwhile, each answered with its result: none refused, none failed.
    expect(runsDuringTheBurst.length).toBeGreaterThan(0);
    expect(runsDuringTheBurst.filter((run) => run.status !== 200 || !run.passed.every(Boolean))).toEqual([]);
  }, 400_000);
});
