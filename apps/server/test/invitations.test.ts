import { applyMoves } from './helpers/candidate.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationEvent } from '@assay/domain';
import { sampleDefinition } from './helpers/fixtures.js';
import { PUBLIC_URL, backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

const FORBIDDEN = 'Operation on resource cannot be performed';

describe.each(backends)('invitations (4.9, 4.10, spec 3.3) on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let otherTestId: number;
  let candidates = 0;

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(sampleDefinition);
    otherTestId = await h.importTest({ ...sampleDefinition, testName: 'Other test' });
  });
  afterAll(() => h.close());

  const register = (emailId = `candidate${(candidates += 1)}@example.com`) => h.client.invitations.register(testId, { emailId, fullName: 'Ada Lovelace' });

  /** Candidate-side moves (no HTTP endpoint yet): through the store, decided by the domain machine. */
  const move = async (id: number, ...events: InvitationEvent['type'][]) => {
    await applyMoves(h, h.org.orgId, id, ...events);
  };

  /** An invitation in the given state, through the moves the machine allows. */
  const invitationIn = async (state: 'Pending' | 'In progress' | 'Completed' | 'Reset' | 'Cancelled') => {
    const { testInvitationId: id } = await register();
    const path: Record<typeof state, InvitationEvent['type'][]> = {
      Pending: [],
      'In progress': ['start'],
      Completed: ['start', 'submit'],
      Reset: ['start', 'reset'],
      Cancelled: ['cancel'],
    };
    await move(id, ...path[state]);
    expect(await statusOf(id)).toBe(state);
    return id;
  };

  const get = (url: string) => h.request({ method: 'GET', url });
  const cancel = (id: number | string, query = '') => get(`/v2/org/testinvitation/${id}/cancel${query}`);
  const reattempt = (id: number | string) => get(`/v2/org/testinvitation/${id}/reattempt`);
  const statusOf = async (id: number) => (await h.client.reports.get(id)).testStatus;

  describe('cancel (4.9)', () => {
    it('cancels a Pending invitation: 200.1 with exactly { testInvitationId, status: cancelled }', async () => {
      const id = await invitationIn('Pending');
      const response = await cancel(id);
      expect(response.statusCode).toBe(200);
      const body = envelope(response);
      expect(body.statuscode).toBe('200.1');
      expect(body.description).toBe('Request succeeded');
      expect(body.result).toEqual({ testInvitationId: id, status: 'cancelled' });
      expect(await statusOf(id)).toBe('Cancelled');
    });

    it('answers a second cancel exactly like the first (idempotent)', async () => {
      const id = await invitationIn('Pending');
      const first = await cancel(id);
      const second = await cancel(id);
      expect(second.statusCode).toBe(200);
      expect(envelope(second)).toEqual(envelope(first));
      expect(envelope(second).result).toEqual({ testInvitationId: id, status: 'cancelled' });
    });

    it.each(['In progress', 'Completed'] as const)('refuses to cancel an invitation %s with 403.4 and leaves it as it was', async (state) => {
      const id = await invitationIn(state);
      const response = await cancel(id);
      expect(response.statusCode).toBe(403);
      const body = envelope(response);
      expect(body.statuscode).toBe('403.4');
      expect(body.description).toBe(FORBIDDEN);
      expect(typeof body.result).toBe('string');
      expect(body.result).toMatch(/cannot be cancelled/i);
      expect(await statusOf(id)).toBe(state);
      expect((await h.store.invitations.find(h.org.orgId, id))?.cancelledAt).toBeNull();
    });

    it('cancels a Reset invitation (Assay decision)', async () => {
      const id = await invitationIn('Reset');
      const response = await cancel(id);
      expect(response.statusCode).toBe(200);
      expect(envelope(response)).toMatchObject({ statuscode: '200.1', result: { testInvitationId: id, status: 'cancelled' } });
      expect(await statusOf(id)).toBe('Cancelled');
    });

    it('cancels a Completed invitation that was reset', async () => {
      const id = await invitationIn('Completed');
      await move(id, 'reset');
      expect(envelope(await cancel(id)).result).toEqual({ testInvitationId: id, status: 'cancelled' });
    });

    it('checks the optional testId query: another test 404.4, non-numeric 400.4, matching ok', async () => {
      const id = await invitationIn('Pending');
      const wrongTest = await cancel(id, `?testId=${otherTestId}`);
      expect(wrongTest.statusCode).toBe(404);
      expect(envelope(wrongTest)).toMatchObject({ statuscode: '404.4', description: 'Test invitation not found' });
      expect(typeof envelope(wrongTest).result).toBe('string');
      const unknownTest = await cancel(id, '?testId=99999999');
      expect(envelope(unknownTest).statuscode).toBe('404.4');
      const malformed = await cancel(id, '?testId=abc');
      expect(malformed.statusCode).toBe(400);
      expect(envelope(malformed).statuscode).toBe('400.4');
      expect(typeof envelope(malformed).result).toBe('string');
      expect(await statusOf(id)).toBe('Pending');
      const matching = await cancel(id, `?testId=${testId}`);
      expect(matching.statusCode).toBe(200);
      expect(envelope(matching).result).toEqual({ testInvitationId: id, status: 'cancelled' });
    });

    it('invites anew when the same email is registered again after a cancel (Assay decision)', async () => {
      const email = 'again@example.com';
      const first = await register(email);
      await cancel(first.testInvitationId);
      const second = await register(email);
      expect(second.testInvitationId).not.toBe(first.testInvitationId);
      expect(second.takeTestURL).not.toBe(first.takeTestURL);
      expect(await statusOf(second.testInvitationId)).toBe('Pending');
      expect(await statusOf(first.testInvitationId)).toBe('Cancelled');
      const third = await register(email);
      expect(third.testInvitationId).toBe(second.testInvitationId);
    });
  });

  describe('reattempt (4.10)', () => {
    it('creates a new invitation with a new id and take-test URL for a Completed one; the old report stays', async () => {
      const old = await register();
      await move(old.testInvitationId, 'start', 'submit');
      const response = await reattempt(old.testInvitationId);
      expect(response.statusCode).toBe(200);
      const body = envelope<{ testInvitationId: number; takeTestURL: string }>(response);
      expect(body.statuscode).toBe('200.1');
      expect(Object.keys(body.result).sort()).toEqual(['takeTestURL', 'testInvitationId']);
      expect(body.result.testInvitationId).not.toBe(old.testInvitationId);
      expect(body.result.takeTestURL.startsWith(`${PUBLIC_URL}/t/`)).toBe(true);
      expect(body.result.takeTestURL).not.toBe(old.takeTestURL);

      expect(await statusOf(old.testInvitationId)).toBe('Completed');
      expect(await statusOf(body.result.testInvitationId)).toBe('Pending');
    });

    it('answers the same new invitation when the same completed invitation is reattempted twice', async () => {
      const id = await invitationIn('Completed');
      const first = envelope(await reattempt(id));
      const second = await reattempt(id);
      expect(second.statusCode).toBe(200);
      expect(envelope(second)).toEqual(first);
    });

    it.each(['Pending', 'In progress', 'Reset', 'Cancelled'] as const)('refuses to reattempt an invitation %s with 403.4', async (state) => {
      const id = await invitationIn(state);
      const response = await reattempt(id);
      expect(response.statusCode).toBe(403);
      const body = envelope(response);
      expect(body.statuscode).toBe('403.4');
      expect(body.description).toBe(FORBIDDEN);
      expect(typeof body.result).toBe('string');
      expect(body.result).toMatch(/only on a completed invitation/i);
      expect(await statusOf(id)).toBe(state);
      const created = await h.store.db.selectFrom('invitations').select('id').where('previous_invitation_id', '=', id).execute();
      expect(created).toEqual([]);
    });
  });

  describe('requests and ids', () => {
    it('serves a bodiless GET sent with content-type application/json;charset=utf-8', async () => {
      const id = await invitationIn('Pending');
      const response = await h.request({
        method: 'GET',
        url: `/v2/org/testinvitation/${id}/cancel`,
        headers: { 'content-type': 'application/json;charset=utf-8' },
      });
      expect(response.statusCode).toBe(200);
      expect(envelope(response).statuscode).toBe('200.1');
      const emptyPayload = await h.request({ method: 'GET', url: `/v2/org/testinvitation/${id}/reattempt`, payload: '' });
      expect(envelope(emptyPayload).statuscode).toBe('403.4');
    });

    it.each(['cancel', 'reattempt'])('%s: unknown and huge ids are 404.4, malformed ids 400.3', async (action) => {
      for (const id of ['99999999', '9007199254740992', '9223372036854775807']) {
        const response = await get(`/v2/org/testinvitation/${id}/${action}`);
        expect(response.statusCode, id).toBe(404);
        expect(envelope(response), id).toMatchObject({ statuscode: '404.4', description: 'Test invitation not found' });
        expect(typeof envelope(response).result).toBe('string');
      }
      for (const id of ['abc', '-1', '1.5', '1e3', '0', '007', '9223372036854775808', '9999999999999999999']) {
        const response = await get(`/v2/org/testinvitation/${id}/${action}`);
        expect(response.statusCode, id).toBe(400);
        expect(envelope(response).statuscode, id).toBe('400.3');
        expect(typeof envelope(response).result).toBe('string');
      }
      // Past 19 digits it is not an Int64 at all: a malformed id, not an unknown one; never a 5xx.
      const twentyDigits = await get(`/v2/org/testinvitation/99999999999999999999/${action}`);
      expect(twentyDigits.statusCode).toBe(400);
      expect(envelope(twentyDigits).statuscode).toBe('400.3');
    });
  });
});
