import { describe, expect, it } from 'vitest';
import { madeUpIdentity, undeliverableAddress } from './made-up-identity.js';

describe('the identity disableMandatoryFields makes up (decision 1021)', () => {
  it('is an address under .invalid, which no mail can reach, and a name a reviewer can tell apart', () => {
    expect(madeUpIdentity('a1b2c3d4')).toEqual({ email: 'candidate-a1b2c3d4@candidates.invalid', name: 'Candidate A1B2C3D4' });
    expect(undeliverableAddress(madeUpIdentity('zz').email)).toBe(true);
  });

  it.each([
    ['candidate-x@candidates.invalid', true],
    ['someone@Example.INVALID', true],
    ['someone@example.invalid.', true],
    ['ada@example.com', false],
    ['invalid@example.com', false],
    ['ada@invalid.example.com', false],
  ])('%s undeliverable: %s', (address, expected) => {
    expect(undeliverableAddress(address)).toBe(expected);
  });
});
