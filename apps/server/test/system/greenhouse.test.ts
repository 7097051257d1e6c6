import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startHttpPeer, startSmtpPeer, type HttpPeer, type SmtpPeer } from '@assay/testing';
import type { z } from 'zod';
import { sampleDefinition } from '../helpers/fixtures.js';
import {
  ListTestsResponse,
  ResponseErrorResponse,
  SendTestResponse,
  TestStatusResponse,
  greenhouseAuthorization,
  sendTestRequest,
} from '../helpers/greenhouse-contract.js';
import {
  buildIfStale,
  call,
  createOrg,
  diagnostics,
  importTest,
  killAll,
  scratchDatabase,
  startServer,
  startWorker,
  waitUntil,
  type RunningServer,
} from './processes.js';

const backends = ['sqlite', 'postgres'] as const;
const CALLBACK = { callbackUsername: 'gh-partner-user', callbackPassword: 'gh-partner-secret' };
const PATCH_PATH = '/integrations/testing_partners/take_home_tests/12345';

/**
 * The acceptance of issue 33, item 1: a script plays Greenhouse against a running Assay — the built server and
 * `assay-worker` as real processes, a real HTTP receiver for the PATCH, a real SMTP peer for the candidate's email — and
 * every answer is checked against the vendor's contract (helpers/greenhouse-contract.ts): list, send, poll, the
 * candidate takes the test through the candidate API, PATCH received, poll again, response_error recorded.
 */
describe.each(backends)('Greenhouse plays against a running Assay (%s, real processes)', (backend) => {
  let database: { url: string; dispose: () => Promise<void> };
  let server: RunningServer;
  let patches: HttpPeer;
  let smtp: SmtpPeer;

  beforeAll(async () => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`greenhouse.test: built ${built.join(', ')} first`);
    database = await scratchDatabase(backend, 'greenhouse', inject('pgUrl'));
    patches = await startHttpPeer((_request, response) => response.writeHead(200).end());
    smtp = await startSmtpPeer();
    server = await startServer(`server-greenhouse-${backend}`, database.url);
    await startWorker(`worker-greenhouse-${backend}`, database.url, server.url, { ASSAY_SMTP_URL: smtp.url, ASSAY_WORKER_POLL_MS: '100' });
  }, 240_000);

  afterAll(async () => {
    await killAll();
    await patches?.close();
    await smtp?.close();
    await database?.dispose();
  }, 30_000);

  /** One Greenhouse request over HTTP: the key as the Basic user name, the answer checked against the contract. */
  const greenhouse = async <Schema extends z.ZodType>(apiKey: string, method: 'GET' | 'POST', path: string, schema: Schema, body?: unknown) => {
    const response = await fetch(`${server.url}/partners/greenhouse${path}`, {
      method,
      headers: { authorization: greenhouseAuthorization(apiKey), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const parsed = schema.safeParse(JSON.parse(text));
    expect(parsed.error?.issues ?? [], text).toEqual([]);
    return parsed.data as z.infer<Schema>;
  };

  it('list, send, poll, the candidate completes, PATCH received, poll complete, response_error recorded', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(`greenhouse diagnostics:\n${diagnostics()}`));
    // The operator connects an org: a key for Greenhouse, and the credentials Greenhouse issued for its PATCH.
    const { apiKey } = await createOrg(server.url, 'Hogwarts');
    const testId = await importTest(server.url, apiKey, sampleDefinition);
    const configured = await fetch(`${server.url}/v2/org/integrations/greenhouse`, {
      method: 'PUT',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json;charset=utf-8' },
      body: JSON.stringify(CALLBACK),
    });
    expect(configured.status).toBe(200);
    expect(await configured.text()).not.toContain(CALLBACK.callbackPassword);

    // Greenhouse: the tests, then "Send Test".
    const tests = await greenhouse(apiKey, 'GET', '/list_tests', ListTestsResponse);
    expect(tests).toEqual([{ partner_test_id: String(testId), partner_test_name: 'Backend screening' }]);
    const send = sendTestRequest(String(testId), { url: `${patches.origin}${PATCH_PATH}` });
    const { partner_interview_id: interviewId } = await greenhouse(apiKey, 'POST', '/send_test', SendTestResponse, send);
    // Sent again (a double click): the same interview.
    expect((await greenhouse(apiKey, 'POST', '/send_test', SendTestResponse, send)).partner_interview_id).toBe(interviewId);
    expect(await greenhouse(apiKey, 'GET', `/test_status?partner_interview_id=${interviewId}`, TestStatusResponse)).toMatchObject({
      partner_status: 'invited',
    });

    // The candidate gets the email (once) through the worker and the SMTP peer, and takes the test with the link in it.
    expect(await waitUntil(() => smtp.to('hpotter@hogwarts.edu').length > 0, 30_000)).toBe(true);
    const [mail] = smtp.to('hpotter@hogwarts.edu');
    expect(mail!.text).toContain('You are invited to take "Backend screening"');
    const link = /https?:\/\/\S+\/t\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? '');
    expect(link).not.toBeNull();
    const token = link![1]!;
    const session = await call<{ test: { sections: { questions?: { questionId: number }[] }[] } }>(server.url, 'POST', `/candidate/v1/${token}/start`);
    const [single] = session.test.sections.flatMap((section) => section.questions ?? []);
    const answered = await fetch(`${server.url}/candidate/v1/${token}/answers/${single!.questionId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json;charset=utf-8' },
      body: JSON.stringify({ optionIds: [1] }),
    });
    expect(answered.status).toBe(200);
    await call(server.url, 'POST', `/candidate/v1/${token}/submit`);

    // The worker scores it and PATCHes Greenhouse: no body, the org's Basic credentials.
    expect(await waitUntil(() => patches.requests.length > 0, 60_000)).toBe(true);
    const [patch] = patches.requests;
    expect(patch).toMatchObject({ method: 'PATCH', url: PATCH_PATH, body: '' });
    expect(patch!.headers.authorization).toBe(greenhouseAuthorization(CALLBACK.callbackUsername, CALLBACK.callbackPassword));

    // Greenhouse then asks test_status: complete, with the score and a report link that opens the PDF.
    const status = await greenhouse(apiKey, 'GET', `/test_status?partner_interview_id=${interviewId}`, TestStatusResponse);
    expect(status).toMatchObject({ partner_status: 'complete', partner_score: 2 });
    const pdf = await fetch(status.partner_profile_url!);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Greenhouse reports an answer it could not use: 200, and the invitation's history has it.
    await greenhouse(apiKey, 'POST', '/response_error', ResponseErrorResponse, {
      api_call: 'test_status',
      errors: ['metadata value is not a primitive'],
      partner_test_id: String(testId),
      partner_interview_id: interviewId,
      candidate_email: 'hpotter@hogwarts.edu',
    });
    const invitations = await call<{ events: { testInvitationId: number }[] }>(server.url, 'GET', '/v2/org/events?from=1970-01-01T00:00:00Z', { apiKey });
    const invitationId = invitations.events[0]!.testInvitationId;
    const history = await call<{ entries: { kind: string; details: Record<string, unknown> }[] }>(
      server.url,
      'GET',
      `/v2/org/testinvitation/${invitationId}/history`,
      { apiKey },
    );
    expect(history.entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['created', 'submitted', 'scored', 'delivery', 'greenhouse-error']));
    expect(history.entries.find((entry) => entry.kind === 'created')?.details).toMatchObject({ via: 'greenhouse' });
    expect(history.entries.filter((entry) => entry.kind === 'delivery').map((entry) => entry.details.channel)).toEqual(
      expect.arrayContaining(['email', 'greenhouse']),
    );
    expect(history.entries.find((entry) => entry.kind === 'greenhouse-error')?.details).toMatchObject({
      apiCall: 'test_status',
      errors: ['metadata value is not a primitive'],
    });
    // Exactly one email for the two sends, and one PATCH.
    expect(smtp.to('hpotter@hogwarts.edu')).toHaveLength(1);
    expect(patches.requests).toHaveLength(1);
  }, 180_000);
});
