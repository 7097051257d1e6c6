import type { FastifyReply } from 'fastify';
import { keptAnswerSubjects, type Repositories, type Store } from '@assay/store';
import { refusal } from '../refusal-error.js';
import { type HeldKey, heldKeyOf } from './idempotency-keys.js';
import { sealResponse } from './sealed-response.js';

/**
 * A POST's effect, and the answer made of what it did. Under an Idempotency-Key both commit in one transaction with the
 * key's kept answer: a crash (kill -9 included) leaves all of it — a retry replays the answer — or none of it — a retry
 * runs the request, once. Kept after the effect instead, an effect committed just before a crash was run again by the
 * retry (issue 27). Without a key the effect runs as it always did, on the store.
 *
 * `effect` must do all its reading and writing through the repositories it is given, and nothing slow besides (on
 * SQLite the transaction holds the one writer): checks that wait for the network (a callback URL's DNS) come before.
 */
export const answerWithEffect = <Result, Answer>(
  reply: FastifyReply,
  store: Store,
  effect: (repositories: Repositories) => Promise<Result>,
  answerOf: (result: Result) => Answer,
): Promise<Answer> => {
  const held = heldKeyOf(reply.request);
  if (held === undefined) return effect(store).then(answerOf);
  return keptWithEffect(reply, store, effect, answerOf, held);
};

const keptWithEffect = async <Result, Answer>(
  reply: FastifyReply,
  store: Store,
  effect: (repositories: Repositories) => Promise<Result>,
  answerOf: (result: Result) => Answer,
  held: HeldKey,
): Promise<Answer> => {
  const answer = await store.transaction(async (repositories) => {
    const answer = answerOf(await effect(repositories));
    // The body exactly as it will be sent: the route's own serializer, for the status it will be sent with.
    const plain = String(reply.serialize(answer));
    const body = sealResponse(plain, held.claim.scope, held.key);
    // Whom it names, so an erasure drops this answer only if it names the erased person (decision 1004).
    const subjects = keptAnswerSubjects(held.claim.scope, plain);
    if (!(await repositories.idempotencyKeys.complete(held.claim, reply.statusCode, body, subjects))) {
      // Taken over meanwhile (this process looked gone): the request that took it runs the effect; this one must not.
      throw refusal('state-conflict', 'Another request with this Idempotency-Key took it over: retry to get its answer.');
    }
    return answer;
  });
  // Only once committed: a commit that fails leaves the key to be released like any failure's.
  held.answered = true;
  return answer;
};
