import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyMayDo } from '@assay/domain';
import { orgRouteCapabilities, routeKeyOf } from '../src/auth/route-capabilities.js';
import { applyMoves } from './helpers/candidate.js';
import { realImage } from '../../../packages/reports/test/hostile-images.js';
import { expectFailure } from './helpers/expectations.js';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';
import { fetchDocument, operationsOf } from './openapi/served-document.js';
import { REVIEW_REFERENCE_KEY_SETTING, newReviewReferenceKey, reviewReferenceOf } from '../src/grading/review-reference.js';

interface OrgRoute {
  method: string;
  /** As Fastify names it: `/v2/org/tests/:testId`. */
  url: string;
}

/**
 * Least privilege (issue 32): a reviewer key reads and grades, and every `/v2/org` route that changes something
 * refuses it with 403.17. The routes are walked from the served API document, so a new route is walked too.
 */
describe.each(backends)('reviewer keys on %s', (backend) => {
  let h: Harness;
  let reviewer: { keyId: number; apiKey: string };
  let routes: OrgRoute[];
  const ids = { testId: 0, testLinkId: 0, testInvitationId: 0, jobId: 1, questionId: 1, eventId: '', reference: '', itemId: 'git-staged-diff' };

  beforeAll(async () => {
    h = await startHarness(backend);
    reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });
    ids.testId = await h.importTest(sampleDefinition);
    ids.testLinkId = (await h.client.testLinks.create(ids.testId, { testLinkName: 'Campus', accessTime: 0 })).testLinkId;
    ids.testInvitationId = (await h.client.invitations.register(ids.testId, { emailId: 'ada@example.com', fullName: 'Ada' })).testInvitationId;
    await applyMoves(h, h.org.orgId, ids.testInvitationId, 'start', 'submit');
    // A comparison needs two candidates of the test (issue 61 item 4).
    const second = (await h.client.invitations.register(ids.testId, { emailId: 'grace@example.com', fullName: 'Grace' })).testInvitationId;
    queries['/v2/org/tests/:testId/compare'] = `?ids=${ids.testInvitationId},${second}`;
    // A snapshot to review (PUT …/evidence/{eventId}, which a reviewer may do).
    ids.eventId = `snapshot-${await h.store.attempts.addSnapshot(ids.testInvitationId, Date.now(), 'image/jpeg', await realImage('jpeg'))}`;
    // An answer's review reference (GET /v2/org/review/{reference}/transcript), as the review queue would name it.
    const referenceKey = await h.store.settings.getOrCreate(REVIEW_REFERENCE_KEY_SETTING, newReviewReferenceKey);
    const [question] = await h.store.attempts.questions(ids.testId);
    ids.reference = reviewReferenceOf(referenceKey, { invitationId: ids.testInvitationId, questionId: question!.id });
    await h.drainJobs();
    const job = await h.store.db.selectFrom('jobs').select('id').orderBy('id').executeTakeFirst();
    if (job) ids.jobId = Number(job.id);
    routes = operationsOf(await fetchDocument(h))
      .filter(({ path }) => path.startsWith('/v2/org/'))
      .map(({ method, path }) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') }));
  });
  afterAll(() => h.close());

  const capabilityOf = (route: OrgRoute) => orgRouteCapabilities[routeKeyOf(route.method, route.url)]!;
  /** Reads that need a query to answer 200. */
  const queries: Record<string, string> = { '/v2/org/events': `?from=${new Date(0).toISOString()}` };
  /** Bodies of the routes a reviewer may call that need one. */
  const bodies: Record<string, unknown> = { '/v2/org/testinvitation/:testInvitationId/evidence/:eventId': { outcome: 'dismissed' } };
  const send = (route: OrgRoute, apiKey: string, body: unknown = bodies[route.url] ?? (route.method === 'POST' ? {} : undefined)) =>
    h.request({
      method: route.method as 'GET' | 'POST' | 'PUT',
      url: route.url.replace(/:(\w+)/g, (_, name: keyof typeof ids) => String(ids[name])) + (queries[route.url] ?? ''),
      apiKey,
      ...(body === undefined ? {} : { body }),
    });
  const writes = () => routes.filter((route) => !keyMayDo('reviewer', capabilityOf(route)));
  // Grading (PUT …/grades) is the one change a reviewer may make: grading.test.ts proves it for both kinds of key.
  const reads = () => routes.filter((route) => route.method === 'GET' && keyMayDo('reviewer', capabilityOf(route)));

  /** Everything a write could change, straight from the store. */
  const everything = async () => {
    const tables = ['orgs', 'api_keys', 'tests', 'test_links', 'invitations', 'candidates', 'webhook_secrets', 'jobs'] as const;
    const rows = await Promise.all(tables.map((table) => h.store.db.selectFrom(table).selectAll().execute()));
    return JSON.stringify(rows);
  };

  it('declares a capability for every org route the API document lists, and lists every declared one', () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) expect(capabilityOf(route), `${route.method} ${route.url}`).toBeDefined();
    const documented = new Set(routes.map((route) => routeKeyOf(route.method, route.url)));
    expect(Object.keys(orgRouteCapabilities).filter((key) => !documented.has(key))).toEqual([]);
    expect(writes().length).toBeGreaterThan(10);
  });

  it('refuses a reviewer key with 403.17 on every route that changes something, and changes nothing', async () => {
    const before = await everything();
    for (const route of writes()) {
      const body = expectFailure(await send(route, reviewer.apiKey), '403.17');
      expect(body.result, `${route.method} ${route.url}`).toMatch(/reviewer key/);
    }
    expect(await everything()).toBe(before);
  });

  /**
   * Reads that answer a documented "nothing yet" for this fixture: no model is configured here, so the test has never
   * been checked (404.104 in docs/status-codes.md). Both keys must still get the same answer.
   */
  const NOTHING_YET: Readonly<Record<string, string>> = { 'GET /v2/org/tests/:testId/ai-check': '404.104' };

  it('answers a reviewer key on every read exactly as a full key', async () => {
    const readRoutes = reads();
    expect(readRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/v2/org/tests',
        '/v2/org/report/:testInvitationId/pdf',
        '/v2/org/report/:testId/excel',
        '/v2/org/report/:testInvitationId/details',
      ]),
    );
    for (const route of readRoutes) {
      const asReviewer = await send(route, reviewer.apiKey);
      const asAdmin = await send(route, h.org.apiKey);
      const expected = NOTHING_YET[`${route.method} ${route.url}`];
      if (expected) expect(envelope(asReviewer).statuscode, `${route.method} ${route.url}`).toBe(expected);
      else expect(asReviewer.statusCode, `${route.method} ${route.url}: ${asReviewer.body.slice(0, 200)}`).toBe(200);
      expect(asReviewer.statusCode).toBe(asAdmin.statusCode);
      expect(asReviewer.headers['content-type']).toBe(asAdmin.headers['content-type']);
    }
  });

  it('keeps another org’s ids from another org’s reviewer key: 404 as for unknown ids', async () => {
    const other = await h.createOrg('Other');
    const otherReviewer = await h.client.admin.keys.create(other.orgId, { role: 'reviewer' });
    // The library's items are everyone's (issue 62): its ids are no org's.
    for (const route of reads().filter((read) => read.url.includes(':') && !read.url.startsWith('/v2/org/library/'))) {
      const response = await send(route, otherReviewer.apiKey);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(envelope(response).statuscode).toBe(envelope(await send(route, other.apiKey)).statuscode);
    }
  });

  it('never answers a full key 403.17', async () => {
    for (const route of routes) {
      const response = await send(route, h.org.apiKey);
      if (response.headers['content-type']?.toString().startsWith('application/json')) {
        expect(envelope(response).statuscode, `${route.method} ${route.url}`).not.toBe('403.17');
      } else expect(response.statusCode).toBe(200);
    }
  });

  it('issues keys with a role and a label, full and labelled by prefix by default, and lists them', async () => {
    const plain = await h.client.admin.keys.create(h.org.orgId);
    expect(plain.role).toBe('admin');
    expect(plain.apiKey.startsWith(plain.label)).toBe(true);
    const { keys } = await h.client.admin.keys.list(h.org.orgId);
    expect(keys.find((key) => key.keyId === reviewer.keyId)).toMatchObject({ role: 'reviewer', label: 'Panel A', revokedAt: null });
    expect(keys.find((key) => key.keyId === plain.keyId)).toMatchObject({ role: 'admin', label: plain.label });
    const refused = await h.request({
      method: 'POST',
      url: `/admin/orgs/${h.org.orgId}/keys`,
      body: { role: 'owner' },
      apiKey: null,
      headers: { authorization: `Bearer ${h.config.adminToken}` },
    });
    expectFailure(refused, '400.2');
  });

  it('rotates to a key of the role asked for; revoked keys keep their role and label', async () => {
    const org = await h.createOrg('Rotating');
    const panel = await h.client.admin.keys.create(org.orgId, { role: 'reviewer', label: 'Panel B' });
    const rotated = await h.client.admin.keys.rotate(org.orgId, { label: 'After rotation' });
    expect(rotated).toMatchObject({ role: 'admin', label: 'After rotation' });
    const { keys } = await h.client.admin.keys.list(org.orgId);
    const revoked = keys.find((key) => key.keyId === panel.keyId)!;
    expect(revoked).toMatchObject({ role: 'reviewer', label: 'Panel B' });
    expect(revoked.revokedAt).not.toBeNull();
    const reviewerRotation = await h.client.admin.keys.rotate(org.orgId, { role: 'reviewer' });
    expect(reviewerRotation.role).toBe('reviewer');
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/tests', body: sampleDefinition, apiKey: reviewerRotation.apiKey }), '403.17');
  });
});
