import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError } from '@assay/client';
import type { CandidateFeedback, PersonalData, TestSettings } from '@assay/domain';
import { candidate, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const asking = (settings: TestSettings, candidateFeedback: boolean): TestSettings => ({
  ...settings,
  displayMessageSettings: { sectionEndPopup: true, sectionTimeLeftAlert: false, candidateFeedback },
});

/**
 * Issue 52, `displayMessageSettings.candidateFeedback` (decisions 967, 968): once an attempt has ended the candidate may
 * say what they thought — a rating 1–5 and/or up to 2,000 characters — once; the report's `/details` and v3's report
 * show it, the person's export holds it, and erasure takes the words and keeps the rating.
 */
describe.each(backends)('candidate feedback on %s', (backend) => {
  let h: Harness;
  let asked: number;
  let notAsked: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    asked = await h.importTest();
    notAsked = await h.importTest();
    const settings = (await h.store.testSettings.get(h.org.orgId, asked))!;
    await h.store.testSettings.put(h.org.orgId, asked, asking(settings, true));
    await h.store.testSettings.put(h.org.orgId, notAsked, asking((await h.store.testSettings.get(h.org.orgId, notAsked))!, false));
  }, 120_000);
  afterAll(() => h?.close());

  const feedback = (token: string, body: unknown) => h.request({ method: 'POST', url: `/candidate/v1/${token}/feedback`, body, apiKey: null });
  const ended = async (testId: number, emailId: string) => {
    const registered = await registerFor(h, testId, emailId);
    const attempt = candidate(h, registered.token);
    expectSuccess(await attempt.start());
    return { ...registered, attempt };
  };

  it('the session tells the page the test’s display messages, and whether feedback was given', async () => {
    const { token, attempt } = await ended(asked, 'session@example.com');
    expect(expectSuccess(await attempt.session())).toMatchObject({
      displayMessages: { sectionEndPopup: true, sectionTimeLeftAlert: false, candidateFeedback: true },
    });
    expectFailure(await feedback(token, { rating: 4 }), '400.67');
    expectSuccess(await attempt.submit());
    expect(expectSuccess(await attempt.session())).toMatchObject({ feedbackGiven: false });
    expectSuccess(await feedback(token, { rating: 4 }));
    expect(expectSuccess(await attempt.session())).toMatchObject({ state: 'Completed', feedbackGiven: true });
  });

  it('takes a rating and text once; refuses bad input (400.66), a second time and a test that does not ask (400.67)', async () => {
    const { token, invitationId, attempt } = await ended(asked, 'once@example.com');
    expectSuccess(await attempt.submit());
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, { text: 'x'.repeat(2001) }, {}, { text: '   ' }]) {
      const refused = expectFailure(await feedback(token, body), '400.66');
      expect(refused.result, JSON.stringify(body).slice(0, 40)).toMatch(/rating|text|Send/);
    }
    for (const body of [{ rating: '5' }, { rating: 5, extra: true }, { text: 'bell \u0007' }]) expectFailure(await feedback(token, body), '400.2');

    const given = expectSuccess<CandidateFeedback>(await feedback(token, { rating: 5, text: ' Clear and fair.\r\nThanks. ' }));
    expect(given).toEqual({ rating: 5, text: 'Clear and fair.\nThanks.', givenAt: expect.stringMatching(/Z$/) });
    const again = expectFailure(await feedback(token, { rating: 1 }), '400.67');
    expect(again.result).toContain('already given');

    const details = expectSuccess<{ candidateFeedback?: CandidateFeedback }>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.candidateFeedback).toEqual(given);
    const v3 = await h.request({ method: 'GET', url: `/v3/reports/${invitationId}?reportType=3` });
    expect(v3.json()).toMatchObject({ candidateFeedback: given });

    const off = await ended(notAsked, 'off@example.com');
    expectSuccess(await off.attempt.submit());
    expect(expectFailure(await feedback(off.token, { rating: 5 }), '400.67').result).toBe('This test does not ask for feedback.');
    expect(expectSuccess(await off.attempt.session())).not.toHaveProperty('feedbackGiven');
    const offDetails = expectSuccess<object>(await h.request({ method: 'GET', url: `/v2/org/report/${off.invitationId}/details` }));
    expect(offDetails).not.toHaveProperty('candidateFeedback');
  });

  it('is each attempt’s own: another invitation’s token gives its own, an unknown token is 404.7', async () => {
    const first = await ended(asked, 'first@example.com');
    const second = await ended(asked, 'second@example.com');
    expectSuccess(await first.attempt.submit());
    expectSuccess(await second.attempt.submit());
    expectSuccess(await feedback(first.token, { text: 'First.' }));
    // Through @assay/client as a custom front end calls it: a second time is a BadRequestError with the statuscode.
    expect(await second.attempt.client.giveFeedback({ rating: 2 })).toMatchObject({ rating: 2, text: null });
    await expect(second.attempt.client.giveFeedback({ rating: 3 })).rejects.toSatisfy(
      (error) => error instanceof BadRequestError && error.statuscode === '400.67',
    );
    const secondDetails = expectSuccess<{ candidateFeedback?: CandidateFeedback }>(
      await h.request({ method: 'GET', url: `/v2/org/report/${second.invitationId}/details` }),
    );
    expect(secondDetails.candidateFeedback).toMatchObject({ rating: 2, text: null });
    expectFailure(await feedback(`${first.token}x`, { rating: 3 }), '404.7');
  });

  it('is in the person’s export, and erasure keeps the rating without the words', async () => {
    const { token, invitationId, attempt } = await ended(asked, 'erase.me@example.com');
    expectSuccess(await attempt.submit());
    expectSuccess(await feedback(token, { rating: 3, text: 'My own words.' }));
    const exported = expectSuccess<PersonalData>(
      await h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId: 'erase.me@example.com' } }),
    );
    expect(exported.invitations[0]!.candidateFeedback).toEqual([
      { attemptStartedAt: expect.stringMatching(/Z$/), rating: 3, text: 'My own words.', givenAt: expect.stringMatching(/Z$/) },
    ]);

    expectSuccess(await h.request({ method: 'POST', url: '/v2/org/candidates/erase', body: { emailId: 'erase.me@example.com' } }));
    const details = expectSuccess<{ candidateFeedback?: CandidateFeedback }>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    expect(details.candidateFeedback).toMatchObject({ rating: 3, text: null });
  });
});
