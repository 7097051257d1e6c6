import type { ClientOptions } from './core/options.js';
import { Transport } from './core/transport.js';
import { CandidateAttempt, PublicTestLink } from './resources/candidate.js';

/**
 * Only the candidate's side of the API: an invitation's attempt and a public test link. A page that bundles it
 * carries none of the other resources or the schemas they decode (the candidate page: 25 kB less of its
 * 283 kB than with `createClient`).
 */
export interface CandidateClient {
  /** The candidate API of the invitation whose take-test URL ends in `token` (see candidateTokenOf). */
  candidate(token: string): CandidateAttempt;
  /** A public test link by its `testLinkAccessKey`. */
  publicLink(accessKey: string): PublicTestLink;
}

export const createCandidateClient = (options: ClientOptions): CandidateClient => {
  const transport = new Transport(options);
  return {
    candidate: (token) => new CandidateAttempt(transport, token),
    publicLink: (accessKey) => new PublicTestLink(transport, accessKey),
  };
};
