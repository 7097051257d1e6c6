import type { FastifyReply } from 'fastify';
import { planErasure, type ErasurePlan } from '@assay/domain';
import { removeErasedEmails } from '@assay/jobs';
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
  readonly bulkRows: number;
}

/** The audit's `by`: the key, by id, and its role; the key's label is the key's, read from its id when needed. */
const actorOf = (org: KeyOwner): string => `key ${org.keyId} (${org.role})`;

/** What the org holds for the request, for the domain's `planErasure`. */
const planFor = async (store: Store, orgId: number, asked: ErasureAsked): Promise<ErasurePlan> => {
  const byAddress = asked.email !== undefined && asked.invitationId === undefined;
  const emailInvitationIds = asked.email === undefined ? [] : await store.erasure.invitationIdsForEmail(orgId, asked.email);
  const bulkRows = byAddress && asked.email !== undefined ? await store.erasure.bulkRowsForEmail(orgId, asked.email) : 0;
  const invitationHeld =
    asked.email === undefined && asked.invitationId !== undefined && (await store.invitations.find(orgId, asked.invitationId)) !== undefined;
  return unwrap(planErasure(asked, { emailInvitationIds, invitationHeld, bulkRows }));
};

/**
 * Erases what the request covers (issue 51 item 1): in one transaction with the request's kept answer (Idempotency-Key)
 * the rows, the address's bulk rows without an invitation and the org's kept answers that name the person (decisions
 * 1003, 1004); after the commit the SQLite WAL is emptied and the outbox's emails of the erased invitations are removed
 * (decisions 1000, 1001, 1005). Addresses and tokens are read first, to find the emails written before they were recorded.
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
      const outcome = await repositories.erasure.eraseInvitations(
        org.orgId,
        plan.invitationIds,
        { by: actorOf(org), scope: plan.scope, now: new Date(context.now()) },
        { bulkRowsOf: plan.bulkRowsOf },
      );
      if (outcome.invitations + outcome.bulkRows > 0) {
        await repositories.erasure.forgetKeptAnswers(`org:${org.orgId}`, {
          invitationIds: identities.map((identity) => identity.invitationId),
          emails: [...identities.map((identity) => identity.email), ...(plan.bulkRowsOf === undefined ? [] : [plan.bulkRowsOf])],
        });
      }
      return { plan, erased: outcome.invitations, alreadyErased: outcome.alreadyErased, bulkRows: outcome.bulkRows };
    },
    answerOf,
  );
  // Committed, so the answer says so; a reader holding the WAL past 10 s leaves it to empty in the background (decision 1005).
  const walEmptied = (await store.truncateLog?.()) ?? true;
  const removed = await removeErasedEmails(store, context.outboxDir, org.orgId, plan.invitationIds, identities);
  // Counts only: the log says nothing of whom (decision 843).
  const counts = { orgId: org.orgId, scope: plan.scope, invitations: identities.length, outboxFiles: removed };
  if (walEmptied) reply.request.log.info(counts, 'candidates erased');
  else reply.request.log.warn(counts, 'candidates erased; a reader holds the SQLite WAL, which is emptied in the background when it lets go');
  return answer;
};
