import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { CandidateSession } from '@assay/domain';
import { candidate, manualClock, questionIdsOf, tokenOf } from './helpers/candidate.js';
import { drainOutbox } from './helpers/drain-outbox.js';
import { expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { startReceiver } from './helpers/receiver.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const HOUR = 3_600_000;
const START = Math.floor(Date.now() / 1000) * 1000;
/** iMocha's UTC date-time form, `YYYY-MM-ddTHH:mm:ssZ`. */
const utc = (at: number) => `${new Date(at).toISOString().slice(0, 19)}Z`;

interface Invited {
  testInvitationId: number;
  testUrl: string;
  status: string;
}

/** The status iMocha documents for the call, and the body as it is. */
const answered = <T>(response: LightMyRequestResponse, status: number): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};

/**
 * An integrator's first day with Assay (issue 59, point 3): each body is copied from iMocha's public v3 reference — the
 * samples and field tables of "Update Test Settings", "Invite candidate", "Reattempt Test" and "Retrieve Invites" —
 * and posted as it is, only the addresses made ours (the callback at a real receiver, candidates at example.com). The
 * answers asserted are the ones iMocha documents: 201 for the settings and the invite, the pending invitation, its
 * callbacks, `"testStatus": "Completed"`, section times in minutes.
 */
describe.each(backends)('iMocha v3 documented samples posted as they are, on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const clock = manualClock(START);
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-v3-samples-'));
  let testId: number;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    smtp = await startSmtpPeer();
    receiver = await startReceiver();
    // iMocha's settings sample names its test "A11": the test keeps its name (decision 883), so ours is called that.
    testId = await h.importTest({ ...sampleDefinition, testName: 'A11' });
  }, 240_000);
  afterAll(async () => {
    await receiver.close();
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  const post = (url: string, body: unknown) => h.request({ method: 'POST', url, body });
  const drain = () => drainOutbox(h, smtp.url, outboxDir, { now: clock.now });
  const sessionOf = async (testUrl: string) => (await candidate(h, tokenOf(testUrl)).session()).json<{ result: CandidateSession }>().result;

  it('Update Test Settings: the sample’s 0/1 switches are taken, 201 answers them as booleans', async () => {
    const sample = {
      testSettings: { testName: 'A11', testAliasName: 'A11', typeOfTest: 1, practiceTest: 1 },
      questionSettings: { randomQuestions: 0, randomAnswers: 0, showQuestionScore: 0 },
      displayMessageSettings: { sectionEndPopup: 0, sectionTimeLeftAlert: 0, candidateFeedback: 0 },
      emailSettings: { sendTestReportEmailToCandidate: 0 },
      imageProctoringSettings: { terminateTestOnImageViolation: 0, terminateTestAfterViolationCount: 1 },
      windowViolationSettings: {
        copyPaste: 0,
        displayViolationSettings: { displayViolationPopUp: 1, terminateTestOnWindowViolation: 1, terminateTestAfterViolationCount: 1 },
      },
    };
    const stored = answered<Record<string, Record<string, unknown>>>(await post(`/v3/tests/${testId}/settings`, sample), 201);
    expect(stored.testSettings).toEqual({ testName: 'A11', testAliasName: 'A11', typeOfTest: 1, practiceTest: true });
    expect(stored.questionSettings).toEqual({ randomQuestions: false, randomAnswers: false, showQuestionScore: false });
    expect(stored.windowViolationSettings).toEqual({
      copyPaste: false,
      displayViolationSettings: { displayViolationPopUp: true, terminateTestOnWindowViolation: true, terminateTestAfterViolationCount: 1 },
    });
    // What a GET answers is taken back unchanged: an integration may read, edit and send.
    const read = answered<unknown>(await h.request({ method: 'GET', url: `/v3/tests/${testId}/settings` }), 200);
    expect(answered(await post(`/v3/tests/${testId}/settings`, read), 201)).toEqual(read);
    // A switch that is neither 0/1 nor a boolean is refused by name, nothing stored.
    const refused = await post(`/v3/tests/${testId}/settings`, { ...sample, questionSettings: { ...sample.questionSettings, randomQuestions: 2 } });
    expect([refused.statusCode, refused.json().message]).toEqual([400, expect.stringContaining('randomQuestions')]);
    // Back to what the rest of this walk expects: no practice test, no window limit.
    const plain = { ...sample, testSettings: { ...sample.testSettings, practiceTest: 0 } };
    answered(
      await post(`/v3/tests/${testId}/settings`, {
        ...plain,
        windowViolationSettings: {
          ...sample.windowViolationSettings,
          copyPaste: 1,
          displayViolationSettings: { displayViolationPopUp: 0, terminateTestOnWindowViolation: 0, terminateTestAfterViolationCount: 0 },
        },
      }),
      201,
    );
  });

  it('Invite candidate: the sample (callbackURL, redirectURL, 0/1 switches) answers 201, and its callbackURL gets both callbacks', async () => {
    receiver.received.length = 0;
    receiver.script([{ status: 200 }, { status: 200 }]);
    const sample = {
      email: 'amey@example.com',
      name: 'amey',
      callbackURL: receiver.url,
      redirectURL: 'https://www.interviewmocha.com/',
      disableMandatoryFields: 0,
      hideInstruction: 0,
    };
    const invited = answered<Invited>(await post(`/v3/tests/${testId}/invite`, sample), 201);
    expect(invited).toEqual({ testInvitationId: expect.any(Number), testUrl: expect.stringMatching(/^https:\/\/assay\.test\/t\//), status: 'Pending' });
    const session = await sessionOf(invited.testUrl);
    expect(session.redirectURL).toBe('https://www.interviewmocha.com/');
    expect(session.hideInstructions).toBeUndefined();

    const api = candidate(h, tokenOf(invited.testUrl));
    const [single] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.submit());
    await h.drainJobs();
    await drain();
    const callbacks = receiver.received.map((request) => JSON.parse(request.body) as { Status: string; TestInvitationId: number });
    expect(callbacks.map(({ Status, TestInvitationId }) => [Status, TestInvitationId])).toEqual([
      ['In Progress', invited.testInvitationId],
      ['Complete', invited.testInvitationId],
    ]);

    // Retrieve Invites: the sample window, the sample's words.
    const window = { StartDateTime: utc(START - HOUR), EndDateTime: utc(START + HOUR) };
    const attempts = answered<{ result: { testAttempts: Record<string, unknown>[] }; errors: null }>(
      await post('/v3/candidates/testattempts?state=completed', window),
      200,
    );
    expect(attempts.errors).toBeNull();
    expect(attempts.result.testAttempts).toContainEqual({
      testInvitationId: invited.testInvitationId,
      testId,
      name: 'amey',
      email: 'amey@example.com',
      invitationtype: 'api',
      testStatus: 'Completed',
    });

    // Retrieve candidate test report: sectionTime in minutes, sectionTimeTaken in seconds.
    const report = answered<{ status: string; sections: { sectionName: string; sectionTime: number }[] }>(
      await h.request({ method: 'GET', url: `/v3/reports/${invited.testInvitationId}?reportType=1` }),
      200,
    );
    expect(report.status).toBe('Complete');
    expect(report.sections.map(({ sectionName, sectionTime }) => [sectionName, sectionTime])).toEqual([
      ['Fundamentals', 20],
      ['Coding', 40],
    ]);

    // Reattempt Test, its field table's types: a new invitation for a completed one.
    const again = answered<{ testInvitationId: number; callbackUrlRegistered: boolean }>(
      await post(`/v3/invitations/${invited.testInvitationId}/reattempt`, {
        StartDateTime: utc(START),
        EndDateTime: utc(START + 48 * HOUR),
        CallbackUrl: receiver.url,
        RedirectUrl: 'https://www.interviewmocha.com/',
        hideInstruction: 0,
        sendEmail: 'no',
      }),
      200,
    );
    expect(again.testInvitationId).not.toBe(invited.testInvitationId);
    expect(again.callbackUrlRegistered).toBe(true);
  });

  it('Invite candidate with every documented field: sendEmail "yes", stakeholderEmails one string, a future start honoured', async () => {
    const opensAt = START + 2 * HOUR;
    const body = {
      email: 'may@example.com',
      name: 'May',
      callbackUrl: receiver.url,
      redirectUrl: 'https://www.interviewmocha.com/',
      disableMandatoryFields: 0,
      hideInstruction: 1,
      sendEmail: 'yes',
      stakeholderEmails: 'lead@example.com,panel@example.com',
      startDateTime: utc(opensAt),
      endDateTime: utc(opensAt + 24 * HOUR),
    };
    const invited = answered<Invited>(await post(`/v3/tests/${testId}/invite`, body), 201);
    expect(invited.status).toBe('Pending');
    await drain();
    expect(smtp.to('may@example.com')[0]?.text).toContain(invited.testUrl);
    const session = await sessionOf(invited.testUrl);
    expect(session.hideInstructions).toBe(true);
    expect(session.access.verdict).toBe('notYetOpen');
    expect(session.invitationOpensAt).toBe(new Date(opensAt).toISOString());

    // Reattempt Test of a Pending invitation: iMocha answers the same invitation, renewed.
    const renewed = answered<{ testInvitationId: number }>(
      await post(`/v3/invitations/${invited.testInvitationId}/reattempt`, {
        StartDateTime: utc(opensAt),
        EndDateTime: utc(opensAt + 48 * HOUR),
        hideInstruction: 1,
        sendEmail: 'no',
      }),
      200,
    );
    expect(renewed.testInvitationId).toBe(invited.testInvitationId);

    clock.set(opensAt);
    const api = candidate(h, tokenOf(invited.testUrl));
    const [single] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.submit());
    // Scored and told through the real SMTP peer (the harness's own worker would write the emails to files).
    await drain();
    // Both stakeholders of the one string were told of the completion.
    for (const address of ['lead@example.com', 'panel@example.com']) expect(smtp.to(address), address).toHaveLength(1);
  });

  it('disableMandatoryFields 1: no email and no name needed, and nothing is mailed to the address Assay made up', async () => {
    const invited = answered<Invited>(await post(`/v3/tests/${testId}/invite`, { disableMandatoryFields: 1, hideInstruction: 0 }), 201);
    const session = await sessionOf(invited.testUrl);
    expect(session.candidate.emailId).toMatch(/^candidate-[a-z0-9]{8}@candidates\.invalid$/);
    expect(session.candidate.fullName).toMatch(/^Candidate [A-Z0-9]{8}$/);
    const other = answered<Invited>(await post(`/v3/tests/${testId}/invite`, { disableMandatoryFields: 1 }), 201);
    expect(other.testInvitationId).not.toBe(invited.testInvitationId);
    // A resend through v2 asks the outbox to mail it: the job ends without a send to an address no one can hold.
    expectSuccess(await h.request({ method: 'POST', url: `/v2/org/testinvitation/${invited.testInvitationId}/resend` }));
    await drain();
    expect(smtp.delivered.flatMap((mail) => mail.rcptTo).filter((to) => to.endsWith('.invalid'))).toEqual([]);
    const deliveries = expectSuccess<{ deliveries: { status: string; error?: string | null }[] }>(
      await h.request({ method: 'GET', url: `/v2/org/testinvitation/${invited.testInvitationId}/deliveries` }),
    );
    expect(deliveries.deliveries.map((delivery) => delivery.status)).not.toContain('delivered');
  });
});
