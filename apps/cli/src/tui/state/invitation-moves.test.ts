import { invitationStatuses } from '@assay/domain/invitations';
import { describe, expect, it } from 'vitest';
import { offeredMoves } from './invitation-moves.js';

describe('cancel and reattempt are offered only where the state machine allows a move', () => {
  it.each([
    ['Pending', ['cancel']],
    ['In progress', []],
    ['Completed', ['reattempt']],
    ['Reset', ['cancel']],
    ['Cancelled', []],
  ] as const)('%s → %j', (status, moves) => expect(offeredMoves(status)).toEqual(moves));

  it('knows every status', () => expect(invitationStatuses).toHaveLength(5));
});
