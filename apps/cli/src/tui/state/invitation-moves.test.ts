import { invitationStatuses } from '@assay/domain/invitations';
import { describe, expect, it } from 'vitest';
import { offeredMoves } from './invitation-moves.js';

describe('cancel, reattempt, resend and extend are offered only where the domain allows them', () => {
  it.each([
    ['Pending', ['cancel', 'resend', 'extend']],
    ['In progress', ['resend']],
    ['Completed', ['reattempt']],
    ['Reset', ['cancel', 'resend', 'extend']],
    ['Cancelled', []],
    // Issue 61: a lapsed Pending or Reset invitation is renewed (extend and resend in one move), never resent as it is.
    ['Expired', ['cancel', 'extend', 'renew']],
  ] as const)('%s → %j', (status, moves) => expect(offeredMoves(status)).toEqual(moves));

  it('knows every status', () => expect(invitationStatuses).toHaveLength(5));
});
