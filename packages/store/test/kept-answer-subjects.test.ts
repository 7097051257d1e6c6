import { describe, expect, it } from 'vitest';
import { addressSubject, invitationSubject, keptAnswerSubjects } from '../src/index.js';

/** Decision 1004: whom a kept answer names, read from its JSON before it is sealed. */
describe('keptAnswerSubjects', () => {
  it('names the invitation ids under every spelling of their keys, and every address in any string', () => {
    const body = JSON.stringify({
      statuscode: '200.1',
      result: { testInvitationId: 42, testUrl: 'https://assay.test/t/abc', rows: [{ email: 'Ann@X.test', testinvitationId: '7' }], testInvitationIds: [8, 9] },
      note: 'sent to "Bea" <bea@x.test>',
    });
    expect(keptAnswerSubjects('org:1', body)!.sort()).toEqual(
      [
        invitationSubject(42),
        invitationSubject(7),
        invitationSubject(8),
        invitationSubject(9),
        addressSubject('org:1', 'ann@x.test'),
        addressSubject('org:1', 'bea@x.test'),
      ].sort(),
    );
  });

  it('keys an address by the org, in the form registration keys it; unknown when the body is not JSON', () => {
    expect(addressSubject('org:1', ' ANN@x.test ')).toBe(addressSubject('org:1', 'ann@x.test'));
    expect(addressSubject('org:1', 'ann@x.test')).not.toBe(addressSubject('org:2', 'ann@x.test'));
    expect(addressSubject('org:1', 'ann@x.test')).not.toContain('ann');
    expect(keptAnswerSubjects('org:1', 'not json')).toBeNull();
    expect(keptAnswerSubjects('org:1', '{"count":3,"id":42}')).toEqual([]);
  });
});
