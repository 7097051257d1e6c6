import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestLink } from '@assay/domain';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { expectGreenhouseFailure, greenhouse } from '../helpers/greenhouse.js';
import { sendTestRequest } from '../helpers/greenhouse-contract.js';
import { backends, envelope, startHarness, type Harness } from '../helpers/test-app.js';

/** Names that show nothing: zero-width and format characters, fillers, spaces of other scripts (decision 1008). */
const INVISIBLE = ['\u200b', '\u200b\u200c\u200d', '\u3164', '\u2800', '\u00a0\u3000', '\ufeff\u2060', '\u00ad'];
const SAID = /must contain a visible character/;

/**
 * Issue 59 point 7: a candidate whose name is made only of invisible characters is refused with a clear 400 on every
 * front that registers or invites — v2 (a test and a test link), the candidate's own registration on a public link,
 * iMocha v3, a bulk file's row, Greenhouse — and nothing is stored.
 */
describe.each(backends)('names made only of invisible characters on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let link: TestLink;
  const candidates = async () => (await h.store.db.selectFrom('candidates').select('id').execute()).length;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest();
    link = expectSuccess<TestLink>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Open', accessTime: 0 } }),
    );
  });
  afterAll(() => h.close());

  it('refuses them on v2, the public link, v3 and Greenhouse, and stores nothing', async () => {
    const before = await candidates();
    for (const [index, name] of INVISIBLE.entries()) {
      const emailId = `invisible${index}@example.com`;
      for (const url of [`/v2/org/tests/${testId}/register`, `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`]) {
        const refused = await h.request({ method: 'POST', url, body: { emailId, fullName: name } });
        expectFailure(refused, '400.2');
        expect(envelope(refused).result).toMatch(SAID);
      }
      const own = await h.request({
        method: 'POST',
        url: `/candidate/v1/links/${link.testLinkAccessKey}/register`,
        apiKey: null,
        body: { emailId, fullName: name },
      });
      expectFailure(own, '400.2');
      const v3 = await h.request({ method: 'POST', url: `/v3/tests/${testId}/invite`, body: { email: emailId, name } });
      expect(v3.statusCode, v3.body).toBe(400);
      expect(v3.json<{ message: string }>().message).toMatch(SAID);
      const request = sendTestRequest(String(testId), { email: emailId, applicationId: `9${index}` });
      const sent = await greenhouse(h).sendTest({ ...request, candidate: { ...request.candidate, first_name: name, last_name: name } });
      // Spaces alone are trimmed away first, and refused as an empty name.
      expect(expectGreenhouseFailure(sent, '400.2').errors[0]).toMatch(/must contain a visible character|must not both be empty/);
    }
    expect(await candidates()).toBe(before);
  });

  it('refuses such a row of a bulk file, saying why, and invites the others', async () => {
    const csv = `email,name\r\nshown@example.com,Shown Name\r\nhidden@example.com,\u200b\u200b\r\n`;
    const submitted = await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/invitations/bulk`,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await h.drainJobs();
    const { jobId } = envelope<{ jobId: number }>(submitted).result;
    const job = expectSuccess<{ invited: number; refused: number; rows: { row: number; outcome: string; reason?: string }[] }>(
      await h.request({ method: 'GET', url: `/v2/org/bulk-invitations/${jobId}?rows=refused` }),
    );
    expect(job).toMatchObject({ invited: 1, refused: 1 });
    expect(job.rows[0]?.reason).toMatch(SAID);
  });
});
