import { createCandidateClient, type CandidateAttempt, type PublicTestLink } from '@assay/client';

/** The candidate API of one invitation, as the page calls it. */
export type CandidateApi = CandidateAttempt;

/**
 * The page talks to its own origin. The client never retries here: the page has its own rules for what is
 * worth trying again and when (AnswerSync, FocusWatcher, the time-up submit), and must say "offline" at the
 * first failure rather than after a round of backoffs. Answers come from the server, never a cache.
 */
const client = createCandidateClient({
  baseUrl: '',
  timeoutMs: 30_000,
  retries: 0,
  fetch: (input, init) => window.fetch(input, { ...init, credentials: 'same-origin', cache: 'no-store' }),
});

export const candidateApi = (token: string): CandidateApi => client.candidate(token);

export const publicLinkApi = (accessKey: string): PublicTestLink => client.publicLink(accessKey);
