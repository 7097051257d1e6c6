import { describe, expect, it } from 'vitest';
import { ConflictError } from '../src/index.js';
import { ok, refuse, useScriptedServer } from './helpers/scripted-server.js';

const key = { keyId: 9, prefix: 'assay_Ab', role: 'reviewer', label: 'Laptop', personId: 4, createdAt: '2026-11-01T00:00:00.000Z', revokedAt: null };
const person = { personId: 4, name: 'Ada', email: null, role: 'reviewer', createdAt: '2026-11-01T00:00:00.000Z', deactivatedAt: null, keyIds: [9] };

/** An org admin key's people and keys (issue 50, decision 836): the routes, bodies and the domain's codecs. */
describe('client.people', () => {
  const scripted = useScriptedServer();

  it('lists people with their keys, decoded (ids sent as strings become numbers)', async () => {
    scripted.server().script(() => ok({ orgId: '3', people: [{ ...person, personId: '4', keys: [key] }] }));
    const listed = await scripted.client().people.list();
    expect(listed).toEqual({ orgId: 3, people: [{ ...person, keys: [key] }] });
    expect(scripted.server().requests[0]).toMatchObject({ method: 'GET', url: '/v2/org/people' });
  });

  it('adds a person, issues a key for them, revokes a key and deactivates a person at the documented paths', async () => {
    const issued = { orgId: 3, keyId: 9, apiKey: 'assay_secret', role: 'reviewer', label: 'Laptop', personId: 4 };
    const answers = [
      ok(person),
      ok(issued),
      ok({ orgId: 3, keyId: 9, revokedAt: '2026-11-02T00:00:00.000Z' }),
      ok({ ...person, deactivatedAt: '2026-11-02T00:00:00.000Z' }),
    ];
    scripted.server().script((_request, index) => answers[index]!);
    const client = scripted.client();
    expect(await client.people.add({ name: 'Ada', role: 'reviewer' })).toEqual(person);
    expect(await client.people.issueKey(4, { label: 'Laptop' })).toEqual(issued);
    expect((await client.people.revokeKey(9)).keyId).toBe(9);
    expect((await client.people.deactivate(4)).deactivatedAt).not.toBeNull();
    const seen = scripted.server().requests.map((request) => [request.method, request.url, request.body]);
    expect(seen).toEqual([
      ['POST', '/v2/org/people', JSON.stringify({ name: 'Ada', role: 'reviewer' })],
      ['POST', '/v2/org/people/4/keys', JSON.stringify({ label: 'Laptop' })],
      ['POST', '/v2/org/keys/9/revoke', ''],
      ['POST', '/v2/org/people/4/deactivate', ''],
    ]);
  });

  it('throws a ConflictError carrying 409.21 when the key would revoke itself', async () => {
    scripted.server().script(() => refuse('409.21', 'Key 9 is the key making this request.'));
    const refused = await scripted
      .client()
      .people.revokeKey(9)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConflictError);
    expect(refused).toMatchObject({ statuscode: '409.21' });
  });
});
