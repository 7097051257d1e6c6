import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestLink } from '@assay/domain';
import { candidate, questionIdsOfTest, registerFor } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import { ADMIN_TOKEN, backends, startHarness, type Harness } from '../helpers/test-app.js';

/** What the API document declares for every path id: `integer`, `format: int64`, `minimum: 1`. Each of these is not one. */
const MALFORMED = ['0', '00', '01', '007', '-1', '+1', '1.0', '1e3', '9223372036854775808', '9999999999999999999', '99999999999999999999'];
/** Well-formed ids that name nothing: one that could exist, and Int64s past 2^53 - 1 the service never issues. */
const ABSENT = ['987654', '9007199254740992', '9223372036854775807'];

interface IdRoute {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT';
  /** The URL with `{id}` where the id under test goes (every other id in it is the caller's own). */
  readonly url: string;
  readonly notFound: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  readonly apiKey?: null;
}

/**
 * Attack class: ids in the path that are not what the API document declares — zero, leading zeros, signs,
 * fractions, exponents, numbers past Int64 — against ids that are well-formed but name nothing, or name another
 * org's resource. Every route that takes an id answers the first 400.3 and the others the resource's 404, quoting
 * the digits as sent; another org's id answers exactly like an id that exists nowhere.
 */
describe.each(backends)('path ids answer one way per class, on %s', (backend) => {
  let h: Harness;
  let routes: IdRoute[];
  let otherOrgIds: Record<string, string>;

  beforeAll(async () => {
    h = await startHarness(backend);
    const testId = await h.importTest();
    const link = expectSuccess<TestLink>(
      await h.request({ method: 'POST', url: `/v2/org/tests/${testId}/testlinks`, body: { testLinkName: 'Ids', timeZoneId: 1720, accessTime: 0 } }),
    );
    const { invitationId, token } = await registerFor(h, testId, 'ids@example.com');
    await candidate(h, token).client.start();
    const keyId = expectSuccess<{ keyId: number }>(
      await h.request({ method: 'POST', url: `/admin/orgs/${h.org.orgId}/keys`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }),
    ).keyId;
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    routes = [
      { name: 'a test', method: 'GET', url: '/v2/org/tests/{id}', notFound: '404.2' },
      { name: 'the links of a test', method: 'GET', url: '/v2/org/tests/{id}/testlinks', notFound: '404.2' },
      { name: 'a link', method: 'GET', url: `/v2/org/tests/${testId}/testlinks/{id}`, notFound: '404.3' },
      {
        name: 'a registration on a test',
        method: 'POST',
        url: '/v2/org/tests/{id}/register',
        notFound: '404.2',
        body: { emailId: 'x@example.com', fullName: 'X' },
      },
      { name: 'a report', method: 'GET', url: '/v2/org/report/{id}', notFound: '404.4' },
      { name: 'report sections', method: 'GET', url: '/v2/org/report/{id}/sections', notFound: '404.4' },
      { name: 'a report PDF', method: 'GET', url: '/v2/org/report/{id}/pdf', notFound: '404.4' },
      { name: 'a test workbook', method: 'GET', url: '/v2/org/report/{id}/excel', notFound: '404.2' },
      { name: 'a cancel', method: 'GET', url: '/v2/org/testinvitation/{id}/cancel', notFound: '404.4' },
      { name: 'a delivery log', method: 'GET', url: '/v2/org/testinvitation/{id}/deliveries', notFound: '404.4' },
      { name: 'a redelivery', method: 'POST', url: '/v2/org/deliveries/{id}/redeliver', notFound: '404.10' },
      { name: "an org's keys", method: 'GET', url: '/admin/orgs/{id}/keys', notFound: '404.5', headers: admin },
      { name: 'a key revocation', method: 'POST', url: `/admin/orgs/${h.org.orgId}/keys/{id}/revoke`, notFound: '404.6', headers: admin },
      { name: "a candidate's answer", method: 'PUT', url: `/candidate/v1/${token}/answers/{id}`, notFound: '404.8', body: { optionIds: [1] }, apiKey: null },
    ];
    // Another org's resources of each kind, created through the same API.
    const other = await h.createOrg('Other');
    const otherTestId = await h.importTest(undefined, other.apiKey);
    const otherInvitation = await h.clientFor(other.apiKey).invitations.register(otherTestId, { emailId: 'other@example.com', fullName: 'Other' });
    const otherLink = await h.clientFor(other.apiKey).testLinks.create(otherTestId, { testLinkName: 'Other', accessTime: 0 });
    otherOrgIds = {
      '404.2': String(otherTestId),
      '404.3': String(otherLink.testLinkId),
      '404.4': String(otherInvitation.testInvitationId),
      '404.8': String((await questionIdsOfTest(h, otherTestId))[0]),
    };
    expect([testId, link.testLinkId, invitationId, keyId].every((id) => id > 0)).toBe(true);
  });
  afterAll(() => h.close());

  const send = (route: IdRoute, id: string) =>
    h.request({
      method: route.method,
      url: route.url.replace('{id}', id),
      ...(route.body ? { body: route.body } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      ...(route.apiKey === null ? { apiKey: null } : {}),
    });

  it('every route that takes an id answers 400.3 for each id that is not one', async () => {
    for (const route of routes) {
      for (const id of MALFORMED) {
        const failure = expectFailure(await send(route, id), '400.3');
        expect(failure.result, `${route.name} with ${id}`).toMatch(/must be an id/);
      }
    }
  });

  it('every route that takes an id answers its 404 for a well-formed id that names nothing, quoting it as sent', async () => {
    for (const route of routes) {
      for (const id of ABSENT) {
        const failure = expectFailure(await send(route, id), route.notFound);
        expect(failure.result, `${route.name} with ${id}`).toContain(id);
      }
    }
  });

  it("another org's id answers exactly like one that exists nowhere", async () => {
    for (const route of routes) {
      const otherId = otherOrgIds[route.notFound];
      if (!otherId) continue;
      const theirs = expectFailure(await send(route, otherId), route.notFound);
      const nowhere = expectFailure(await send(route, ABSENT[0]!), route.notFound);
      expect(theirs.result.replaceAll(otherId, '#'), route.name).toBe(nowhere.result.replaceAll(ABSENT[0]!, '#'));
    }
  });

  it('the API document declares every path id as an int64 from 1, with no other bound', async () => {
    const document = (await h.request({ method: 'GET', url: '/openapi.json', apiKey: null })).json<{
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: Record<string, unknown> }[] }>>;
    }>();
    const ids = Object.values(document.paths)
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => operation.parameters ?? [])
      // Secrets, not ids: take-test tokens, link access keys, and run ids (128 random bits, decision on runs kept in memory).
      // Nor evidence ids (`departure-<epoch ms>`, `snapshot-<id>`: docs/invitation-history.md), which answer 404.12 as a whole,
      // nor review references (opaque by design, decision 656), which answer 404.4 as a whole, nor a candidate's tags (words),
      // nor a follow-up's position among its question's follow-ups (0 to 2, bounded as its schema says; an unknown one answers 404.100),
      // nor a library item's id (words joined by hyphens, the same for every org: issue 62; an unknown one answers 404.126).
      .filter(
        (parameter) =>
          parameter.in === 'path' && !['token', 'accessKey', 'runId', 'eventId', 'reference', 'tag', 'position', 'itemId'].includes(parameter.name),
      );
    expect(ids.length).toBeGreaterThan(10);
    for (const parameter of ids) expect(parameter.schema, parameter.name).toEqual({ type: 'integer', minimum: 1, format: 'int64' });
  });
});
