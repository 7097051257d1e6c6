import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KnownTokens } from '../auth/known-tokens.js';
import { UNKNOWN_TOKEN_MESSAGE } from '../candidate/attempts-service.js';
import type { FailureLimiter } from '../rate-limits/failure-limiter.js';
import { refusal } from '../refusal-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The invitation whose take-test token the candidate request carries (what its budget counts against); null when none. */
    attemptId: number | null;
  }
}

const unknownToken = () => refusal('session-not-found', UNKNOWN_TOKEN_MESSAGE);

const tokenOf = (request: FastifyRequest): string => (request.params as { token?: string }).token ?? '';

/** Tokens are URL-safe ASCII of bounded length; anything else cannot be one and is never looked up (NUL, for one, is refused later). */
const looksLikeToken = (value: string): boolean => /^[\x21-\x7e]{1,200}$/.test(value);

/**
 * The take-test token in the path of every route of the scope, checked first, like an API key: a known token
 * names the attempt its requests are budgeted against (README, "Rate limits"); an unknown one answers 404.7 and
 * counts against the client address's budget (`failures`), and an address over it gets 429.1 for every unknown
 * token while its candidates' own tokens keep working — a whole exam room behind one NAT is not punished for one
 * neighbour's guesses.
 */
export const requireKnownToken = (app: FastifyInstance, tokens: KnownTokens, failures: FailureLimiter): void => {
  app.decorateRequest('attemptId', null);
  app.addHook('onRequest', (request, reply, done) => {
    const admit = (invitationId: number | null): void => {
      if (invitationId !== null) {
        request.attemptId = invitationId;
        done();
        return;
      }
      const atOnce = failures.countedAtOnce(request, reply, unknownToken());
      if (atOnce) done(atOnce);
      else void failures.counted(request, reply, unknownToken()).then(done);
    };
    const token = tokenOf(request);
    if (!looksLikeToken(token)) {
      // Validation or the NUL check answers it; the address pays for it like for any unknown token.
      void failures.overBudget(request, reply).then(done);
      return;
    }
    const known = tokens.cached(token);
    if (known !== undefined) admit(known);
    else tokens.resolve(token).then(admit, done);
  });
};
