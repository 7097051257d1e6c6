import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, PermissionDeniedError, BadRequestError, candidateTokenOf } from '@assay/client';
import { SUM_SOLUTION } from '../helpers/candidate.js';
import { backends } from '../helpers/test-app.js';
import { questionIdsOf, sampleDefinition, startClientHarness, type ClientHarness } from './client-harness.js';

const IMAGE = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe.each(backends)('@assay/client candidate API against the real server on %s', (backend) => {
  let t: ClientHarness;
  let testId: number;
  beforeAll(async () => {
    t = await startClientHarness(backend);
    testId = (await t.client.tests.import(sampleDefinition)).testId;
  });
  afterAll(() => t.close());

  it('takes a test with the token alone: session, start, answers, proctoring, snapshot, run, submit', async () => {
    const link = await t.client.testLinks.create(testId, { testLinkName: 'Proctored', accessTime: 0, imageProctoring: 1 });
    const { testUrl } = await t.client.testLinks.register(testId, link.testLinkId, { emailId: 'taker@example.com', fullName: 'Grace Hopper' });
    // A client without any API key: the candidate side never needs one.
    const attempt = t.clientWith({ apiKey: undefined, adminToken: undefined }).candidate(candidateTokenOf(testUrl));

    const before = await attempt.session();
    expect(before).toMatchObject({ state: 'Pending', candidate: { fullName: 'Grace Hopper', emailId: 'taker@example.com' }, imageProctoring: true });
    const started = await attempt.start();
    expect(started.state).toBe('In progress');
    const [single, multiple, coding] = questionIdsOf(started);

    expect(await attempt.saveAnswer(single!, { optionIds: [1] })).toMatchObject({ questionId: single, savedAt: expect.any(String) });
    await attempt.saveAnswer(multiple!, { optionIds: [0, 1] });
    await attempt.saveAnswer(coding!, { code: SUM_SOLUTION });
    await expect(attempt.saveAnswer(single!, { optionIds: [0, 1] })).rejects.toMatchObject({ statuscode: '400.10' });

    const now = Date.now();
    expect(await attempt.reportEvent({ type: 'left', at: new Date(now).toISOString() })).toEqual({ wv: 1, tv: 0 });
    const back = await attempt.reportEvent({ type: 'returned', at: new Date(now + 2_000).toISOString() });
    expect(back.wv).toBe(1);

    // One pixel shows nothing: stored, and counted as an image violation (decision 972).
    expect(await attempt.uploadSnapshot(IMAGE)).toEqual({ snapshotId: expect.any(Number), iv: 1 });
    const run = await attempt.runCode(coding!, SUM_SOLUTION);
    expect(run.results).toMatchObject([{ passed: true, args: [[1, 2]], expected: 3, actual: 3, timeMs: expect.any(Number) }]);
    // With its language named: one the question accepts.
    expect((await attempt.runCode(coding!, { code: SUM_SOLUTION, language: 'javascript' })).results).toMatchObject([{ passed: true }]);
    await expect(attempt.runCode(coding!, { code: SUM_SOLUTION, language: 'python' })).rejects.toMatchObject({ statuscode: '400.2' });

    expect((await attempt.session()).answers[String(coding)]).toMatchObject({ code: SUM_SOLUTION });
    expect((await attempt.submit()).state).toBe('Completed');
    await expect(attempt.start()).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('starts, follows and cancels runs, narrowed by their state: sample tests and custom input', async () => {
    const { takeTestURL } = await t.client.invitations.register(testId, { emailId: 'runner@example.com', fullName: 'Frances Allen' });
    const attempt = t.clientWith({ apiKey: undefined, adminToken: undefined }).candidate(candidateTokenOf(takeTestURL));
    const [, , coding] = questionIdsOf(await attempt.start());

    let run = await attempt.runs.start({ questionId: coding!, code: SUM_SOLUTION }, { waitMs: 20_000 });
    while (run.state === 'queued' || run.state === 'running') run = await attempt.runs.get(run.runId, { waitMs: 20_000, since: run.version });
    // Narrowed by its state: only a done run has results.
    if (run.state !== 'done') throw new Error(`the run ended ${run.state}`);
    expect(run.results).toMatchObject([{ passed: true, actual: 3 }]);
    expect(await attempt.runs.get(run.runId)).toEqual(run);
    await expect(attempt.runs.cancel(run.runId)).rejects.toMatchObject({ statuscode: '409.2' });

    let custom = await attempt.runs.start({ questionId: coding!, code: SUM_SOLUTION, customArgs: [[4, 5, 6]] }, { waitMs: 20_000 });
    while (custom.state === 'queued' || custom.state === 'running') custom = await attempt.runs.get(custom.runId, { waitMs: 20_000 });
    expect(custom).toMatchObject({ state: 'done', kind: 'custom', custom: { args: [[4, 5, 6]], actual: 15 } });

    await expect(attempt.runs.get('no-such-run')).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.client.candidate('no-such-token').runs.cancel(run.runId)).rejects.toMatchObject({ statuscode: '404.7' });
  });

  it('reads a public link and registers on it; unknown tokens and keys are 404s', async () => {
    const link = await t.client.testLinks.create(testId, { testLinkName: 'Open day', accessTime: 0 });
    const publicLink = t.clientWith({ apiKey: undefined }).publicLink(link.testLinkAccessKey);
    expect(await publicLink.view()).toMatchObject({ testName: 'Backend screening', verdict: 'open', inviteCandidateOnly: false, message: null });
    const { testUrl } = await publicLink.register({ fullName: 'Walk In', emailId: 'walkin@example.com' });
    expect((await t.client.candidate(candidateTokenOf(testUrl!)).session()).candidate.emailId).toBe('walkin@example.com');
    expect(await publicLink.register({ fullName: 'Someone Else', emailId: 'WALKIN@example.com' })).toMatchObject({ testUrl: null, sentByEmail: true });
    await expect(publicLink.register({ fullName: '', emailId: 'walkin@example.com' })).rejects.toBeInstanceOf(BadRequestError);

    await expect(t.client.candidate('no-such-token').session()).rejects.toMatchObject({ statuscode: '404.7' });
    const missing = await t.client
      .publicLink('no-such-key')
      .view()
      .catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ statuscode: '404.9' });

    const inviteOnly = await t.client.testLinks.create(testId, { testLinkName: 'Invited', accessTime: 0, inviteCandidateOnly: 1 });
    await expect(t.client.publicLink(inviteOnly.testLinkAccessKey).register({ fullName: 'X', emailId: 'x@example.com' })).rejects.toMatchObject({
      statuscode: '403.10',
    });
  });
});
