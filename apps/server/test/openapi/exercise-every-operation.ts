import { expect } from 'vitest';
import { candidate } from '../helpers/candidate.js';
import type { Harness } from '../helpers/test-app.js';
import { adminHeaders, recording, type Exchange, type Scenario } from './scenario.js';

const TINY_TEST = {
  testName: 'Tiny',
  sections: [
    {
      sectionName: 'A',
      sectionType: 'general',
      duration: 5,
      questions: [
        {
          type: 'single_choice',
          text: 'Yes?',
          marks: 1,
          options: [
            { text: 'yes', correct: true },
            { text: 'no', correct: false },
          ],
        },
      ],
    },
  ],
};

const PIXEL_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Calls every JSON operation at least once, successes and refusals alike, and keeps what the server said. */
export const exerciseEveryOperation = async (h: Harness, s: Scenario): Promise<Exchange[]> => {
  const exchanges: Exchange[] = [];
  const send = recording(h, exchanges);
  const admin = { apiKey: null, headers: adminHeaders };
  const { testId, testLinkId, accessKey, questionIds, invitations } = s;
  const fresh = async (emailId: string) => {
    const body = (await send({ method: 'POST', url: `/v2/org/tests/${testId}/register`, body: { emailId, fullName: 'Alan Turing' } })).json();
    return { id: body.result.testInvitationId as number, token: new URL(body.result.takeTestURL as string).pathname.split('/').at(-1)! };
  };
  for (const url of ['/healthz', '/readyz', '/v2/timezones', '/v2/test-definition.schema.json']) await send({ method: 'GET', url, apiKey: null });
  await send({ method: 'GET', url: '/v2/org/tests?page_size=5&page_no=1' });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}` });
  // Which questions a model solves: no model here, so the start is refused (400.31) and nothing was checked (404.104).
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/ai-check` });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/ai-check` });
  await send({ method: 'POST', url: '/v2/org/tests', body: TINY_TEST });
  // Bring your bank (issue 62 item 6): a GIFT bank imported, and one the grammar cannot read (400.136).
  await send({ method: 'POST', url: '/v2/org/tests/import-bank', body: { format: 'gift', content: '::Q1:: Is it? {T}\n\n::Q2:: Match {=a -> b}' } });
  await send({ method: 'POST', url: '/v2/org/tests/import-bank', body: { format: 'gift', content: '::Q1:: Broken {=a' } });
  await send({ method: 'POST', url: '/v2/org/test-definition/check', body: TINY_TEST });
  // More solutions than one check runs (400.131): refused before any run, so it costs no sandbox time here.
  const solution = { language: 'javascript', code: 'function f() { return 1; }' };
  const tenOfEach = { referenceSolutions: Array.from({ length: 10 }, () => solution), wrongSolutions: Array.from({ length: 10 }, () => solution) };
  const coding = { type: 'coding', text: 'f', functionName: 'f', languages: ['javascript'], hiddenTests: [{ args: [], expected: 1 }], ...tenOfEach };
  const crowded = { testName: 'Crowded', sections: [{ sectionName: 'C', sectionType: 'coding', duration: 5, questions: [coding, coding, coding, coding] }] };
  await send({ method: 'POST', url: '/v2/org/test-definition/check', body: crowded });
  const window = { testLinkName: 'Window', accessTime: 1, startDateTime: '2026-01-01T09:00:00', endDateTime: '2036-01-01T09:00:00', timeZoneId: 1720 };
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: window });
  const renamed = { testLinkName: 'Open, renamed', accessTime: 0, startDateTime: '', endDateTime: '' };
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks/${testLinkId}`, body: renamed });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/testlinks/${testLinkId}` });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/testlinks` });
  const byLink = { emailId: 'second.link@example.com', fullName: 'Edsger Dijkstra' };
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks/${testLinkId}/register`, body: byLink });
  // Resend (decision 813): emailed once, then refused within the interval (429.50); a completed one has nothing to resend (409.50).
  await send({ method: 'POST', url: `/v2/org/testinvitation/${invitations.pending}/resend` });
  await send({ method: 'POST', url: `/v2/org/testinvitation/${invitations.pending}/resend` });
  await send({ method: 'POST', url: `/v2/org/testinvitation/${invitations.completed}/resend` });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.pending}/cancel?testId=${testId}` });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.completed}/reattempt` });
  await send({ method: 'GET', url: `/v2/org/report/${invitations.completed}` });
  await send({ method: 'GET', url: `/v2/org/report/${invitations.completed}/sections` });
  await send({ method: 'GET', url: `/v2/org/report/${invitations.completed}/details` });
  await send({ method: 'GET', url: `/v2/org/report/${invitations.running}` });
  await send({ method: 'GET', url: '/v2/org/webhooks' });
  await send({ method: 'POST', url: '/v2/org/webhooks/settings', body: { trailingSpaceKeys: false } });
  await send({ method: 'POST', url: '/v2/org/webhooks/secret/rotate' });
  await send({ method: 'GET', url: '/v2/org/candidate-page' });
  // The org's default for sendEmail (decision 815): read, set, set back (the scenario's registrations stay unemailed).
  await send({ method: 'GET', url: '/v2/org/invitation-settings' });
  await send({ method: 'PUT', url: '/v2/org/invitation-settings', body: { sendEmailByDefault: true } });
  await send({ method: 'PUT', url: '/v2/org/invitation-settings', body: { sendEmailByDefault: false } });
  await send({ method: 'GET', url: '/v2/org/decision-emails' });
  await send({ method: 'PUT', url: '/v2/org/decision-emails', body: { replyTo: 'talent@example.com', schedulingLink: null } });
  // The org's retention (issue 51): read, and set to a new org's periods (nothing the scenario made is that old).
  await send({ method: 'GET', url: '/v2/org/retention-settings' });
  await send({ method: 'PUT', url: '/v2/org/retention-settings', body: { endedDays: 365, mediaDays: 60, unstartedDays: 180 } });
  // The org's switch for the AI assistant (issue 60): read, and set on (as it is).
  await send({ method: 'GET', url: '/v2/org/ai-settings' });
  await send({ method: 'PUT', url: '/v2/org/ai-settings', body: { assistantEnabled: true } });
  await send({ method: 'POST', url: '/v2/org/candidate-page', body: { displayName: 'Acme Hiring', contactEmail: 'talent@acme.example' } });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.completed}/deliveries` });
  await send({ method: 'POST', url: `/v2/org/deliveries/${s.jobId}/redeliver` });
  await send({ method: 'GET', url: `/v2/org/events?from=${encodeURIComponent('2020-01-01T00:00:00Z')}&limit=10` });
  // Grading (issue 32): the scenario's test has no written question, so its queue is empty and a grade is refused.
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/review?by=candidate&blind=true` });
  // A test's invitations as a list (issue 48): every row shape — pending, completed — with its score status.
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/invitations?sort=-score&page_size=50` });
  await send({ method: 'PUT', url: `/v2/org/testinvitation/${invitations.completed}/grades/${questionIds[1]}`, body: { marks: 1 } });
  await send({ method: 'PUT', url: `/v2/org/review/${'A'.repeat(22)}/grade`, body: { marks: 1 } });
  // Authorship follow-ups for review (issue 60 item 6): none asked in the scenario, so the list is empty and marks are refused.
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/review/follow-ups?blind=true` });
  await send({ method: 'PUT', url: `/v2/org/review/${'A'.repeat(22)}/follow-ups/0`, body: { mark: 'accurate' } });
  // The assistant's transcript by review reference (decision 1263): a made-up reference finds no answer (404.4).
  await send({ method: 'GET', url: `/v2/org/review/${'A'.repeat(22)}/transcript` });
  const taking = await fresh('taking@example.com');
  const api = candidate(h, taking.token);
  await send({ method: 'GET', url: `/candidate/v1/${taking.token}`, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/start`, apiKey: null });
  await send({ method: 'PUT', url: `/candidate/v1/${taking.token}/answers/${questionIds[1]}`, body: { optionIds: [0, 1] }, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/events`, body: { type: 'left', at: new Date().toISOString() }, apiKey: null });
  const shot = await send({ method: 'POST', url: `/candidate/v1/${taking.token}/snapshots`, body: { image: PIXEL_PNG }, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/run/${questionIds[2]}`, body: { code: 'function sum(n) { return 3; }' }, apiKey: null });
  const started = await send({
    method: 'POST',
    url: `/candidate/v1/${taking.token}/runs?wait=20000`,
    body: { questionId: questionIds[2], code: 'function sum(n) { return 3; }' },
    apiKey: null,
  });
  const runId = started.json().result.runId as string;
  await send({ method: 'GET', url: `/candidate/v1/${taking.token}/runs/${runId}?wait=10&since=0`, apiKey: null });
  // Done by now: cancelling it is refused (409.2), its results stand.
  await send({ method: 'DELETE', url: `/candidate/v1/${taking.token}/runs/${runId}`, apiKey: null });
  await send({ method: 'GET', url: `/candidate/v1/${taking.token}/runs/not-a-run`, apiKey: null });
  // The assistant (issue 60): the scenario's test offers none, so the conversation is empty and no reply can be inserted (404.71).
  await send({ method: 'GET', url: `/candidate/v1/${taking.token}/assistant/${questionIds[2]}`, apiKey: null });
  const insertion = { messageId: 1, chars: 10, line: 1, column: 1 };
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/assistant/${questionIds[2]}/insertions`, body: insertion, apiKey: null });
  // Authorship follow-ups (issue 60 item 6): the scenario's test asks none, so a submit serves none and a save finds none (404.100).
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/follow-ups/${questionIds[2]}`, apiKey: null });
  await send({ method: 'GET', url: `/candidate/v1/${taking.token}/follow-ups/${questionIds[2]}`, apiKey: null });
  await send({ method: 'PUT', url: `/candidate/v1/${taking.token}/follow-ups/${questionIds[2]}/0`, body: { answer: 'x' }, apiKey: null });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/follow-ups/${questionIds[2]}/0/paste`, apiKey: null });
  await send({ method: 'PUT', url: `/v2/org/testinvitation/${taking.id}/follow-ups/${questionIds[2]}/0`, body: { mark: 'not' } });
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/submit`, apiKey: null });
  // The scenario's test does not ask for feedback (issue 52): refused, 400.67.
  await send({ method: 'POST', url: `/candidate/v1/${taking.token}/feedback`, body: { rating: 5 }, apiKey: null });
  expect((await api.session()).statusCode).toBe(200);
  const evidence = `/v2/org/testinvitation/${taking.id}/evidence/snapshot-${shot.json().result.snapshotId as number}`;
  await send({ method: 'PUT', url: evidence, body: { outcome: 'dismissed', note: 'A lamp, not a person.' } });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${taking.id}/history` });
  // Every similarity pair of the attempt (issue 50 item 6): a page, and a page size out of its rules (400.4).
  await send({ method: 'GET', url: `/v2/org/testinvitation/${taking.id}/similarity?page_size=10&page_no=1` });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${taking.id}/similarity?page_size=1000` });
  // Decisions on candidates (issue 50 item 2): a decision, a tag, a note edited and deleted, a rating; refusals too.
  const on = `/v2/org/testinvitation/${taking.id}`;
  await send({ method: 'PUT', url: `${on}/decision`, body: { decision: 'shortlisted', reason: 'Clear code.' } });
  await send({ method: 'PUT', url: `${on}/decision`, body: { decision: 'hired' } });
  await send({ method: 'POST', url: `${on}/decision-email/preview`, body: { email: 'advanced' } });
  await send({ method: 'POST', url: `${on}/decision-email/preview`, body: { email: 'hired' } });
  await send({ method: 'POST', url: `${on}/tags`, body: { tag: 'Strong Python' } });
  await send({ method: 'POST', url: `${on}/tags`, body: { tag: 'C++' } });
  await send({ method: 'DELETE', url: `${on}/tags/strong-python` });
  const noted = await send({ method: 'POST', url: `${on}/notes`, body: { text: 'Good tests.' } });
  const noteId = (noted.json().result.notes as { noteId: number }[])[0]!.noteId;
  await send({ method: 'PATCH', url: `${on}/notes/${noteId}`, body: { text: 'Good tests, clear names.' } });
  await send({ method: 'GET', url: `${on}/notes` });
  await send({ method: 'DELETE', url: `${on}/notes/${noteId}` });
  await send({ method: 'DELETE', url: `${on}/notes/${noteId}` });
  await send({ method: 'PUT', url: `${on}/rating`, body: { rating: 4 } });
  await send({ method: 'DELETE', url: `${on}/rating` });
  await send({ method: 'GET', url: `${on}/evaluation` });
  // Report shares (issue 61 item 4): one made and one refused for its days (400.127), listed, revoked twice.
  const shared = await send({ method: 'POST', url: `${on}/share`, body: { days: 7 } });
  await send({ method: 'POST', url: `${on}/share`, body: { days: 91 } });
  await send({ method: 'GET', url: '/v2/org/shares' });
  await send({ method: 'DELETE', url: `/v2/org/shares/${shared.json().result.shareId}` });
  await send({ method: 'DELETE', url: `/v2/org/shares/${shared.json().result.shareId}` });
  // Bulk decisions (issue 61 item 2): a dry run by the list's filter, a decision by ids, and both at once refused (400.2).
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/decisions/bulk`, body: { decision: 'on-hold', filter: { decision: 'none' }, dryRun: true } });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/decisions/bulk`, body: { decision: 'shortlisted', ids: [taking.id] } });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/decisions/bulk`, body: { decision: 'shortlisted', ids: [taking.id], filter: {} } });
  const bulk = (
    await send({
      method: 'POST',
      url: `/v2/org/tests/${testId}/invitations/bulk`,
      body: [
        { email: 'bulk-one@example.com', name: 'Bulk One' },
        { email: 'nope', name: 'No' },
      ],
    })
  ).json();
  await send({ method: 'GET', url: `/v2/org/bulk-invitations/${bulk.result.jobId}` });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.running}/reset` });
  // Not the completed invitation: its signed report link is the scenario's, and must keep working.
  await send({ method: 'POST', url: `/v2/org/report/${invitations.running}/links/revoke` });
  await send({ method: 'GET', url: `/candidate/v1/links/${accessKey}`, apiKey: null });
  await send({
    method: 'POST',
    url: `/candidate/v1/links/${accessKey}/register`,
    body: { emailId: 'self@example.com', fullName: 'Barbara Liskov' },
    apiKey: null,
  });
  await send({ method: 'POST', url: '/admin/orgs', body: { name: 'Third', email: 'third@example.com', timeZoneId: 1720 }, ...admin });
  const { orgId, keyIds } = s.otherOrg;
  await send({ method: 'GET', url: `/admin/orgs/${orgId}/keys`, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/keys/${keyIds[0]}/revoke`, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/keys`, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/keys/rotate`, ...admin });
  // People (issue 50): added, renamed, deactivated; another org's person and a missing one answer 404.20.
  const added = await send({
    method: 'POST',
    url: `/admin/orgs/${orgId}/people`,
    body: { name: 'Grace Hopper', email: 'grace@example.com', role: 'recruiter' },
    ...admin,
  });
  const personId = added.json().result.personId as number;
  await send({ method: 'GET', url: `/admin/orgs/${orgId}/people`, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/people/${personId}`, body: { name: 'Rear Admiral Hopper' }, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/people/${personId}/deactivate`, ...admin });
  await send({ method: 'POST', url: `/admin/orgs/${orgId}/people/999999/deactivate`, ...admin });
  // Everything held about one address (issue 51): one the org holds, and one it does not (404.52).
  await send({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId: 'self@example.com' } });
  await send({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId: 'nobody@example.com' } });
  const own = await send({ method: 'GET', url: '/v2/org/me' });
  // An org's admin key manages its own people (decision 836): add, issue, revoke, deactivate; itself refused (409.21).
  const colleague = (await send({ method: 'POST', url: '/v2/org/people', body: { name: 'Ada Lovelace', role: 'reviewer' } })).json().result.personId as number;
  const issued = (await send({ method: 'POST', url: `/v2/org/people/${colleague}/keys`, body: { label: 'Laptop' } })).json().result.keyId as number;
  await send({ method: 'GET', url: '/v2/org/people' });
  await send({ method: 'POST', url: `/v2/org/keys/${issued}/revoke` });
  await send({ method: 'POST', url: `/v2/org/keys/${own.json().result.keyId}/revoke` });
  await send({ method: 'POST', url: `/v2/org/people/${colleague}/deactivate` });
  await send({ method: 'POST', url: '/v2/org/people/999999/keys' });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/invitations/summary` });
  // Compare (issue 61 item 4): a comparison, too few (400.125), an id twice (400.126), an id not of this test (404.4).
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/compare?ids=${invitations.completed},${invitations.pending}` });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/compare?ids=${invitations.completed}` });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/compare?ids=${invitations.completed},${invitations.completed}` });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/compare?ids=${invitations.completed},999999` });
  // The library (issue 62): filtered, one item, an unknown one (404.126), the ready tests, an import of each kind, an
  // unknown item (400.139) and an unknown ready test (404.126).
  await send({ method: 'GET', url: '/v2/org/library?skill=sql&type=single_choice&page_size=5' });
  await send({ method: 'GET', url: '/v2/org/library/items/sql-left-join-keeps-rows' });
  await send({ method: 'GET', url: '/v2/org/library/items/no-such-item' });
  await send({ method: 'GET', url: '/v2/org/library/tests' });
  await send({ method: 'POST', url: '/v2/org/library/import', body: { readyTest: 'data-analyst-sql' } });
  await send({ method: 'POST', url: '/v2/org/library/import', body: { items: ['git-staged-diff', 'leap-year'], testName: 'Chosen' } });
  await send({ method: 'POST', url: '/v2/org/library/import', body: { items: ['no-such-item'], testName: 'Chosen' } });
  await send({ method: 'POST', url: '/v2/org/library/import', body: { readyTest: 'no-such-test' } });
  // Item analysis (issue 62 item 5): a test's, and a test not in the org (404.2).
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/item-analysis` });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/item-analysis?version=1` });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/versions`, body: { ...TINY_TEST, testName: 'Tiny, version 2' } });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/versions` });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/library-items`, body: { items: ['git-staged-diff'] } });
  await send({ method: 'GET', url: '/v2/org/tests/999999/versions' });
  // Preview links (issue 62 item 3): of a definition, of the test at a version, and of a version it does not have (404.127).
  await send({ method: 'POST', url: '/v2/org/tests/previews', body: TINY_TEST });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/previews`, body: { version: 1 } });
  await send({ method: 'POST', url: `/v2/org/tests/${testId}/previews`, body: { version: 99 } });
  await send({ method: 'GET', url: '/v2/org/tests/999999/item-analysis' });
  // Erasure (issue 51): by address and by invitation (an erased one again: a no-op), an unknown address (404.51), and v3's shape.
  const erasable = await fresh('erasable@example.com');
  await send({ method: 'POST', url: '/v2/org/candidates/erase', body: { emailId: 'erasable@example.com' } });
  await send({ method: 'POST', url: '/v2/org/candidates/erase', body: { testInvitationId: erasable.id } });
  await send({ method: 'POST', url: '/v2/org/candidates/erase', body: { emailId: 'nobody@example.com' } });
  await fresh('erasable.v3@example.com');
  await send({ method: 'POST', url: '/v3/gdpr/requests', body: { CandidateEmail: 'erasable.v3@example.com' } });
  await send({ method: 'POST', url: '/v3/gdpr/requests', body: { CandidateEmail: 'nobody@example.com' } });
  // iMocha v3's reads (decisions 889–891): tests paged, a test, its links, a missing one (404), the zone table.
  await send({ method: 'GET', url: '/v3/tests?pageNo=1&pageSize=5' });
  await send({ method: 'GET', url: `/v3/tests/${testId}` });
  await send({ method: 'GET', url: '/v3/tests/999999' });
  await send({ method: 'GET', url: `/v3/tests/${testId}/testlinks` });
  await send({ method: 'GET', url: `/v3/tests/${testId}/testlinks/${testLinkId}` });
  await send({ method: 'GET', url: `/v3/tests/${testId}/testlinks/999999` });
  await send({ method: 'GET', url: '/v3/timezones' });
  // v3's callback replay (issue 52): an ended and a pending invitation, an id not the org's (401), too many ids (400).
  await send({ method: 'POST', url: '/v3/callbacks/process', body: { testinvitationIds: [invitations.completed, invitations.pending] } });
  await send({ method: 'POST', url: '/v3/callbacks/process', body: { testinvitationIds: [999_999_999] } });
  await send({ method: 'POST', url: '/v3/callbacks/process', body: { testinvitationIds: Array.from({ length: 101 }, (_, index) => index + 1) } });
  // iMocha v3's reports and reconciliation (issue 52): both report types, a pending one, refusals; each state of testattempts.
  await send({ method: 'GET', url: `/v3/reports/${invitations.completed}?reportType=3` });
  await send({ method: 'GET', url: `/v3/reports/${invitations.pending}` });
  await send({ method: 'GET', url: `/v3/reports/${invitations.completed}?reportType=9` });
  await send({ method: 'GET', url: '/v3/reports/999999' });
  const lastMonth = { StartDateTime: new Date(Date.now() - 30 * 86_400_000).toISOString(), EndDateTime: new Date(Date.now() + 86_400_000).toISOString() };
  for (const state of ['completed', 'cancelled', 'expired']) await send({ method: 'POST', url: `/v3/candidates/testattempts?state=${state}`, body: lastMonth });
  const backwards = { StartDateTime: lastMonth.EndDateTime, EndDateTime: lastMonth.StartDateTime };
  await send({ method: 'POST', url: '/v3/candidates/testattempts?state=completed', body: backwards });
  // iMocha v3's invitations (issue 52): invite and invite again, by link, a reattempt and its refusal, a cancel and its refusal.
  const v3Invited = await send({
    method: 'POST',
    url: `/v3/tests/${testId}/invite`,
    body: { email: 'v3.invite@example.com', name: 'Grace Hopper', endDateTime: '2036-01-01T09:00:00Z' },
  });
  await send({ method: 'POST', url: `/v3/tests/${testId}/invite`, body: { email: 'v3.invite@example.com', name: 'Grace Hopper', endDateTime: 'soon' } });
  await send({ method: 'POST', url: `/v3/tests/${testId}/testlinks/${testLinkId}/invite`, body: { email: 'v3.link@example.com', name: 'Ada Lovelace' } });
  await send({ method: 'POST', url: `/v3/invitations/${invitations.completed}/reattempt`, body: { EndDateTime: '2036-01-01T09:00:00Z' } });
  await send({ method: 'POST', url: `/v3/invitations/${v3Invited.json().testInvitationId as number}/reattempt`, body: {} });
  await send({ method: 'POST', url: `/v3/invitations/${v3Invited.json().testInvitationId as number}/cancel` });
  await send({ method: 'POST', url: `/v3/invitations/${invitations.completed}/cancel` });
  // Reminders and expiry (issue 33 item 3): a test's and a link's hours, refused out of bounds; an invitation's own expiry.
  await send({ method: 'PUT', url: `/v2/org/tests/${testId}/reminders`, body: { reminderHours: [24, 2] } });
  await send({ method: 'PUT', url: `/v2/org/tests/${testId}/reminders`, body: { reminderHours: [0] } });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/reminders` });
  await send({ method: 'PUT', url: `/v2/org/tests/${testId}/testlinks/${testLinkId}/reminders`, body: { reminderHours: null } });
  await send({ method: 'GET', url: `/v2/org/tests/${testId}/testlinks/${testLinkId}/reminders` });
  // A test's settings (issue 52): read and written whole through v2 and v3, a partial object refused.
  const settings = (await send({ method: 'GET', url: `/v2/org/tests/${testId}/settings` })).json().result;
  await send({ method: 'PUT', url: `/v2/org/tests/${testId}/settings`, body: settings });
  await send({ method: 'PUT', url: `/v2/org/tests/${testId}/settings`, body: { questionSettings: settings.questionSettings } });
  await send({ method: 'GET', url: `/v3/tests/${testId}/settings` });
  await send({ method: 'POST', url: `/v3/tests/${testId}/settings`, body: settings });
  await send({ method: 'POST', url: `/v3/tests/${testId}/settings`, body: { emailSettings: {} } });
  await send({ method: 'GET', url: '/v3/tests/999999/settings' });
  // v3's users and business unit (decisions 981–984): the one unit, a user made, moved, refused twice, deactivated.
  const unitId = (await send({ method: 'GET', url: '/v3/accounts/business-units' })).json().businessUnits[0].businessUnitId as number;
  await send({ method: 'POST', url: '/v3/accounts/user/create', body: { email: 'v3.user@example.com', fullName: 'Vera Viewer', businessunitId: unitId } });
  await send({ method: 'POST', url: '/v3/accounts/user/create', body: { email: 'v3.user@example.com', fullName: 'Vera Viewer' } });
  await send({ method: 'POST', url: '/v3/accounts/user/update', body: { Email: 'v3.user@example.com', BusinessunitId: unitId } });
  await send({ method: 'POST', url: '/v3/accounts/user/update', body: { Email: 'nobody@example.com', BusinessunitId: unitId } });
  await send({ method: 'POST', url: '/v3/accounts/user/status', body: { email: 'v3.user@example.com', status: 'Inactive' } });
  const expiring = await fresh('expiring@example.com');
  await send({ method: 'PUT', url: `/v2/org/testinvitation/${expiring.id}/expiry`, body: { expiresAt: '2036-01-01T17:00:00' } });
  await send({ method: 'PUT', url: `/v2/org/testinvitation/${expiring.id}/expiry`, body: { expiresAt: '2001-01-01T17:00:00' } });
  // Greenhouse's partner API (HTTP Basic: the key as the user name), and connecting the org to it.
  const basic = { apiKey: null, headers: { authorization: `Basic ${Buffer.from(`${h.org.apiKey}:`).toString('base64')}` } };
  await send({ method: 'PUT', url: '/v2/org/integrations/greenhouse', body: { callbackUsername: 'greenhouse', callbackPassword: 'secret' } });
  await send({ method: 'GET', url: '/v2/org/integrations/greenhouse' });
  await send({ method: 'GET', url: '/partners/greenhouse/list_tests', ...basic });
  const sent = await send({
    method: 'POST',
    url: '/partners/greenhouse/send_test',
    body: {
      partner_test_id: String(testId),
      candidate: {
        first_name: 'Harry',
        last_name: 'Potter',
        preferred_name: null,
        email: 'harry@hogwarts.example',
        greenhouse_profile_url: 'https://app.greenhouse.io/people/1?application_id=42',
      },
      url: 'https://app.greenhouse.io/integrations/testing_partners/take_home_tests/42',
    },
    ...basic,
  });
  const interviewId = (sent.json() as { partner_interview_id: string }).partner_interview_id;
  await send({ method: 'GET', url: `/partners/greenhouse/test_status?partner_interview_id=${interviewId}`, ...basic });
  await send({
    method: 'POST',
    url: '/partners/greenhouse/response_error',
    body: { api_call: 'test_status', errors: ['x'], partner_interview_id: interviewId },
    ...basic,
  });
  // Refusals: each is typed by the document's 4XX.
  await send({ method: 'GET', url: '/partners/greenhouse/list_tests', apiKey: null });
  await send({ method: 'GET', url: '/partners/greenhouse/test_status?partner_interview_id=999999', ...basic });
  await send({ method: 'GET', url: '/v2/org/tests', apiKey: null });
  await send({ method: 'GET', url: '/v2/org/tests?page_size=101' });
  await send({ method: 'GET', url: '/v2/org/tests/999999' });
  await send({ method: 'GET', url: `/v2/org/testinvitation/${invitations.completed}/cancel` });
  await send({ method: 'GET', url: '/admin/orgs/1/keys', apiKey: null });
  await send({ method: 'GET', url: '/candidate/v1/not-a-token', apiKey: null });
  await send({ method: 'GET', url: '/v2/reports/1/pdf?expires=1&signature=forged', apiKey: null });
  return exchanges;
};
