/**
 * Issue 29 item 2: an org chooses the display name and contact its candidate pages show (`/v2/org/candidate-page`),
 * its own name by default; the candidate session and the public link view carry them. Each org sees and changes
 * only its own; bad input is refused with a specific code and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidatePageSettings, CandidateSession, PublicLinkView } from '@assay/domain';
import { candidate, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const NOTHING_CHOSEN = { displayName: null, contactName: null, contactEmail: null, contactUrl: null };

describe.each(backends)('what candidate pages say about the org, on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.close());

  const settingsOf = async (apiKey: string) => expectSuccess<CandidatePageSettings>(await h.request({ method: 'GET', url: '/v2/org/candidate-page', apiKey }));
  const update = (apiKey: string, body: unknown) => h.request({ method: 'POST', url: '/v2/org/candidate-page', body, apiKey });
  const sessionOf = async (token: string) => expectSuccess<CandidateSession>(await candidate(h, token).session());

  it('shows the org its own name by default, and candidates see it with no contact', async () => {
    const org = await h.createOrg('Default Org');
    expect(await settingsOf(org.apiKey)).toEqual({
      ...NOTHING_CHOSEN,
      shown: { displayName: 'Default Org', contactName: null, contactEmail: null, contactUrl: null },
    });
    const testId = await h.importTest(undefined, org.apiKey);
    const { token } = await registerFor({ ...h, client: h.clientFor(org.apiKey) }, testId, 'default@example.com');
    expect((await sessionOf(token)).org).toEqual({ displayName: 'Default Org', contactName: null, contactEmail: null, contactUrl: null });
  });

  it('stores a display name and contact, shows them in the session and on a public link, and keeps fields left out', async () => {
    const org = await h.createOrg('Acme Holdings');
    const chosen = { displayName: 'Acme Hiring', contactName: 'Talent team', contactEmail: 'talent@acme.example', contactUrl: 'https://acme.example/jobs' };
    const answered = expectSuccess<CandidatePageSettings>(await update(org.apiKey, chosen));
    expect(answered).toEqual({ ...chosen, shown: chosen });
    expect(await settingsOf(org.apiKey)).toEqual(answered);

    const client = h.clientFor(org.apiKey);
    const testId = await h.importTest(undefined, org.apiKey);
    const { token } = await registerFor({ ...h, client }, testId, 'ada@example.com');
    expect((await sessionOf(token)).org).toEqual(chosen);
    const link = await client.testLinks.create(testId, { testLinkName: 'Public', accessTime: 0 });
    const view = expectSuccess<PublicLinkView>(await h.request({ method: 'GET', url: `/candidate/v1/links/${link.testLinkAccessKey}`, apiKey: null }));
    expect(view.org).toEqual(chosen);

    // Left out: kept. null and "": cleared, the org's own name shown again.
    const cleared = expectSuccess<CandidatePageSettings>(await update(org.apiKey, { displayName: null, contactUrl: '' }));
    expect(cleared).toMatchObject({ displayName: null, contactName: 'Talent team', contactEmail: 'talent@acme.example', contactUrl: null });
    expect(cleared.shown.displayName).toBe('Acme Holdings');
    expect((await sessionOf(token)).org?.displayName).toBe('Acme Holdings');
  });

  it("keeps each org's choice to itself: another org's key neither sees nor changes it, and its candidates see their own org", async () => {
    const acme = await h.createOrg('Acme Isolated');
    const globex = await h.createOrg('Globex');
    expectSuccess(await update(acme.apiKey, { displayName: 'Acme Careers', contactEmail: 'jobs@acme.example' }));
    expectSuccess(await update(globex.apiKey, { displayName: 'Globex People' }));

    expect(await settingsOf(acme.apiKey)).toMatchObject({ displayName: 'Acme Careers', contactEmail: 'jobs@acme.example' });
    expect(await settingsOf(globex.apiKey)).toMatchObject({ displayName: 'Globex People', contactEmail: null });

    const acmeTest = await h.importTest(undefined, acme.apiKey);
    const globexTest = await h.importTest(undefined, globex.apiKey);
    const acmeCandidate = await registerFor({ ...h, client: h.clientFor(acme.apiKey) }, acmeTest, 'same@example.com');
    const globexCandidate = await registerFor({ ...h, client: h.clientFor(globex.apiKey) }, globexTest, 'same@example.com');
    expect((await sessionOf(acmeCandidate.token)).org).toMatchObject({ displayName: 'Acme Careers', contactEmail: 'jobs@acme.example' });
    expect((await sessionOf(globexCandidate.token)).org).toMatchObject({ displayName: 'Globex People', contactEmail: null });
  });

  it('refuses bad input with a specific code and changes nothing', async () => {
    const org = await h.createOrg('Careful Org');
    const before = expectSuccess<CandidatePageSettings>(await update(org.apiKey, { displayName: 'Careful', contactEmail: 'ask@careful.example' }));

    const refusals: [unknown, string, RegExp][] = [
      [{ contactEmail: 'not an address' }, '400.2', /contactEmail must be a valid email address/],
      [{ contactUrl: 'javascript:alert(1)' }, '400.2', /contactUrl must be an absolute http\(s\) URL/],
      [{ displayName: 'x'.repeat(101) }, '400.2', /displayName must be at most 100 characters/],
      [{ displayName: '   ' }, '400.2', /displayName must not be empty/],
      [{ displayName: 'Acme\u202eevil' }, '400.2', /displayName must not contain/],
      [{ displayName: 'Acme\nHiring' }, '400.2', /displayName must not contain/],
      [{ contactName: 7 }, '400.2', /contactName/],
      [{ tagline: 'Welcome' }, '400.2', /tagline/],
      [{ contactEmail: null, contactName: 'Jane Doe' }, '400.17', /contactName needs a way to reach them/],
    ];
    for (const [body, code, message] of refusals) {
      expect(expectFailure(await update(org.apiKey, body), code).result, JSON.stringify(body)).toMatch(message);
    }
    // Clearing the last way to reach a named contact is refused too.
    expectSuccess(await update(org.apiKey, { contactName: 'Jane Doe' }));
    expectFailure(await update(org.apiKey, { contactEmail: '' }), '400.17');
    expect(await settingsOf(org.apiKey)).toEqual({ ...before, contactName: 'Jane Doe', shown: { ...before.shown, contactName: 'Jane Doe' } });
  });

  it('takes markup as text: it is stored and sent as written, for the page to show as text', async () => {
    const org = await h.createOrg('Markup Org');
    const displayName = '<img src=x onerror=alert(1)> & Sons';
    expect(expectSuccess<CandidatePageSettings>(await update(org.apiKey, { displayName })).shown.displayName).toBe(displayName);
  });

  it('is there for @assay/client: candidatePage.get and update, with the typed refusal', async () => {
    const org = await h.createOrg('Client Org');
    const client = h.clientFor(org.apiKey);
    expect((await client.candidatePage.get()).shown.displayName).toBe('Client Org');
    const updated = await client.candidatePage.update({ contactEmail: 'hello@client.example' });
    expect(updated.shown).toEqual({ displayName: 'Client Org', contactName: null, contactEmail: 'hello@client.example', contactUrl: null });
    await expect(client.candidatePage.update({ contactEmail: null, contactName: 'Nobody' })).rejects.toMatchObject({ statuscode: '400.17' });
  });

  it('needs an API key', async () => {
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/candidate-page', apiKey: null }), '401.1');
  });
});
