import { applyMoves } from './helpers/candidate.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestLinkBody } from '@assay/client';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

type Method = 'GET' | 'POST';
interface Endpoint {
  name: string;
  method: Method;
  /** `{test}`, `{link}`, `{invitation}`, `{completed}`, `{person}` and `{key}` are replaced by org A's ids. */
  path: string;
  body?: unknown;
}

const linkBody = { testLinkName: 'Campus drive', accessTime: 0 } satisfies TestLinkBody;
const candidateBody = { emailId: 'intruder@example.com', fullName: 'Intruder' };

/** Every v2 endpoint (4.1-4.14) and the test import. */
const endpoints: Endpoint[] = [
  { name: '4.1 list tests', method: 'GET', path: '/v2/org/tests' },
  { name: 'import test', method: 'POST', path: '/v2/org/tests', body: sampleDefinition },
  { name: '4.2 test details', method: 'GET', path: '/v2/org/tests/{test}' },
  { name: '4.3 create test link', method: 'POST', path: '/v2/org/tests/{test}/testlinks', body: linkBody },
  { name: '4.4 update test link', method: 'POST', path: '/v2/org/tests/{test}/testlinks/{link}', body: { ...linkBody, testLinkName: 'Changed' } },
  { name: '4.5 get test link', method: 'GET', path: '/v2/org/tests/{test}/testlinks/{link}' },
  { name: '4.6 list test links', method: 'GET', path: '/v2/org/tests/{test}/testlinks' },
  { name: '4.7 register', method: 'POST', path: '/v2/org/tests/{test}/register', body: candidateBody },
  { name: '4.8 register by link', method: 'POST', path: '/v2/org/tests/{test}/testlinks/{link}/register', body: candidateBody },
  { name: '4.9 cancel', method: 'GET', path: '/v2/org/testinvitation/{invitation}/cancel' },
  { name: '4.10 reattempt', method: 'GET', path: '/v2/org/testinvitation/{completed}/reattempt' },
  { name: '4.11 report', method: 'GET', path: '/v2/org/report/{invitation}' },
  { name: '4.12 section report', method: 'GET', path: '/v2/org/report/{invitation}/sections' },
  { name: '4.13 pdf', method: 'GET', path: '/v2/org/report/{invitation}/pdf' },
  { name: '4.14 excel', method: 'GET', path: '/v2/org/report/{test}/excel' },
  { name: 'list invitations', method: 'GET', path: '/v2/org/tests/{test}/invitations' },
  { name: 'similarity pairs', method: 'GET', path: '/v2/org/testinvitation/{completed}/similarity' },
  // An org admin key's people and keys (decision 836).
  { name: 'list people', method: 'GET', path: '/v2/org/people' },
  { name: 'issue a key for a person', method: 'POST', path: '/v2/org/people/{person}/keys', body: { label: 'Intruder' } },
  { name: 'deactivate a person', method: 'POST', path: '/v2/org/people/{person}/deactivate' },
  { name: 'revoke a key', method: 'POST', path: '/v2/org/keys/{key}/revoke' },
];

const MISSING = 987654321;
/** Well-formed (it looks like an issued key) but issued to nobody. */
const FORGED_KEY = `assay_${'A'.repeat(43)}`;

describe.each(backends)('tenancy and API keys (spec 5) on %s', (backend) => {
  let h: Harness;
  let orgB: { orgId: number; apiKey: string };
  const a = { test: 0, link: 0, invitation: 0, completed: 0, person: 0, key: 0 };
  let bTest: number;

  beforeAll(async () => {
    h = await startHarness(backend);
    orgB = await h.createOrg('Other');
    a.test = await h.importTest(sampleDefinition);
    a.link = (await h.client.testLinks.create(a.test, linkBody)).testLinkId;
    const register = async (emailId: string) => (await h.client.invitations.register(a.test, { emailId, fullName: 'Ada' })).testInvitationId;
    a.invitation = await register('pending@example.com');
    a.completed = await register('done@example.com');
    await applyMoves(h, h.org.orgId, a.completed, 'start', 'submit');
    a.person = (await h.client.admin.people.add(h.org.orgId, { name: 'Ada Admin' })).personId;
    a.key = (await h.client.admin.keys.create(h.org.orgId, { personId: a.person })).keyId;
    bTest = await h.importTest({ ...sampleDefinition, testName: 'B only' }, orgB.apiKey);
  });
  afterAll(() => h.close());

  const urlOf = (path: string, ids: Partial<typeof a> = a) => path.replace(/\{(\w+)\}/g, (_, name: keyof typeof a) => String(ids[name] ?? MISSING));
  const send = (endpoint: Endpoint, apiKey: string | null, ids?: Partial<typeof a>) =>
    h.request({ method: endpoint.method, url: urlOf(endpoint.path, ids), body: endpoint.body, apiKey });

  /** What org A has, read with A's key and straight from the store. */
  const snapshotOfA = async () => {
    const count = async (table: 'invitations' | 'test_links' | 'tests' | 'candidates') =>
      Number(
        (
          await h.store.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('org_id', '=', h.org.orgId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const report = (id: number) => h.client.reports.get(id);
    const link = await h.client.testLinks.get(a.test, a.link);
    return {
      invitations: await count('invitations'),
      links: await count('test_links'),
      tests: await count('tests'),
      candidates: await count('candidates'),
      pending: await report(a.invitation),
      completed: await report(a.completed),
      link,
      people: await h.store.people.list(h.org.orgId),
      keys: await h.store.apiKeys.list(h.org.orgId),
    };
  };

  describe('API key', () => {
    it.each(endpoints)('$name: no x-api-key is 401.1, a wrong key 401.2, an empty one 401.1', async (endpoint) => {
      const before = await snapshotOfA();
      for (const [apiKey, code, description] of [
        [null, '401.1', 'API key is missing'],
        ['', '401.1', 'API key is missing'],
        ['   ', '401.1', 'API key is missing'],
        [FORGED_KEY, '401.2', 'API key is invalid'],
        ['not-a-key', '401.2', 'API key is invalid'],
        [`${h.org.apiKey}x`, '401.2', 'API key is invalid'],
      ] as const) {
        const response = await send(endpoint, apiKey);
        expect(response.statusCode, `key ${JSON.stringify(apiKey)}`).toBe(401);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        const body = envelope(response);
        expect(body, `key ${JSON.stringify(apiKey)}`).toMatchObject({ statuscode: code, description });
        expect(typeof body.result).toBe('string');
      }
      expect(await snapshotOfA()).toEqual(before);
    });

    it('accepts the org key on every endpoint (the table above is reachable)', async () => {
      for (const endpoint of endpoints.filter((e) => e.method === 'GET' && !e.path.includes('{completed}') && !e.path.endsWith('/cancel'))) {
        expect((await send(endpoint, h.org.apiKey)).statusCode, endpoint.name).toBe(200);
      }
    });
  });

  describe("org B on org A's resources", () => {
    /** Endpoints that name a resource; B's answer on A's ids must equal its answer on ids that do not exist. */
    const scoped = endpoints.filter((endpoint) => endpoint.path.includes('{'));
    const expectedCode: Record<string, string> = {
      '4.2 test details': '404.2',
      '4.3 create test link': '404.2',
      '4.4 update test link': '404.3',
      '4.5 get test link': '404.3',
      '4.6 list test links': '404.2',
      '4.7 register': '404.2',
      '4.8 register by link': '404.3',
      '4.9 cancel': '404.4',
      '4.10 reattempt': '404.4',
      '4.11 report': '404.4',
      '4.12 section report': '404.4',
      '4.13 pdf': '404.4',
      '4.14 excel': '404.2',
      'list invitations': '404.2',
      'similarity pairs': '404.4',
      'issue a key for a person': '404.20',
      'deactivate a person': '404.20',
      'revoke a key': '404.6',
    };

    it.each(scoped)('$name answers like a non-existent id', async (endpoint) => {
      const before = await snapshotOfA();
      const onA = await send(endpoint, orgB.apiKey);
      const onMissing = await send(endpoint, orgB.apiKey, {});
      expect(onA.statusCode).toBe(404);
      expect(onA.statusCode).toBe(onMissing.statusCode);
      expect(onA.headers['content-type']).toMatch(/^application\/json/);
      const [bodyA, bodyMissing] = [envelope(onA), envelope(onMissing)];
      expect(bodyA.statuscode).toBe(expectedCode[endpoint.name]);
      expect(bodyA.statuscode).toBe(bodyMissing.statuscode);
      expect(bodyA.description).toBe(bodyMissing.description);
      expect(typeof bodyA.result).toBe('string');
      expect(await snapshotOfA()).toEqual(before);
    });

    it("erases nothing of org A's: its invitation id answers 404.4 and its address 404.51, like missing ones (issue 51)", async () => {
      const before = await snapshotOfA();
      const erase = (body: unknown) => h.request({ method: 'POST', url: '/v2/org/candidates/erase', body, apiKey: orgB.apiKey });
      for (const [onA, onMissing, code] of [
        [{ testInvitationId: a.completed }, { testInvitationId: MISSING }, '404.4'],
        [{ emailId: 'done@example.com' }, { emailId: 'nobody-at-all@example.com' }, '404.51'],
      ] as const) {
        const [answerA, answerMissing] = [envelope(await erase(onA)), envelope(await erase(onMissing))];
        expect(answerA.statuscode).toBe(code);
        expect(answerA.description).toBe(answerMissing.description);
      }
      expect(await snapshotOfA()).toEqual(before);
    });

    it("does not reach org A's test link through org B's own test", async () => {
      for (const path of ['/v2/org/tests/{test}/testlinks/{link}', '/v2/org/tests/{test}/testlinks/{link}/register']) {
        const method: Method = path.endsWith('register') ? 'POST' : 'GET';
        const body = method === 'POST' ? candidateBody : undefined;
        const onA = await h.request({ method, url: urlOf(path, { test: bTest, link: a.link }), body, apiKey: orgB.apiKey });
        const onMissing = await h.request({ method, url: urlOf(path, { test: bTest }), body, apiKey: orgB.apiKey });
        expect(onA.statusCode).toBe(404);
        expect(envelope(onA)).toMatchObject({ statuscode: '404.3', description: envelope(onMissing).description });
      }
    });

    it('lists only its own tests, and counts only those', async () => {
      const listB = await h.clientFor(orgB.apiKey).tests.list();
      expect(listB.tests.map((test) => test.testId)).toEqual([bTest]);
      expect(listB.testsCount).toBe(1);
      const listA = await h.client.tests.list();
      expect(listA.tests.map((test) => test.testId)).not.toContain(bTest);
      expect(listA.testsCount).toBe(listA.tests.length);
    });

    it("leaves org A's data as it was", async () => {
      for (const endpoint of scoped) await send(endpoint, orgB.apiKey);
      const after = await snapshotOfA();
      expect(after.pending.testStatus).toBe('Pending');
      expect(after.completed.testStatus).toBe('Completed');
      expect(after.link).toMatchObject({ testLinkId: a.link, testLinkName: 'Campus drive' });
      const reattempts = await h.store.db.selectFrom('invitations').select('id').where('previous_invitation_id', '=', a.completed).execute();
      expect(reattempts).toEqual([]);
      const intruders = await h.store.db.selectFrom('candidates').select('id').where('email', '=', candidateBody.emailId).execute();
      expect(intruders).toEqual([]);
      expect(await h.store.invitations.find(orgB.orgId, a.invitation)).toBeUndefined();
    });

    it("org A's key still reaches org A's invitation, and not org B's test", async () => {
      expect(envelope(await h.request({ method: 'GET', url: `/v2/org/report/${a.invitation}` })).statuscode).toBe('200.1');
      const bFromA = await h.request({ method: 'GET', url: `/v2/org/tests/${bTest}` });
      expect(bFromA.statusCode).toBe(404);
      expect(envelope(bFromA).statuscode).toBe('404.2');
    });
  });
});
