/**
 * iMocha's `disableMandatoryFields`: "email and name fields not required; the system generates random values for both"
 * (decision 1021). Assay makes them from a code the caller draws: an address under `.invalid`, the top-level domain
 * reserved never to resolve (RFC 2606), so nothing can ever reach a stranger, and a name a reviewer can tell apart.
 */
export const MADE_UP_DOMAIN = 'candidates.invalid';

export interface MadeUpIdentity {
  readonly email: string;
  readonly name: string;
}

/** `code`: a few random characters the shell draws (letters and digits); the domain stays clock- and randomness-free. */
export const madeUpIdentity = (code: string): MadeUpIdentity => ({
  email: `candidate-${code.toLowerCase()}@${MADE_UP_DOMAIN}`,
  name: `Candidate ${code.toUpperCase()}`,
});

/** An address no mail can reach (its domain is under `.invalid`): the outbox sends nothing to it. */
export const undeliverableAddress = (address: string): boolean => /\.invalid\.?$/i.test(address.trim().split('@').pop() ?? '');
