import { describe, expect, it } from 'vitest';
import { LinkEmailReason } from '../records/job.js';
import { inviterOf, linkEmailNamesInviter } from './inviter.js';

const ada = { name: 'Ada Lovelace', email: 'ada@acme.example', deactivated: false };

describe('inviterOf (decision 825)', () => {
  it('names the person of the key that invited, directly, through a link, by a file or by a reattempt', () => {
    for (const via of ['api', 'test-link', 'bulk', 'reattempt'] as const) {
      expect(inviterOf({ via, person: ada })).toEqual({ name: 'Ada Lovelace', email: 'ada@acme.example' });
    }
  });

  it('names nobody for a public link, Greenhouse, a reconstructed entry or no entry at all', () => {
    for (const via of ['self-registration', 'greenhouse', 'unknown'] as const) expect(inviterOf({ via, person: ada })).toBeNull();
    expect(inviterOf({ via: 'api', person: null })).toBeNull();
    expect(inviterOf(undefined)).toBeNull();
  });

  it('names nobody for an unnamed or deactivated person; a person without an email is named all the same', () => {
    expect(inviterOf({ via: 'api', person: { name: null, email: 'x@acme.example', deactivated: false } })).toBeNull();
    expect(inviterOf({ via: 'api', person: { name: '  ', email: null, deactivated: false } })).toBeNull();
    expect(inviterOf({ via: 'api', person: { ...ada, deactivated: true } })).toBeNull();
    expect(inviterOf({ via: 'api', person: { name: 'Bo', email: null, deactivated: false } })).toEqual({ name: 'Bo', email: null });
    expect(inviterOf({ via: 'api', person: { name: 'Bo', email: ' ', deactivated: false } })).toEqual({ name: 'Bo', email: null });
  });
});

describe('linkEmailNamesInviter', () => {
  it('names the inviter on the org’s own invitations only', () => {
    const named = LinkEmailReason.options.filter(linkEmailNamesInviter);
    expect(named).toEqual(['bulk', 'invitation', 'reattempt']);
  });
});
