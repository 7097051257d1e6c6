import type { FastifyReply } from 'fastify';
import { planErasure, type ErasurePlan } from '@assay/domain';
import { removeOutboxEmails } from '@assay/jobs';
import type { KeyOwner, Store } from '@assay/store';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { unwrap } from '../refusal-error.js';

/** What was asked: an address (every invitation of it), one invitation, or both (v3: that one, if it is the address's). */
export interface ErasureAsked {
  readonly email?: string | undefined;
  readonly invitationId?: number | undefined;
}

export interface ErasureDone {
  readonly plan: ErasurePlan;
  readonly erased: number;
  readonly alreadyErased: number;
}

/** The audit's `by`: the key, by id, and its role; the key's label is the key's, read from its id when needed. */
const actorOf = (org: KeyOwner): string => `key ${org.keyId} (${org.role})`;

/** What the org holds for the request, for the domain's `planErasure`. */
const planFor = async (store: Store, orgId: number, asked: ErasureAsked): Promise<ErasurePlan> => {
  const emailInvitationIds = asked.email === undefined ? [] : await store.erasure.invitationIdsForEmail(orgId, asked.email);
  const invitationHeld = asked.email === undefined && asked.invitationId !== undefined && (await store.invitations.find(orgId, asked.invitationId)) !== undefined;
  return unwrap(planErasure(asked, { emailInvitationIds, invitationHeld }));
};

/**
 * Erases what the request covers (issue 51 item 1): in one transaction with the request's kept answer (Idempotency-Key)
 * the rows and the org's other kept answers; after the commit the SQLite WAL is emptied and the outbox's emails that
 * mention the person are removed (decisions 842, 844). Names, addresses and tokens are read first, to find those emails.
 */
export const eraseCandidates = async <Answer>(
  reply: FastifyReply,
  store: Store,
  context: { readonly outboxDir: string; readonly now: () => number },
  asked: ErasureAsked,
  answerOf: (done: ErasureDone) => Answer,
): Promise<Answer> => {
  const org = reply.request.org;
  const plan = await planFor(store, org.orgId, asked);
  const identities = await store.erasure.identities(org.orgId, plan.invitationIds);
  const answer = await answerWithEffect(
    reply,
    store,
    async (repositories) => {
      const outcome = await repositories.erasure.eraseInvitations(org.orgId, plan.invitationIds, {
        by: actorOf(org),
        scope: plan.scope,
        now: new Date(context.now()),
      });
      if (outcome.invitations > 0) await repositories.erasure.forgetKeptAnswers(`org:${org.orgId}`);
      return { plan, erased: outcome.invitations, alreadyErased: outcome.alreadyErased };
    },
    answerOf,
  );
  if (identities.length > 0) {
    await store.truncateLog?.();
    const needles = identities.flatMap((identity) => [identity.email, identity.fullName, identity.token]);
    const removed = await removeOutboxEmails(context.outboxDir, needles);
    // Counts only: the log says nothing of whom (decision 843).
    reply.request.log.info({ orgId: org.orgId, scope: plan.scope, invitations: identities.length, outboxFiles: removed }, 'candidates erased');
  }
  return answer;
};
