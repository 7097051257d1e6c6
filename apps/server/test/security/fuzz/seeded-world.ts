import sharp from 'sharp';
import { REPORT_URL_KEY_SETTING, newReportUrlKey, signedReportUrl } from '@assay/delivery';
import { generateApiKey, hashApiKey } from '../../../src/auth/api-key.js';
import { SUM_SOLUTION, candidate, questionIdsOfTest, tokenOf } from '../../helpers/candidate.js';
import { expectSuccess } from '../../helpers/expectations.js';
import { sampleDefinition } from '../../helpers/fixtures.js';
import { ADMIN_TOKEN, PUBLIC_URL, type Harness } from '../../helpers/test-app.js';

/** One org's data as the fuzzer aims at it: every kind of id a path can carry, and the tokens of its candidates. */
export interface OrgData {
  readonly orgId: number;
  /** Replaced when a fuzzed admin call revokes or rotates it (see `keepKeysUsable`). */
  apiKey: string;
  readonly ids: Record<IdKind, number[]>;
  /** testId and testLinkId that belong together. */
  readonly links: { testId: number; testLinkId: number }[];
  /** Pending, running, completed, cancelled, reset, running on the proctored link. */
  readonly tokens: string[];
  /** Attempts started just before a route is fuzzed (see `startFreshAttempts`). */
  freshTokens: string[];
  readonly accessKeys: string[];
}

/** The id kinds paths carry; a route with another id parameter makes the isolation suite fail until it is taught the kind. */
export const ID_KINDS = ['testId', 'testLinkId', 'testInvitationId', 'jobId', 'questionId', 'orgId', 'keyId', 'noteId', 'personId', 'shareId'] as const;
export type IdKind = (typeof ID_KINDS)[number];

export interface World {
  readonly own: OrgData;
  readonly other: OrgData;
  /** A key of `own` that was revoked: it must behave like any unknown key. */
  readonly revokedKey: string;
  /** Query of a valid signed report URL of a completed attempt of `own`, and its invitation. */
  readonly signedReport: { testInvitationId: number; expires: string; signature: string };
  /** Ids that no org has. */
  readonly missingIds: number[];
  /** Bodies the seeding sent and the app accepted, by route ("POST /v2/org/tests"): the base of "almost valid" ones. */
  readonly acceptedBodies: Map<string, unknown[]>;
}

/** Records a body under its route as it is sent, so the fuzzer can start from bodies whose cross-field rules hold. */
type Accepted = <T>(route: string, body: T) => T;
const bodyRecorder = (): { bodies: Map<string, unknown[]>; accepted: Accepted } => {
  const bodies = new Map<string, unknown[]>();
  const accepted: Accepted = (route, body) => {
    bodies.set(route, [...(bodies.get(route) ?? []), body]);
    return body;
  };
  return { bodies, accepted };
};

const register = async (h: Harness, accepted: Accepted, apiKey: string, testId: number, emailId: string) => {
  const result = expectSuccess<{ testInvitationId: number; takeTestURL: string }>(
    await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/register`,
      body: accepted('POST /v2/org/tests/:testId/register', { emailId, fullName: 'Fuzz Candidate' }),
      apiKey,
    }),
  );
  return { invitationId: result.testInvitationId, token: tokenOf(result.takeTestURL) };
};

const createLink = async (h: Harness, accepted: Accepted, apiKey: string, testId: number, body: Record<string, unknown>) =>
  expectSuccess<{ testLinkId: number; testLinkAccessKey: string }>(
    await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/testlinks`,
      body: accepted('POST /v2/org/tests/:testId/testlinks', { testLinkName: 'Fuzz link', accessTime: 0, ...body }),
      apiKey,
    }),
  );

/**
 * An org with a test, four links (open, invite-only, inactive, proctored) and invitations in every state a
 * candidate can be in: pending, running, completed (scored), cancelled, reset; plus a queued delivery.
 */
const seedOrg = async (h: Harness, accepted: Accepted, orgId: number, apiKey: string, name: string): Promise<OrgData & { completedId: number }> => {
  const testId = await h.importTest(undefined, apiKey);
  const links = await Promise.all([
    createLink(h, accepted, apiKey, testId, {}),
    createLink(h, accepted, apiKey, testId, { inviteCandidateOnly: 1 }),
    createLink(h, accepted, apiKey, testId, { testLinkStatus: 3 }),
    createLink(h, accepted, apiKey, testId, { imageProctoring: 1 }),
  ]);
  const pending = await register(h, accepted, apiKey, testId, `pending.${name}@example.com`);
  const running = await register(h, accepted, apiKey, testId, `running.${name}@example.com`);
  const completed = await register(h, accepted, apiKey, testId, `completed.${name}@example.com`);
  const cancelled = await register(h, accepted, apiKey, testId, `cancelled.${name}@example.com`);
  const reset = await register(h, accepted, apiKey, testId, `reset.${name}@example.com`);
  const proctored = expectSuccess<{ testInvitationId: number; testUrl: string }>(
    await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/testlinks/${links[3]!.testLinkId}/register`,
      body: accepted('POST /v2/org/tests/:testId/testlinks/:testLinkId/register', { emailId: `proctored.${name}@example.com`, fullName: 'Fuzz Candidate' }),
      apiKey,
    }),
  );
  for (const { token } of [running, completed, reset]) expectSuccess(await candidate(h, token).start());
  expectSuccess(await candidate(h, tokenOf(proctored.testUrl)).start());
  expectSuccess(await candidate(h, completed.token).submit());
  expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${cancelled.invitationId}/cancel`, apiKey }));
  expectSuccess(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${reset.invitationId}/reset`, apiKey }));
  const job = expectSuccess<{ jobId: number }>(
    await h.request({
      method: 'POST',
      url: '/v2/org/webhooks/test',
      body: accepted('POST /v2/org/webhooks/test', { url: 'http://127.0.0.1:9/fuzz-hook' }),
      apiKey,
    }),
  );
  const keyIds = (await h.store.apiKeys.list(orgId)).map((key) => key.keyId);
  // A note on the first invitation (the one a route's other ids name) and a person, for the routes that carry their ids.
  const noted = expectSuccess<{ notes: { noteId: number }[] }>(
    await h.request({
      method: 'POST',
      url: `/v2/org/testinvitation/${pending.invitationId}/notes`,
      body: accepted('POST /v2/org/testinvitation/:testInvitationId/notes', { text: `A note of ${name}.` }),
      apiKey,
    }),
  );
  const person = expectSuccess<{ personId: number }>(
    await h.request({
      method: 'POST',
      url: `/admin/orgs/${orgId}/people`,
      body: accepted('POST /admin/orgs/:orgId/people', { name: `Person of ${name}` }),
      apiKey: null,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    }),
  );
  // A report share of the completed invitation (issue 61 item 4), for the routes that carry its id.
  const shared = expectSuccess<{ shareId: number }>(
    await h.request({
      method: 'POST',
      url: `/v2/org/testinvitation/${completed.invitationId}/share`,
      body: accepted('POST /v2/org/testinvitation/:testInvitationId/share', { days: 7 }),
      apiKey,
    }),
  );
  return {
    orgId,
    apiKey,
    completedId: completed.invitationId,
    links: links.map((link) => ({ testId, testLinkId: link.testLinkId })),
    ids: {
      testId: [testId],
      testLinkId: links.map((link) => link.testLinkId),
      testInvitationId: [pending, running, completed, cancelled, reset].map((entry) => entry.invitationId).concat(proctored.testInvitationId),
      jobId: [job.jobId],
      questionId: await questionIdsOfTest(h, testId),
      orgId: [orgId],
      keyId: keyIds,
      noteId: noted.notes.map((note) => note.noteId),
      personId: [person.personId],
      shareId: [shared.shareId],
    },
    tokens: [pending, running, completed, cancelled, reset].map((entry) => entry.token).concat(tokenOf(proctored.testUrl)),
    freshTokens: [],
    accessKeys: links.map((link) => link.testLinkAccessKey),
  };
};

/** One accepted call of each remaining route with a body, so each has a known-good body to start from. */
const sendAcceptedBodies = async (h: Harness, accepted: Accepted, org: OrgData): Promise<void> => {
  accepted('POST /v2/org/tests', sampleDefinition);
  const { testId, testLinkId } = org.links[0]!;
  const [single, , coding] = org.ids.questionId;
  const running = org.tokens[1]!;
  const proctored = org.tokens[5]!;
  const at = new Date().toISOString();
  const image = `data:image/jpeg;base64,${(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer()
  ).toString('base64')}`;
  const calls: [method: 'POST' | 'PUT', route: string, url: string, body: unknown, apiKey: string | null][] = [
    [
      'POST',
      'POST /v2/org/tests/:testId/testlinks/:testLinkId',
      `/v2/org/tests/${testId}/testlinks/${testLinkId}`,
      { testLinkName: 'Fuzz link', accessTime: 0 },
      org.apiKey,
    ],
    ['POST', 'POST /v2/org/webhooks/settings', '/v2/org/webhooks/settings', { trailingSpaceKeys: false }, org.apiKey],
    [
      'POST',
      'POST /candidate/v1/links/:accessKey/register',
      `/candidate/v1/links/${org.accessKeys[0]}/register`,
      { fullName: 'Self Registrant', emailId: 'self@example.com' },
      null,
    ],
    ['PUT', 'PUT /candidate/v1/:token/answers/:questionId', `/candidate/v1/${running}/answers/${single}`, { optionIds: [1], editedAt: at }, null],
    ['PUT', 'PUT /candidate/v1/:token/answers/:questionId', `/candidate/v1/${running}/answers/${coding}`, { code: SUM_SOLUTION }, null],
    ['POST', 'POST /candidate/v1/:token/events', `/candidate/v1/${running}/events`, { type: 'left', at }, null],
    ['POST', 'POST /candidate/v1/:token/events', `/candidate/v1/${running}/events`, { type: 'returned', at }, null],
    ['POST', 'POST /candidate/v1/:token/run/:questionId', `/candidate/v1/${running}/run/${coding}`, { code: SUM_SOLUTION }, null],
    ['POST', 'POST /candidate/v1/:token/snapshots', `/candidate/v1/${proctored}/snapshots`, { image }, null],
  ];
  for (const [method, route, url, body, apiKey] of calls) expectSuccess(await h.request({ method, url, body: accepted(route, body), apiKey }));
  expectSuccess(
    await h.request({
      method: 'POST',
      url: '/admin/orgs',
      body: accepted('POST /admin/orgs', { name: 'Fuzz Admin Org', email: 'fuzz.admin@example.com' }),
      apiKey: null,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    }),
  );
};

export const seedWorld = async (h: Harness): Promise<World> => {
  const { bodies, accepted } = bodyRecorder();
  const other = await h.createOrg('Other Org');
  const own = await seedOrg(h, accepted, h.org.orgId, h.org.apiKey, 'own');
  const otherData = await seedOrg(h, accepted, other.orgId, other.apiKey, 'other');
  await h.drainJobs();
  await sendAcceptedBodies(h, accepted, own);

  const revoked = generateApiKey();
  const revokedId = await h.store.apiKeys.insert(own.orgId, revoked.keyHash, revoked.prefix, Date.now());
  await h.store.apiKeys.revoke(own.orgId, revokedId, Date.now());
  own.ids.keyId.push(revokedId);

  const key = await h.store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
  const attempt = await h.store.attempts.findById(own.completedId);
  const url = new URL(signedReportUrl(PUBLIC_URL, key, { invitationId: own.completedId, completedAt: attempt!.invitation.completedAt! }, Date.now()));
  return {
    own,
    other: otherData,
    revokedKey: revoked.apiKey,
    signedReport: { testInvitationId: own.completedId, expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! },
    missingIds: [987_654, 4_000_000_001, 2 ** 53 - 1],
    acceptedBodies: bodies,
  };
};

/**
 * A fuzzed admin call may revoke or rotate the seeded orgs' keys (that is its job); the next requests must
 * still have a working key to reach past authentication, so a fresh one is issued straight in the store.
 */
export const keepKeysUsable = async (h: Harness, world: World): Promise<void> => {
  for (const org of [world.own, world.other]) {
    if (await h.store.apiKeys.findActiveOwner(hashApiKey(org.apiKey))) continue;
    const key = generateApiKey();
    org.ids.keyId.push(await h.store.apiKeys.insert(org.orgId, key.keyHash, key.prefix, Date.now()));
    org.apiKey = key.apiKey;
  }
};

let freshCount = 0;

/**
 * Fuzzing a route can end every running attempt (submit, reset, cancel); before a candidate route is fuzzed,
 * two attempts are started for it (one on the proctored link), so its requests can still reach a running one.
 */
export const startFreshAttempts = async (h: Harness, world: World): Promise<void> => {
  const { own } = world;
  const { testId, testLinkId } = own.links[3]!;
  freshCount += 1;
  const direct = await register(h, (_route, body) => body, own.apiKey, testId, `fresh.${freshCount}@example.com`);
  const proctored = expectSuccess<{ testUrl: string }>(
    await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/testlinks/${testLinkId}/register`,
      body: { emailId: `fresh.proctored.${freshCount}@example.com`, fullName: 'Fuzz Candidate' },
      apiKey: own.apiKey,
    }),
  );
  own.freshTokens = [direct.token, tokenOf(proctored.testUrl)];
  for (const token of own.freshTokens) expectSuccess(await candidate(h, token).start());
};
