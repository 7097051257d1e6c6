import { describe, expect, it } from 'vitest';
import { erasedText } from './erase.js';

describe('erasedText', () => {
  it('says what went: the invitations, and the bulk rows of an address that never became one (decision 1003)', () => {
    expect(erasedText({ scope: 'email', erased: 2, alreadyErased: 0, bulkRows: 0, testInvitationIds: [4, 5] })).toMatch(
      /^Erased every invitation of that address \(4, 5\): 2 now, 0 erased before\.\n/,
    );
    expect(erasedText({ scope: 'email', erased: 0, alreadyErased: 0, bulkRows: 1, testInvitationIds: [] })).toMatch(
      /^Erased that address: 0 now, 0 erased before, and 1 bulk-file row that never became an invitation\.\n/,
    );
    expect(erasedText({ scope: 'invitation', erased: 1, alreadyErased: 0, bulkRows: 0, testInvitationIds: [7] })).toMatch(/^Erased invitation 7: 1 now/);
  });
});
