import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestLink } from '@assay/domain';
import { assembleWorker } from '@assay/jobs';
import type { Store } from '@assay/store';
import { realImage } from '../../../packages/reports/test/hostile-images.js';
import { candidate, questionIdsOf, tokenOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { sendTestRequest } from './helpers/greenhouse-contract.js';
import { greenhouse } from './helpers/greenhouse.js';
import { pdfText } from './helpers/pdf-text.js';
import { silentLog, startReceiver } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { wordCountAnswer, wordCountTest } from './helpers/word-count-test.js';

const ALAN = 'alan.turing.erasable@example.com';
const MARKER = 'bletchley_marker_code';
const ANSWER = `${wordCountAnswer('honest-d.js')}\n// ${MARKER}\n`;
const WRITTEN_NAME = 'Turing';

type Erased = { scope: string; erased: number; alreadyErased: number; bulkRows: number; testInvitationIds: number[] };

/** Every text of every table, one row a line (blobs as latin1): what the raw-SQL sweep reads. */
const everyRow = async (store: Store): Promise<string> => {
  const tables = (await store.db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith('kysely_'));
  const rows: string[] = [];
  for (const table of tables) {
    for (const row of await store.db
      .selectFrom(table as never)
      .selectAll()
      .execute()) {
      rows.push(JSON.stringify(row, (_key, value) => (value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value)));
    }
  }
  return rows.join('\n').toLowerCase();
};

/**
 * Issue 51 item 1: a candidate who took two tests (camera on, similar to another candidate, a Greenhouse interview, a
 * delivered callback, a stakeholder email in the outbox, a keyed request) is erased by address; no surface names them
 * after, and the other candidate's report and the test's statistics are as they were.
 */
describe.each(backends)('erasing a candidate on %s', (backend) => {
  let h: Harness;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const dir = mkdtempSync(join(tmpdir(), 'assay-erasure-'));
  const outboxDir = join(dir, 'outbox');
  const dbPath = join(dir, 'assay.db');
  let testA: number;
  const alan: { invitationId: number; token: string }[] = [];
  let grace: number;
  const needles = () => [ALAN, WRITTEN_NAME, MARKER, ...alan.map((invitation) => invitation.token)].map((needle) => needle.toLowerCase());
  const expectNone = (text: string, where: string) => {
    for (const needle of needles()) expect(text.toLowerCase(), `${where} holds ${needle}`).not.toContain(needle);
  };
  const get = async (url: string) => {
    const response = await h.request({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  };
  const erase = (body: unknown, apiKey?: string) => h.request({ method: 'POST', url: '/v2/org/candidates/erase', body, ...(apiKey ? { apiKey } : {}) });

  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_OUTBOX_DIR: outboxDir, ...(backend === 'sqlite' ? { ASSAY_DATABASE_URL: `sqlite:${dbPath}` } : {}) });
    receiver = await startReceiver();
    testA = await h.importTest(wordCountTest('Erasure A'));
    const testB = await h.importTest(wordCountTest('Erasure B'));
    const link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testA}/testlinks`,
        body: { testLinkName: 'Camera', timeZoneId: 1720, accessTime: 0, imageProctoring: 1, emailToStakeholder: 'hiring@example.com' },
      }),
    );
    const onLink = async (emailId: string, fullName: string, headers: Record<string, string> = {}) =>
      expectSuccess<{ testInvitationId: number; testUrl: string }>(
        await h.request({
          method: 'POST',
          url: `/v2/org/tests/${testA}/testlinks/${link.testLinkId}/register`,
          body: { emailId, fullName, callbackURL: receiver.url },
          headers,
        }),
      );
    const take = async (token: string, code: string, camera: boolean) => {
      const api = candidate(h, token);
      const [questionId] = questionIdsOf(await api.client.start());
      expectSuccess(await api.answer(questionId!, { code }));
      expectSuccess(await api.event('paste', new Date().toISOString(), { questionId: questionId!, chars: 120, lines: 4 }));
      if (camera) expectSuccess(await api.snapshot(`data:image/jpeg;base64,${(await realImage('jpeg')).toString('base64')}`));
      expectSuccess(await api.submit());
    };
    // A keyed request whose kept answer names Alan; the same again answers the kept one.
    const first = await onLink(ALAN, 'Alan Turing', { 'idempotency-key': 'erasure-keyed-1' });
    alan.push({ invitationId: first.testInvitationId, token: tokenOf(first.testUrl) });
    const graceRegistered = await onLink('grace@example.com', 'Grace Hopper');
    grace = graceRegistered.testInvitationId;
    await take(alan[0]!.token, ANSWER, true);
    await take(tokenOf(graceRegistered.testUrl), wordCountAnswer('honest-d.js'), false);
    // The second test through Greenhouse: an interview naming him.
    const interviewId = await greenhouse(h).send({
      ...sendTestRequest(String(testB), { email: ALAN, applicationId: '7001' }),
      candidate: { ...sendTestRequest(String(testB), { email: ALAN, applicationId: '7001' }).candidate, first_name: 'Alan', last_name: 'Turing' },
    });
    const interview = await h.store.greenhouse.find(h.org.orgId, Number(interviewId));
    const second = interview!.invitationId;
    const secondToken = (await h.store.db.selectFrom('invitations').select('token').where('id', '=', second).executeTakeFirstOrThrow()).token;
    alan.push({ invitationId: second, token: secondToken });
    await take(secondToken, ANSWER, false);
    // The harness's worker, writing emails where the server's erasure looks (ASSAY_OUTBOX_DIR).
    const worker = assembleWorker(h.store, { ...h.config, smtpUrl: undefined, outboxDir }, silentLog, {
      codeRunner: h.app.assay.runner,
      scoringBudget: h.config.scoringBudget,
    });
    try {
      await worker.drain();
    } finally {
      await worker.close();
    }
    expect(receiver.received.length).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => {
    await receiver.close();
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('had the person everywhere before: the outbox, the similarity of the other candidate, the rows', async () => {
    const eml = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    expect(eml.some((name) => readFileSync(join(outboxDir, name), 'utf8').includes(ALAN))).toBe(true);
    const similar = (await get(`/v2/org/testinvitation/${grace}/similarity`)).json();
    expect(similar.result.pairsCount).toBeGreaterThan(0);
    expect(JSON.stringify(similar)).toContain('Alan Turing');
    expect(await everyRow(h.store)).toContain(ALAN);
  });

  it('erases by address: no surface names the person after, while the other report and the statistics hold', async () => {
    const graceBefore = (await get(`/v2/org/report/${grace}`)).json();
    const summaryBefore = (await get(`/v2/org/tests/${testA}/invitations/summary`)).json();
    const refused = await h.client.admin.keys.create(h.org.orgId, { role: 'recruiter', label: 'Recruiting' });
    expectFailure(await erase({ emailId: ALAN }, refused.apiKey), '403.17');

    const keptAnswers = () =>
      h.store.db.selectFrom('idempotency_keys').select('key').where('scope', '=', `org:${h.org.orgId}`).where('status_code', 'is not', null).execute();
    expect(await keptAnswers()).not.toEqual([]);
    const done = expectSuccess<Erased>(await erase({ emailId: ALAN.toUpperCase() }));
    expect(done).toEqual({ scope: 'email', erased: 2, alreadyErased: 0, bulkRows: 0, testInvitationIds: alan.map((invitation) => invitation.invitationId) });

    for (const { invitationId } of alan) {
      const report = (await get(`/v2/org/report/${invitationId}`)).json();
      expect(report.result).toMatchObject({ fullName: 'Erased candidate' });
      expectNone(JSON.stringify(report), 'report');
      expectNone((await get(`/v2/org/report/${invitationId}/details`)).body, '/details');
      expectNone((await get(`/v2/org/report/${invitationId}/sections`)).body, 'sections');
      expectNone(pdfText((await get(`/v2/org/report/${invitationId}/pdf`)).rawPayload), 'PDF');
      expectNone((await get(`/v2/org/testinvitation/${invitationId}/history`)).body, 'history');
      expectNone((await get(`/v2/org/testinvitation/${invitationId}/deliveries`)).body, 'deliveries');
      expectNone((await get(`/v2/org/testinvitation/${invitationId}/notes`)).body, 'notes');
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await get(`/v2/org/report/${testA}/excel`)).rawPayload as unknown as ExcelJS.Buffer);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => cells.push(JSON.stringify(row.values))));
    expectNone(cells.join('\n'), 'workbook');
    expect(cells.join('\n')).toContain('Erased candidate');
    const from = new Date(Date.now() - 3_600_000).toISOString();
    expectNone((await get(`/v2/org/events?from=${encodeURIComponent(from)}`)).body, 'events feed');
    expectNone((await get(`/v2/org/tests/${testA}/invitations?page_size=100`)).body, 'invitation list');
    const similarity = (await get(`/v2/org/testinvitation/${grace}/similarity`)).json();
    expect(similarity.result.pairsCount).toBe(0);
    expectNone((await get(`/v2/org/report/${grace}/details`)).body, "the other candidate's /details");
    expectNone(pdfText((await get(`/v2/org/report/${grace}/pdf`)).rawPayload), "the other candidate's PDF");
    for (const name of readdirSync(outboxDir)) expectNone(readFileSync(join(outboxDir, name), 'utf8'), `outbox ${name}`);
    expectNone(await everyRow(h.store), 'the database');
    // The keyed request's kept answer, sealed with a key only its client holds, is dropped (decision 842).
    expect(await keptAnswers()).toEqual([]);
    if (backend === 'sqlite') {
      for (const path of [dbPath, `${dbPath}-wal`]) {
        let bytes = '';
        try {
          bytes = readFileSync(path).toString('latin1');
        } catch {
          continue;
        }
        expectNone(bytes, path);
      }
    }

    expect((await get(`/v2/org/report/${grace}`)).json()).toEqual(graceBefore);
    expect((await get(`/v2/org/tests/${testA}/invitations/summary`)).json()).toEqual(summaryBefore);
    // The delivered callback is not sent again: a redelivery answers like a missing delivery (decision 842).
    const delivered = await h.store.db
      .selectFrom('jobs')
      .select('id')
      .where('invitation_id', '=', alan[0]!.invitationId)
      .where('kind', '=', 'callback')
      .execute();
    expect(delivered).toHaveLength(1);
    expectFailure(await h.request({ method: 'POST', url: `/v2/org/deliveries/${delivered[0]!.id}/redeliver` }), '404.10');
    // The old take-test link opens nothing.
    expect((await candidate(h, alan[0]!.token).session()).statusCode).toBe(404);
  });

  it('is idempotent, tenant-scoped, and says when it holds nothing of an address', async () => {
    const again = await erase({ emailId: ALAN });
    expectFailure(again, '404.51');
    expect(again.json().result).toBe(`No records found for given Email address: ${ALAN}`);
    expect(expectSuccess<Erased>(await erase({ testInvitationId: alan[0]!.invitationId }))).toEqual({
      scope: 'invitation',
      erased: 0,
      alreadyErased: 1,
      bulkRows: 0,
      testInvitationIds: [alan[0]!.invitationId],
    });
    expectFailure(await erase({ emailId: 'nobody@example.com' }), '404.51');
    // @assay/client says the same.
    expect(await h.client.candidates.erase({ testInvitationId: alan[1]!.invitationId })).toEqual({
      scope: 'invitation',
      erased: 0,
      alreadyErased: 1,
      bulkRows: 0,
      testInvitationIds: [alan[1]!.invitationId],
    });
    await expect(h.client.candidates.erase({ emailId: 'nobody@example.com' })).rejects.toMatchObject({ status: 404, statuscode: '404.51' });
    expectFailure(await erase({ testInvitationId: 987_654 }), '404.4');
    const other = await h.createOrg('Other');
    expectFailure(await erase({ testInvitationId: grace }, other.apiKey), '404.4');
    expectFailure(await erase({ emailId: 'grace@example.com' }, other.apiKey), '404.51');
    expectFailure(await erase({ emailId: 'grace@example.com', testInvitationId: grace }), '400.2');
    expectFailure(await erase({}), '400.2');
    expect((await get(`/v2/org/report/${grace}`)).json().result.fullName).toBe('Grace Hopper');
    const audit = await h.store.erasure.audit(h.org.orgId);
    expect(audit).toEqual([expect.objectContaining({ scope: 'email', invitations: 2, by: expect.stringMatching(/^key \d+ \(admin\)$/) })]);
  });

  it("answers iMocha v3's GDPR request in its shapes", async () => {
    const v3 = (body: unknown, apiKey: string | null = h.org.apiKey) => h.request({ method: 'POST', url: '/v3/gdpr/requests', body, apiKey });
    const unknown = await v3({ CandidateEmail: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      statusCode: 400,
      message: 'No records found for given Email address: nobody@example.com',
      errors: ['No records found for given Email address: nobody@example.com'],
      statuscode: '404.51',
    });
    const missingKey = await v3({ CandidateEmail: 'nobody@example.com' }, null);
    expect(missingKey.statusCode).toBe(401);
    expect(missingKey.json()).toMatchObject({ statusCode: 401, errors: [expect.any(String)] });
    expect((await v3({ CandidateEmail: 'not an address' })).json()).toMatchObject({ statusCode: 400, statuscode: '400.2' });
    // One attempt of an address: the one named, if it is the address's.
    const kim = await h.client.invitations.register(testA, { emailId: 'kim@example.com', fullName: 'Kim Lee' });
    const lee = await h.client.invitations.register(testA, { emailId: 'lee@example.com', fullName: 'Lee Kim' });
    expect((await v3({ CandidateEmail: 'kim@example.com', testinvitationId: lee.testInvitationId })).statusCode).toBe(400);
    const accepted = await v3({ CandidateEmail: 'kim@example.com', testinvitationId: kim.testInvitationId });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ result: 'Request accepted for processing' });
    expect((await get(`/v2/org/report/${kim.testInvitationId}`)).json().result.fullName).toBe('Erased candidate');
    expect((await get(`/v2/org/report/${lee.testInvitationId}`)).json().result.fullName).toBe('Lee Kim');
    expect((await v3({ CandidateEmail: 'lee@example.com' })).json()).toEqual({ result: 'Request accepted for processing' });
  });
});
