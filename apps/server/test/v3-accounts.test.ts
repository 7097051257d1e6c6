import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '@assay/client';
import type { IssuedKey, OrgPeople, Person, WhoAmI } from '@assay/domain';
import { expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const expectV3Failure = (response: LightMyRequestResponse, status: number, statuscode: string) => {
  const body = response.json<{ statusCode: number; message: string; errors: string[]; statuscode: string }>();
  expect([response.statusCode, body.statusCode, body.statuscode], response.body).toEqual([status, status, statuscode]);
  expect(body.errors).toEqual([body.message]);
  return body;
};

/**
 * iMocha v3's `/v3/accounts/…` on Assay's people (decisions 981–984): the org is the one business unit, a user is a
 * person found by email, created as a reviewer, deactivated and reactivated; an admin's only, org-scoped.
 */
describe.each(backends)("iMocha v3's users and business units on %s", (backend) => {
  let h: Harness;
  let other: { orgId: number; apiKey: string };
  const post = (url: string, body: unknown, apiKey?: string) => h.request({ method: 'POST', url, body, apiKey });
  const people = async (apiKey?: string) => expectSuccess<OrgPeople>(await h.request({ method: 'GET', url: '/v2/org/people', apiKey })).people;

  beforeAll(async () => {
    h = await startHarness(backend);
    other = await h.createOrg('Other');
  });
  afterAll(() => h.close());

  it('answers the organization as its one business unit, with a UTC Z date', async () => {
    const response = await h.request({ method: 'GET', url: '/v3/accounts/business-units' });
    expect(response.statusCode, response.body).toBe(200);
    const org = (await h.store.orgs.find(h.org.orgId))!;
    expect(response.json()).toEqual({
      businessUnits: [{ businessUnitId: h.org.orgId, businessUnitName: org.name, createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) }],
      count: 1,
    });
    expect((await h.request({ method: 'GET', url: '/v3/accounts/business-units', apiKey: other.apiKey })).json().businessUnits[0].businessUnitId).toBe(
      other.orgId,
    );
  });

  it('creates a user as a reviewer person under either documented spelling, once per address', async () => {
    const created = await post('/v3/accounts/user/create', { email: 'Vera@Example.com', fullName: 'Vera Viewer', businessunitId: h.org.orgId });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ email: 'Vera@Example.com', fullName: 'Vera Viewer', businessunitId: h.org.orgId, status: 'Active' });
    expect((await people()).find((person) => person.email === 'Vera@Example.com')).toMatchObject({ name: 'Vera Viewer', role: 'reviewer', keyIds: [] });
    // v3's table spells it `fullname`; its update page `Email`: both are the same fields.
    expect((await post('/v3/accounts/user/create', { Email: 'walt@example.com', fullname: 'Walt W' })).json()).toMatchObject({ fullName: 'Walt W' });

    expect(expectV3Failure(await post('/v3/accounts/user/create', { email: 'vera@example.COM', fullName: 'Again' }), 409, '409.51').message).toContain(
      'already exists',
    );
    // Another organization holds its own people: the same address is free there.
    expect((await post('/v3/accounts/user/create', { email: 'vera@example.com', fullName: 'Vera Elsewhere' }, other.apiKey)).statusCode).toBe(200);
  });

  it('refuses a bad body, disagreeing spellings and a business unit that is not this organization, in v3’s shape', async () => {
    expect(expectV3Failure(await post('/v3/accounts/user/create', { email: 'not-an-address', fullName: 'X' }), 400, '400.2').message).toMatch(/email/);
    expect(expectV3Failure(await post('/v3/accounts/user/create', { fullName: 'No Address' }), 400, '400.2').message).toMatch(/email is required/);
    expect(
      expectV3Failure(await post('/v3/accounts/user/create', { email: 'a@example.com', Email: 'b@example.com', fullName: 'X' }), 400, '400.2').message,
    ).toMatch(/email and Email are the same field/);
    const foreignUnit = expectV3Failure(
      await post('/v3/accounts/user/create', { email: 'c@example.com', fullName: 'X', businessunitId: other.orgId }),
      400,
      '400.70',
    );
    expect(foreignUnit.message).toBe('The provided BusinessUnitId is invalid or not associated with your account.');
    expect((await people()).some((person) => person.email === 'c@example.com')).toBe(false);
    expectV3Failure(await post('/v3/accounts/user/status', { email: 'vera@example.com', status: 'inactive' }), 400, '400.2');
  });

  it('updates a user in the one unit, and answers 404 for an address of another organization like an unknown one', async () => {
    await post('/v3/accounts/user/create', { email: 'uma@example.com', fullName: 'Uma Update' });
    const updated = await post('/v3/accounts/user/update', { Email: 'uma@example.com', BusinessunitId: h.org.orgId });
    expect(updated.json()).toEqual({ email: 'uma@example.com', fullName: 'Uma Update', businessunitId: h.org.orgId, status: 'Active' });
    expectV3Failure(await post('/v3/accounts/user/update', { Email: 'uma@example.com', BusinessunitId: other.orgId }), 400, '400.70');
    await post('/v3/accounts/user/create', { email: 'olga@example.com', fullName: 'Olga Other' }, other.apiKey);
    const foreign = expectV3Failure(await post('/v3/accounts/user/update', { Email: 'olga@example.com', BusinessunitId: h.org.orgId }), 404, '404.53');
    const missing = expectV3Failure(await post('/v3/accounts/user/update', { Email: 'nobody@example.com', BusinessunitId: h.org.orgId }), 404, '404.53');
    expect(foreign.message.replace('olga', 'X')).toBe(missing.message.replace('nobody', 'X'));
  });

  it('deactivates a user (their keys stop at once) and reactivates them without bringing a revoked key back', async () => {
    const nina = (await post('/v3/accounts/user/create', { email: 'nina@example.com', fullName: 'Nina Key' })).json();
    const person = (await people()).find((entry) => entry.email === nina.email) as Person;
    const key = expectSuccess<IssuedKey>(await h.request({ method: 'POST', url: `/v2/org/people/${person.personId}/keys` }));
    expect((await h.request({ method: 'GET', url: '/v3/tests', apiKey: key.apiKey })).statusCode).toBe(200);

    const inactive = await post('/v3/accounts/user/status', { email: 'nina@example.com', status: 'Inactive' });
    expect(inactive.json()).toMatchObject({ email: 'nina@example.com', status: 'Inactive' });
    expect((await h.request({ method: 'GET', url: '/v3/tests', apiKey: key.apiKey })).statusCode).toBe(401);

    expect((await post('/v3/accounts/user/status', { email: 'nina@example.com', status: 'Active' })).json()).toMatchObject({ status: 'Active' });
    expect((await people()).find((entry) => entry.personId === person.personId)?.deactivatedAt).toBeNull();
    expect((await h.request({ method: 'GET', url: '/v3/tests', apiKey: key.apiKey })).statusCode).toBe(401);
  });

  it('is an admin key’s only, and no key deactivates its own person', async () => {
    const rita = expectSuccess<Person>(
      await h.request({ method: 'POST', url: '/v2/org/people', body: { name: 'Rita', email: 'rita@example.com', role: 'recruiter' } }),
    );
    const recruiter = expectSuccess<IssuedKey>(await h.request({ method: 'POST', url: `/v2/org/people/${rita.personId}/keys` }));
    expectV3Failure(await post('/v3/accounts/user/create', { email: 'd@example.com', fullName: 'D' }, recruiter.apiKey), 403, '403.17');
    expectV3Failure(await h.request({ method: 'GET', url: '/v3/accounts/business-units', apiKey: recruiter.apiKey }), 403, '403.17');

    // The harness's own key belongs to the person made for it; give that person an address so v3 can name them.
    const me = expectSuccess<WhoAmI>(await h.request({ method: 'GET', url: '/v2/org/me' }));
    await h.store.people.update(h.org.orgId, me.person.personId, { email: 'owner@example.com' });
    expectV3Failure(await post('/v3/accounts/user/status', { email: 'owner@example.com', status: 'Inactive' }), 409, '409.21');
    expect((await h.request({ method: 'GET', url: '/v3/tests' })).statusCode).toBe(200);
  });

  it('is in the client as client.v3.accounts, failures as the same errors', async () => {
    const client = h.clientFor(h.org.apiKey);
    const [unit] = (await client.v3.accounts.businessUnits()).businessUnits;
    expect(unit?.businessUnitId).toBe(h.org.orgId);
    expect(await client.v3.accounts.createUser({ email: 'client@example.com', fullName: 'Cli Ent' })).toMatchObject({ status: 'Active' });
    expect(await client.v3.accounts.updateUser('client@example.com', h.org.orgId)).toMatchObject({ businessunitId: h.org.orgId });
    expect(await client.v3.accounts.setUserStatus('client@example.com', 'Inactive')).toMatchObject({ status: 'Inactive' });
    const refused = await client.v3.accounts.updateUser('nobody@example.com', h.org.orgId).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NotFoundError);
    expect(refused).toMatchObject({ status: 404, statuscode: '404.53' });
  });
});
