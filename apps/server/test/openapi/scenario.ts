import type { LightMyRequestResponse } from 'fastify';
import { candidate, questionIdsOf, registerFor, SUM_SOLUTION } from '../helpers/candidate.js';
import { expectSuccess } from '../helpers/expectations.js';
import { startReceiver, type Received } from '../helpers/receiver.js';
import { ADMIN_TOKEN, type Harness, type RequestOptions } from '../helpers/test-app.js';

/** One answer as the server gave it. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  contentType: string;
  body: string;
}

/** Real things to point requests at: ids, tokens and keys that exist, in every state that matters. */
export interface Scenario {
  testId: number;
  testLinkId: number;
  accessKey: string;
  questionIds: number[];
  /** Invitations: completed (scored, called back), running, pending, and one registered on the link. */
  invitations: { completed: number; running: number; pending: number; byLink: number };
  tokens: { completed: string; running: string; pending: string };
  /** More attempts under way: generated requests submit or cancel some as they go. */
  moreRunning: string[];
  jobId: number;
  /** An org only the operator API touches, so rotating its keys leaves the harness's key alone. */
  otherOrg: { orgId: number; keyIds: number[] };
  /** The signed callback Assay delivered for the completed invitation. */
  callback: Received;
  /** Path and query of the callback's ReportPDFUrl. */
  signedReportPath: string;
  /** Every answer the scenario got, in order. */
  exchanges: Exchange[];
  close(): Promise<void>;
}

export const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** Sends a request through the harness and keeps the answer. */
export const recording =
  (h: Harness, exchanges: Exchange[]) =>
  async (options: RequestOptions): Promise<LightMyRequestResponse> => {
    const response = await h.request(options);
    exchanges.push({
      method: String(options.method),
      url: options.url,
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    });
    return response;
  };

/**
 * A test taken from import to scored report: a link, candidates in each state, a delivered callback, a
 * queued test event and a second org with keys. Everything through the API, as an integrator would.
 */
export const playScenario = async (h: Harness): Promise<Scenario> => {
  const exchanges: Exchange[] = [];
  const send = recording(h, exchanges);
  const receiver = await startReceiver();
  try {
    const testId = await h.importTest();
    const link = expectSuccess<{ testLinkId: number; testLinkAccessKey: string }>(
      await send({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Open', accessTime: 0 } }),
    );
    const completed = await registerFor(h, testId, 'done@example.com', { callbackURL: receiver.url });
    const session = await h.client.candidate(completed.token).start();
    const questionIds = questionIdsOf(session);
    expectSuccess(await candidate(h, completed.token).answer(questionIds[0]!, { optionIds: [1] }));
    expectSuccess(await candidate(h, completed.token).answer(questionIds[2]!, { code: SUM_SOLUTION }));
    expectSuccess(await candidate(h, completed.token).submit());
    await h.drainJobs();
    const callback = receiver.received[0];
    if (!callback) throw new Error('the completion callback did not arrive');
    const running = await registerFor(h, testId, 'running@example.com');
    expectSuccess(await candidate(h, running.token).start());
    const pending = await registerFor(h, testId, 'pending@example.com');
    const moreRunning: string[] = [];
    for (const index of [1, 2, 3, 4, 5, 6]) {
      const { token } = await registerFor(h, testId, `running.${index}@example.com`);
      expectSuccess(await candidate(h, token).start());
      moreRunning.push(token);
    }
    const byLink = expectSuccess<{ testInvitationId: number }>(
      await send({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: 'link@example.com', fullName: 'Grace Hopper' },
      }),
    );
    const queued = expectSuccess<{ jobId: number }>(await send({ method: 'POST', url: '/v2/org/webhooks/test', body: { url: receiver.url } }));
    const org = expectSuccess<{ orgId: number }>(
      await send({ method: 'POST', url: '/admin/orgs', apiKey: null, headers: adminHeaders, body: { name: 'Other', email: 'ops@other.example' } }),
    );
    const issued = expectSuccess<{ keyId: number }>(await send({ method: 'POST', url: `/admin/orgs/${org.orgId}/keys`, apiKey: null, headers: adminHeaders }));
    const keys = expectSuccess<{ keys: Array<{ keyId: number }> }>(
      await send({ method: 'GET', url: `/admin/orgs/${org.orgId}/keys`, apiKey: null, headers: adminHeaders }),
    );
    const reportUrl = new URL(String((JSON.parse(callback.body) as { ReportPDFUrl: string }).ReportPDFUrl));
    return {
      testId,
      testLinkId: link.testLinkId,
      accessKey: link.testLinkAccessKey,
      questionIds,
      invitations: { completed: completed.invitationId, running: running.invitationId, pending: pending.invitationId, byLink: byLink.testInvitationId },
      tokens: { completed: completed.token, running: running.token, pending: pending.token },
      moreRunning,
      jobId: queued.jobId,
      otherOrg: { orgId: org.orgId, keyIds: [...new Set([issued.keyId, ...keys.keys.map((key) => key.keyId)])] },
      callback,
      signedReportPath: `${reportUrl.pathname}${reportUrl.search}`,
      exchanges,
      close: () => receiver.close(),
    };
  } catch (error) {
    await receiver.close();
    throw error;
  }
};
