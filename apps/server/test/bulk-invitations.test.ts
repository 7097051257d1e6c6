import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_EMAILS_PER_MINUTE } from '@assay/domain';
import { manualClock } from './helpers/candidate.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';
import { expectFailure } from './helpers/expectations.js';

interface Job {
  jobId: number;
  testId: number;
  state: string;
  total: number;
  invited: number;
  alreadyInvited: number;
  refused: number;
  pending: number;
  percent: number;
  resubmitted: boolean;
  finishedAt: string | null;
  rows?: { row: number; email: string; outcome: string; reason?: string; testInvitationId?: number }[];
}

const csvOf = (count: number, from = 0) =>
  `\uFEFFemail,name,extraTimePercent,phone\r\n${Array.from({ length: count }, (_, index) => `cand${from + index}@example.com,"Doe, Jane ${from + index}",${index % 3 === 0 ? '25' : ''},555\r\n`).join('')}`;

describe.each(backends)('bulk invitations (issue 33, item 2) on %s', (backend) => {
  let h: Harness;
  let testId: number;

  const submitCsv = (csv: string, onTest: number | string = testId, apiKey?: string) =>
    h.request({
      method: 'POST',
      url: `/v2/org/tests/${onTest}/invitations/bulk`,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
      ...(apiKey ? { apiKey } : {}),
    });
  const accepted = async (response: Awaited<ReturnType<typeof submitCsv>>) => {
    expect(response.statusCode, response.body).toBe(200);
    const parsed = envelope<Job>(response);
    expect(parsed.statuscode).toBe('200.1');
    return parsed.result;
  };
  const jobOf = async (jobId: number, rows = 'all') => {
    const response = await h.request({ method: 'GET', url: `/v2/org/bulk-invitations/${jobId}?rows=${rows}` });
    expect(response.statusCode, response.body).toBe(200);
    return envelope<Job>(response).result;
  };
  const count = async (table: 'candidates' | 'invitations' | 'bulk_invitation_jobs') =>
    Number(
      (
        await h.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const linkEmails = () => h.store.db.selectFrom('jobs').select(['status', 'run_at']).where('kind', '=', 'link_email').execute();

  beforeAll(async () => {
    // A clock that stands still: the first minute's 600 emails are due and the rest are not, however long the drain
    // takes on a loaded machine (a real clock let a second minute's emails fall due when a drain took over 60 s).
    h = await startHarness(backend, {}, manualClock(Date.now()).now);
    testId = await h.importTest();
  });
  afterAll(() => h.close());

  it('invites a 10,000-row CSV in one job, row by row, emails at a bounded rate, and a re-run invites nobody twice', async () => {
    const csv = csvOf(10_000);
    const job = await accepted(await submitCsv(csv));
    expect(job).toMatchObject({ testId, total: 10_000, state: 'queued', pending: 10_000, resubmitted: false });
    const started = performance.now();
    await h.drainJobs();
    const seconds = (performance.now() - started) / 1000;
    // Measured, not asserted (docs/performance.md): the whole job, its first minute's emails included.
    console.info(`bulk 10,000 rows on ${backend}: ${seconds.toFixed(1)} s`);

    const done = await jobOf(job.jobId);
    expect(done).toMatchObject({ state: 'finished', invited: 10_000, alreadyInvited: 0, refused: 0, pending: 0, percent: 100 });
    expect(done.finishedAt).not.toBeNull();
    expect(done.rows).toHaveLength(10_000);
    expect(done.rows!.every((row, index) => row.row === index + 1 && row.outcome === 'invited' && row.email === `cand${index}@example.com`)).toBe(true);
    expect(new Set(done.rows!.map((row) => row.testInvitationId)).size).toBe(10_000);
    expect(await count('invitations')).toBe(10_000);
    const stored = await h.store.db.selectFrom('candidates').select(['full_name']).where('email_key', '=', 'cand3@example.com').executeTakeFirstOrThrow();
    expect(stored.full_name).toBe('Doe, Jane 3');
    const extra = await h.store.db
      .selectFrom('invitations')
      .select('extra_time_percent')
      .where('id', '=', done.rows![3]!.testInvitationId!)
      .executeTakeFirstOrThrow();
    expect(extra.extra_time_percent).toBe(25);
    // Each invitation's history begins with its creation from the file, by the key that sent it (decision 490).
    const history = await h.request({ method: 'GET', url: `/v2/org/testinvitation/${done.rows![3]!.testInvitationId!}/history` });
    const entries = envelope<{ entries: unknown[] }>(history).result.entries;
    expect(entries[0]).toMatchObject({ kind: 'created', details: { via: 'bulk', previousInvitationId: null }, by: { keyId: expect.any(Number) } });

    // One email per new invitation, the first minute's sent now, the rest due a minute apart.
    const emails = await linkEmails();
    expect(emails).toHaveLength(10_000);
    expect(emails.filter((email) => email.status === 'delivered')).toHaveLength(INVITATION_EMAILS_PER_MINUTE);
    const runAts = emails.map((email) => email.run_at);
    expect(Math.max(...runAts) - Math.min(...runAts)).toBe(Math.floor(9_999 / INVITATION_EMAILS_PER_MINUTE) * 60_000);

    // The same file again, as CSV or as the same rows in JSON: its job, nobody invited, nothing queued.
    const again = await accepted(await submitCsv(csv.replaceAll('\r\n', '\n').replace('\uFEFF', '')));
    expect(again).toMatchObject({ jobId: job.jobId, resubmitted: true, state: 'finished', invited: 10_000 });
    const asJson = Array.from({ length: 10_000 }, (_, index) => ({
      email: `cand${index}@example.com`,
      name: `Doe, Jane ${index}`,
      extraTimePercent: index % 3 === 0 ? 25 : '',
    }));
    expect(await accepted(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/invitations/bulk`, body: asJson }))).toMatchObject({
      jobId: job.jobId,
      resubmitted: true,
    });
    await h.drainJobs();
    expect(await count('invitations')).toBe(10_000);
    expect(await linkEmails()).toHaveLength(10_000);

    // Another file naming some of them: those are answered as already invited, and only the new one is emailed.
    const overlap = await accepted(await submitCsv(`email,name\ncand1@example.com,Jane\nCAND2@example.com,Jane\nnew@example.com,New One\n`));
    expect(overlap.jobId).not.toBe(job.jobId);
    await h.drainJobs();
    const overlapDone = await jobOf(overlap.jobId);
    expect(overlapDone).toMatchObject({ state: 'finished', invited: 1, alreadyInvited: 2, refused: 0 });
    expect(overlapDone.rows!.map((row) => row.outcome)).toEqual(['alreadyInvited', 'alreadyInvited', 'invited']);
    expect(overlapDone.rows![0]!.testInvitationId).toBe(done.rows![1]!.testInvitationId);
    expect(await linkEmails()).toHaveLength(10_001);
  }, 120_000);

  it('refuses bad rows one by one with the reason and the row number, and invites the rest', async () => {
    const csv = [
      'Name,EMAIL,linkExpiresAt,extraTimePercent',
      'Good One,good1@example.com,,',
      'No Address,not-an-address,,',
      ',noname@example.com,,',
      'Too Long,long@example.com,,150',
      'Good One Again,GOOD1@example.com,,',
      'Past,past@example.com,2020-01-01T00:00:00Z,',
      '"Quoted, Name ""Q""",quoted@example.com,2099-01-01T00:00:00Z,10',
    ].join('\n');
    const job = await accepted(await submitCsv(csv));
    expect(job).toMatchObject({ total: 7, refused: 5, state: 'queued' });
    await h.drainJobs();
    const done = await jobOf(job.jobId, 'refused');
    expect(done).toMatchObject({ state: 'finished', invited: 2, refused: 5 });
    expect(done.rows!.map((row) => [row.row, row.outcome])).toEqual([
      [2, 'refused'],
      [3, 'refused'],
      [4, 'refused'],
      [5, 'refused'],
      [6, 'refused'],
    ]);
    expect(done.rows![0]!.reason).toMatch(/email must be a valid email address/);
    expect(done.rows![1]!.reason).toMatch(/name/);
    expect(done.rows![2]!.reason).toMatch(/extraTimePercent must be a whole number from 0 to 100/);
    expect(done.rows![3]!.reason).toBe('the same address as row 1');
    expect(done.rows![4]!.reason).toMatch(/in the past/);
    const quoted = await h.store.db.selectFrom('candidates').select('full_name').where('email_key', '=', 'quoted@example.com').executeTakeFirstOrThrow();
    expect(quoted.full_name).toBe('Quoted, Name "Q"');
    // A row's linkExpiresAt is its invitation's own expiry (a start at or after it is refused); a row without has none.
    const expiries = await h.store.db
      .selectFrom('invitations')
      .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
      .select(['candidates.email_key as email', 'invitations.expires_at as expiresAt'])
      .where('candidates.email_key', 'in', ['quoted@example.com', 'good1@example.com'])
      .orderBy('candidates.email_key')
      .execute();
    expect(expiries.map((row) => [row.email, row.expiresAt === null ? null : Number(row.expiresAt)])).toEqual([
      ['good1@example.com', null],
      ['quoted@example.com', Date.parse('2099-01-01T00:00:00Z')],
    ]);
  });

  it('refuses a whole file over 10,000 rows (413.2), over the body limit (413.1), or that cannot be read (400.20), storing nothing', async () => {
    const jobsBefore = await count('bulk_invitation_jobs');
    expectFailure(await submitCsv(csvOf(10_001, 50_000)), '413.2');
    const rows = Array.from({ length: 10_001 }, (_, index) => ({ email: `j${index}@example.com`, name: 'J' }));
    expectFailure(await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/invitations/bulk`, body: rows }), '413.2');
    expectFailure(await submitCsv(`email,name\n${'x'.repeat(9 * 1024 * 1024)}@example.com,Big\n`), '413.1');
    expect(expectFailure(await submitCsv('email,name\n"unclosed@example.com,Ann\n'), '400.20').result).toMatch(/CSV could not be read/);
    expect(expectFailure(await submitCsv('mail,name\na@example.com,Ann\n'), '400.20').result).toMatch(/must name email/);
    expectFailure(await submitCsv('email,name\na@example.com,Ann,extra\n'), '400.20');
    expectFailure(await submitCsv('email,name\na@example.com,Ann\n', 999_999), '404.2');
    expectFailure(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/invitations/bulk`, payload: 'email,name\n', headers: { 'content-type': 'text/plain' } }),
      '400.8',
    );
    expect(await count('bulk_invitation_jobs')).toBe(jobsBefore);
  });

  it("keeps jobs to their org (another org's job is 404.14) and refuses reviewer keys (403.17)", async () => {
    const job = await accepted(await submitCsv('email,name\nmine@example.com,Mine\n'));
    const other = await h.createOrg('Other');
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/bulk-invitations/${job.jobId}`, apiKey: other.apiKey }), '404.14');
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/bulk-invitations/987654' }), '404.14');
    // The same file for the same test id from another org is that org's test: 404.2, no job shared.
    expectFailure(await submitCsv('email,name\nmine@example.com,Mine\n', testId, other.apiKey), '404.2');
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel' });
    expectFailure(await submitCsv('email,name\nr@example.com,R\n', testId, reviewer.apiKey), '403.17');
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/bulk-invitations/${job.jobId}`, apiKey: reviewer.apiKey }), '403.17');
  });

  it('is served to @assay/client: bulk sends CSV or rows, bulkJob follows the job', async () => {
    const job = await h.client.invitations.bulk(testId, { csv: 'email,name\nclient1@example.com,Client One\nbad,Bad\n' });
    expect(job).toMatchObject({ total: 2, refused: 1, state: 'queued', resubmitted: false });
    await h.drainJobs();
    expect(await h.client.invitations.bulkJob(job.jobId, { rows: 'refused' })).toMatchObject({
      state: 'finished',
      invited: 1,
      rows: [{ row: 2, outcome: 'refused' }],
    });
    const again = await h.client.invitations.bulk(testId, [
      { email: 'client1@example.com', name: 'Client One' },
      { email: 'bad', name: 'Bad' },
    ]);
    expect(again).toMatchObject({ jobId: job.jobId, resubmitted: true });
  });
});
