import { describe, expect, it } from 'vitest';
import { CandidateReport, CompletionCallback, TestDetails, TestLink } from '@assay/domain';
import { AssayDecodeError, parseCompletionCallback, PermissionDeniedError, WebhookVerificationError } from '../src/index.js';
import { normalise } from '../src/core/lenient.js';
import { documentedCallback } from './helpers/payloads.js';
import { ok, useScriptedServer } from './helpers/scripted-server.js';

const documentedTest = {
  testId: '12',
  testName: 'Backend screening',
  accesskey: 'k-123',
  duration: '60',
  questions: 3,
  testStatus: 'active',
  sections: [{ sectionName: 'Fundamentals', sectionType: 'general questions', questions: '2', duration: 20 }],
  somethingNew: { nested: true },
};

describe('tolerant decoding (normalise + the domain schema)', () => {
  it('reads the documented spelling, numbers as strings and lower-case enums as the one typed shape', () => {
    expect(TestDetails.parse(normalise(documentedTest, TestDetails))).toEqual({
      testId: 12,
      testName: 'Backend screening',
      accessKey: 'k-123',
      duration: 60,
      questions: 3,
      testStatus: 'Active',
      sections: [{ sectionName: 'Fundamentals', sectionType: 'General Questions', questions: 2, duration: 20 }],
    });
  });

  it('prefers the exact key when both spellings are present', () => {
    const both = { ...documentedTest, accessKey: 'exact', accesskey: 'loose' };
    expect(TestDetails.parse(normalise(both, TestDetails)).accessKey).toBe('exact');
  });

  it('turns numeric scores into the report strings, and "" or missing nullable fields into null', () => {
    const report = normalise(
      {
        emailId: 'a@example.com',
        fullName: 'A',
        timeTaken: '12',
        testName: 'T',
        duration: 60,
        questions: 3,
        attemptedOn: '',
        totalScore: 10,
        score: -1.5,
        wv: '0',
        tv: 0,
        testStatus: 'completed',
        reportStatus: 'generated',
      },
      CandidateReport,
    );
    expect(CandidateReport.parse(report)).toMatchObject({
      attemptedOn: null,
      totalScore: '10',
      score: '-1.5',
      timeTaken: 12,
      testStatus: 'Completed',
      reportStatus: 'Generated',
    });
    const link = normalise(
      {
        testLinkId: 1,
        testId: 2,
        testLinkName: 'L',
        testLinkAccessKey: 'x',
        accessTime: '0',
        startDateTime: '',
        timeZoneId: '1720',
        inviteCandidateOnly: 0,
        imageProctoring: '1',
        emailToStakeholder: null,
        testLinkStatus: '3',
      },
      TestLink,
    );
    expect(TestLink.parse(link)).toMatchObject({
      accessTime: 0,
      startDateTime: null,
      endDateTime: null,
      timeZoneId: 1720,
      imageProctoring: 1,
      testLinkStatus: 3,
    });
  });

  it('reads callbacks with the sample trailing-space keys and string scores; extra keys are dropped', () => {
    const callback = parseCompletionCallback({
      CandidateEmailId: 'a@example.com',
      AttemptedOn: '2026-03-01T10:00:00',
      'TotalScore ': '10',
      'CandidateScore ': 7.5,
      'ReportPDFUrl ': 'https://assay.test/v2/reports/5/pdf?expires=1&signature=x',
      TestInvitationId: '5',
      Extra: 'ignored',
    });
    expect(callback).toEqual(documentedCallback);
    expect(CompletionCallback.safeParse(callback).success).toBe(true);
  });

  it('does not invent what is missing or unreadable', () => {
    expect(() => parseCompletionCallback({ CandidateEmailId: 'a@example.com', TotalScore: 'ten' })).toThrow(WebhookVerificationError);
    const unreadable = normalise({ testId: 'twelve', duration: '1h' }, TestDetails);
    expect(unreadable).toEqual({ testId: 'twelve', duration: '1h' });
    expect(TestDetails.safeParse(unreadable).success).toBe(false);
  });
});

describe('tolerant decoding over HTTP', () => {
  const scripted = useScriptedServer();
  const { client } = scripted;
  const sections = [{ sectionName: 'Fundamentals', sectionScore: '5', candidateScore: 2 }];

  it('reads the section report as an array or as { sections }', async () => {
    scripted.server().script(() => ok(sections));
    expect(await client().reports.sections(1)).toEqual([{ sectionName: 'Fundamentals', sectionScore: 5, candidateScore: 2 }]);
    scripted.server().script(() => ok({ sections }));
    expect(await client().reports.sections(1)).toEqual([{ sectionName: 'Fundamentals', sectionScore: 5, candidateScore: 2 }]);
  });

  it('reads a test list with the documented accesskey and unknown fields', async () => {
    scripted.server().script(() => ok({ tests: [{ ...documentedTest, sections: undefined }], testsCount: '1', page: 1 }));
    const list = await client().tests.list();
    expect(list).toEqual({
      testsCount: 1,
      tests: [{ testId: 12, testName: 'Backend screening', accessKey: 'k-123', duration: 60, questions: 3, testStatus: 'Active' }],
    });
  });

  it('treats a 200 whose envelope is a failure as the refusal it is', async () => {
    scripted.server().script(() => ({
      status: 200,
      headers: { 'x-request-id': 'req-1' },
      body: JSON.stringify({
        statuscode: '403.4',
        description: 'Operation on resource cannot be performed',
        result: 'Only a completed invitation can be reattempted.',
      }),
    }));
    const error = await client()
      .invitations.reattempt(5)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 200, statuscode: '403.4', message: 'Only a completed invitation can be reattempted.', requestId: 'req-1' });
  });

  it('answers AssayDecodeError when a success does not fit the schema even read tolerantly', async () => {
    scripted.server().script(() => ok({ testId: 'twelve' }));
    const error = await client()
      .tests.get(12)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssayDecodeError);
    expect((error as AssayDecodeError).message).toMatch(/testId/);
    scripted.server().script(() => ({ status: 200, body: '<html>maintenance</html>' }));
    await expect(client().tests.get(12)).rejects.toBeInstanceOf(AssayDecodeError);
  });
});
