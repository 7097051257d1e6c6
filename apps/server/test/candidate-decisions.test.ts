import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CandidateEvaluation, InvitationHistory, InvitationList, ReconciliationEvents } from '@assay/domain';
import { manualClock } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const START = Date.UTC(2026, 11, 1, 9, 0, 0);

/** Issue 50 item 2: a decision, tags, notes and ratings on an invitation, end to end through the API. */
describe.each(backends)('decisions on candidates on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(START);
  let testId = 0;
  let ada = 0;
  let grace = 0;
  let reviewer: { keyId: number; apiKey: string };
  let recruiter: { keyId: number; apiKey: string };

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest(sampleDefinition);
    ada = (await h.client.invitations.register(testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' })).testInvitationId;
    grace = (await h.client.invitations.register(testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' })).testInvitationId;
    reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });
    recruiter = await h.client.admin.keys.create(h.org.orgId, { label: 'Rita Recruiter' });
  });
  afterAll(() => h.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, apiKey = recruiter.apiKey) =>
    h.request({ method, url: `/v2/org/testinvitation/${path}`, apiKey, ...(body === undefined ? {} : { body }) });
  const ok = async (...args: Parameters<typeof call>) => expectSuccess<CandidateEvaluation>(await call(...args));

  it('records a decision, changes and clears it, each change in the history with who and why', async () => {
    const first = await ok('PUT', `${ada}/decision`, { decision: 'shortlisted', reason: 'Strong start' });
    expect(first.decision).toMatchObject({ decision: 'shortlisted', reason: 'Strong start', decidedBy: { keyId: recruiter.keyId, label: 'Rita Recruiter' } });
    clock.set(START + 60_000);
    expect((await ok('PUT', `${ada}/decision`, { decision: 'rejected', reason: 'Weak SQL' })).decision?.decision).toBe('rejected');
    // The same state again without a reason writes nothing.
    await ok('PUT', `${ada}/decision`, { decision: 'rejected' });
    clock.set(START + 120_000);
    expect((await ok('PUT', `${grace}/decision`, { decision: 'on-hold' })).decision?.decision).toBe('on-hold');
    expect((await ok('PUT', `${grace}/decision`, { decision: null })).decision).toBeNull();
    const history = expectSuccess<InvitationHistory>(await call('GET', `${ada}/history`));
    const decided = history.entries.filter((entry) => entry.kind === 'decided');
    expect(decided.map((entry) => [entry.details, entry.by])).toEqual([
      [
        { decision: 'shortlisted', previous: null, reason: 'Strong start' },
        { keyId: recruiter.keyId, label: 'Rita Recruiter' },
      ],
      [
        { decision: 'rejected', previous: 'shortlisted', reason: 'Weak SQL' },
        { keyId: recruiter.keyId, label: 'Rita Recruiter' },
      ],
    ]);
  });

  it('keeps a decision from a reviewer key (403.17) but takes its notes, tags and rating (decision 760)', async () => {
    expectFailure(await call('PUT', `${grace}/decision`, { decision: 'advanced' }, reviewer.apiKey), '403.17');
    const tagged = await ok('POST', `${grace}/tags`, { tag: ' Strong Python ' }, reviewer.apiKey);
    expect(tagged.tags).toEqual(['strong-python']);
    const noted = await ok('POST', `${grace}/notes`, { text: 'Clear reasoning.' }, reviewer.apiKey);
    expect(noted.notes).toMatchObject([{ text: 'Clear reasoning.', author: { keyId: reviewer.keyId, label: 'Panel A' }, editedAt: null }]);
    const rated = await ok('PUT', `${grace}/rating`, { rating: 4 }, reviewer.apiKey);
    expect(rated.ratings).toMatchObject([{ rating: 4, ratedBy: { keyId: reviewer.keyId, label: 'Panel A' } }]);
    const both = await ok('PUT', `${grace}/rating`, { rating: 5 });
    expect(both.ratings.map((rating) => rating.rating)).toEqual([4, 5]);
    expect(both.meanRating).toBe(4.5);
    expect((await ok('PUT', `${grace}/rating`, { rating: 2 }, reviewer.apiKey)).meanRating).toBe(3.5);
    expect((await ok('DELETE', `${grace}/rating`, undefined, reviewer.apiKey)).ratings.map((rating) => rating.rating)).toEqual([5]);
  });

  it('lets only its author edit or delete a note, and keeps when it was edited', async () => {
    const [note] = (await ok('POST', `${ada}/notes`, { text: 'Rejected: see SQL.' })).notes;
    clock.set(START + 300_000);
    expectFailure(await call('PATCH', `${ada}/notes/${note!.noteId}`, { text: 'Mine now' }, reviewer.apiKey), '403.18');
    expectFailure(await call('DELETE', `${ada}/notes/${note!.noteId}`, undefined, h.org.apiKey), '403.18');
    const edited = await ok('PATCH', `${ada}/notes/${note!.noteId}`, { text: 'Rejected: weak SQL joins.' });
    expect(edited.notes[0]).toMatchObject({ text: 'Rejected: weak SQL joins.', editedAt: new Date(START + 300_000).toISOString() });
    const listed = expectSuccess<{ notes: unknown[] }>(await call('GET', `${ada}/notes`, undefined, reviewer.apiKey));
    expect(listed.notes).toHaveLength(1);
    expect((await ok('DELETE', `${ada}/notes/${note!.noteId}`)).notes).toEqual([]);
    expectFailure(await call('DELETE', `${ada}/notes/${note!.noteId}`), '404.16');
    const kinds = expectSuccess<InvitationHistory>(await call('GET', `${ada}/history`)).entries.filter((entry) => entry.kind === 'noted');
    expect(kinds.map((entry) => entry.details)).toEqual([
      { noteId: note!.noteId, change: 'added' },
      { noteId: note!.noteId, change: 'edited' },
      { noteId: note!.noteId, change: 'deleted' },
    ]);
  });

  it('refuses bad input with its own code and a message, and changes nothing', async () => {
    expectFailure(await call('PUT', `${ada}/decision`, { decision: 'hired' }), '400.2');
    expectFailure(await call('PUT', `${ada}/rating`, { rating: 6 }), '400.2');
    expectFailure(await call('POST', `${ada}/notes`, { text: '   ' }), '400.2');
    const bad = expectFailure(await call('POST', `${ada}/tags`, { tag: 'C++' }), '400.40');
    expect(bad.result).toMatch(/letters, digits/);
    for (let index = 0; index < 20; index += 1) await ok('POST', `${ada}/tags`, { tag: `t${index}` });
    expectFailure(await call('POST', `${ada}/tags`, { tag: 'one-more' }), '400.41');
    const after = await ok('DELETE', `${ada}/tags/T3`);
    expect(after.tags).toHaveLength(19);
    expect(after.decision?.decision).toBe('rejected');
  });

  it('answers another org’s invitation 404.4, exactly like a missing one', async () => {
    const other = await h.createOrg('Other');
    const missing = expectFailure(await call('PUT', `999999/decision`, { decision: 'advanced' }), '404.4');
    const foreign = expectFailure(await call('PUT', `${ada}/decision`, { decision: 'advanced' }, other.apiKey), '404.4');
    expect(foreign.result).toBe(missing.result.replace('999999', String(ada)));
    for (const [method, path, body] of [
      ['GET', `${ada}/evaluation`],
      ['GET', `${ada}/notes`],
      ['POST', `${ada}/tags`, { tag: 'x' }],
      ['DELETE', `${ada}/tags/t1`],
      ['POST', `${ada}/notes`, { text: 'x' }],
      ['PUT', `${ada}/rating`, { rating: 1 }],
      ['DELETE', `${ada}/rating`],
    ] as const) {
      expectFailure(await call(method, path, body, other.apiKey), '404.4');
    }
    expect((await ok('GET', `${ada}/evaluation`)).decision?.decision).toBe('rejected');
  });

  it('shows decisions and tags on the list and filters by them', async () => {
    const list = async (query: string) =>
      expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations${query}`, apiKey: reviewer.apiKey }));
    const all = await list('');
    expect(all.invitations.map((row) => [row.testInvitationId, row.decision, row.tags.length])).toEqual([
      [ada, 'rejected', 19],
      [grace, null, 1],
    ]);
    expect((await list('?decision=rejected')).invitations.map((row) => row.testInvitationId)).toEqual([ada]);
    expect((await list('?decision=none,shortlisted')).invitations.map((row) => row.testInvitationId)).toEqual([grace]);
    expect((await list('?tag=Strong%20Python')).invitations.map((row) => row.testInvitationId)).toEqual([grace]);
    expect((await list('?tag=nobody')).invitationsCount).toBe(0);
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations?decision=hired`, apiKey: reviewer.apiKey }), '400.4');
  });

  it('tells the events feed of the latest decision of each invitation', async () => {
    const feed = expectSuccess<ReconciliationEvents>(
      await h.request({ method: 'GET', url: `/v2/org/events?from=${new Date(START).toISOString()}`, apiKey: reviewer.apiKey }),
    );
    expect(feed.events.filter((event) => event.type === 'decided')).toEqual([
      { type: 'decided', at: new Date(START + 60_000).toISOString(), testInvitationId: ada, testId, emailId: 'ada@example.com', decision: 'rejected' },
      { type: 'decided', at: new Date(START + 120_000).toISOString(), testInvitationId: grace, testId, emailId: 'grace@example.com', decision: null },
    ]);
  });
});

/** Issue 61 item 3: what was recorded is in `/details`, where the PDF and the TUI read the report (decision 1415). */
describe.each(backends)('what was recorded, in the report details, on %s', (backend) => {
  let h: Harness;
  let ada = 0;
  let grace = 0;
  let testId = 0;

  beforeAll(async () => {
    h = await startHarness(backend, {}, manualClock(START).now);
    testId = await h.importTest(sampleDefinition);
    ada = (await h.client.invitations.register(testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' })).testInvitationId;
    grace = (await h.client.invitations.register(testId, { emailId: 'grace@example.com', fullName: 'Grace Hopper' })).testInvitationId;
  });
  afterAll(() => h.close());

  const details = async (id: number) =>
    expectSuccess<Record<string, unknown>>(await h.request({ method: 'GET', url: `/v2/org/report/${id}/details`, apiKey: h.org.apiKey }));

  it('answers the decision, its reason, the tags and the mean of the ratings with their count', async () => {
    const put = (path: string, method: 'PUT' | 'POST', body: unknown) =>
      h.request({ method, url: `/v2/org/testinvitation/${ada}/${path}`, apiKey: h.org.apiKey, body });
    expectSuccess(await put('decision', 'PUT', { decision: 'advanced', reason: 'Clean code' }));
    expectSuccess(await put('tags', 'POST', { tag: 'Backend' }));
    expectSuccess(await put('rating', 'PUT', { rating: 4 }));
    expect((await details(ada)).recorded).toEqual({ decision: 'advanced', decisionReason: 'Clean code', tags: ['backend'], meanRating: 4, ratings: 1 });
    expect((await details(grace)).recorded).toEqual({ decision: null, decisionReason: null, tags: [], meanRating: null, ratings: 0 });
  });

  it('gives each row of the list its mean rating beside its decision and tags, as /details works it out', async () => {
    const list = expectSuccess<InvitationList>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/invitations`, apiKey: h.org.apiKey }));
    const rowOf = (id: number) => list.invitations.find((row) => row.testInvitationId === id);
    expect(rowOf(ada)).toMatchObject({ decision: 'advanced', tags: ['backend'], meanRating: 4 });
    expect(rowOf(grace)).toMatchObject({ decision: null, tags: [], meanRating: null });
  });
});
