import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParam,
  V3CancelledInvitation,
  V3Failure,
  V3Invitation,
  V3InviteInput,
  V3Reattempt,
  V3ReattemptInput,
  checkAccess,
  decideV3AccessTime,
  decideV3Cancel,
  decideV3Reattempt,
  invitationEmailWanted,
  invitationNotFound,
  moveScopedInvitation,
  takeTestUrl,
  v3ReinviteOf,
  v3StatusOf,
  windowFromStored,
  type Invitation,
  type InvitationEvent,
  type Result,
} from '@assay/domain';
import { registerCandidate, type KeyOwner, type Repositories } from '@assay/store';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { honourIdempotencyKeys } from '../idempotency/idempotency-keys.js';
import { found, refusal, unwrap } from '../refusal-error.js';
import { checkCallbackTarget } from '../services/callback-target.js';

const tags = ['v3'];
const security = [{ apiKey: [] }];
const responses = <T extends z.ZodType>(ok: T, status: 200 | 201 = 200) => ({ [status]: ok, '4xx': V3Failure, '5xx': V3Failure });
const TestParams = z.object({ testId: IdParam });
const LinkParams = z.object({ testId: IdParam, testLinkId: IdParam });
const InvitationParams = z.object({ testInvitationId: IdParam });

/**
 * iMocha v3's invite, invite by link, reattempt and cancel (issue 52, rows 5–8; docs/v3.md, "Invitations") on the
 * invitations v2 makes and moves: v2's registration, its machine and its outbox do the work; the domain's v3 rules
 * (`v3ReinviteOf`, `decideV3Reattempt`, `decideV3Cancel`, `decideV3AccessTime`) say what v3 asks and refuses.
 */
export const v3InvitationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  const { store, config, now } = context;
  honourIdempotencyKeys(app, { keys: store.idempotencyKeys, now, scopeOf: (request) => `org:${request.org.orgId}` });

  /** Whether the invitation's own expiry, or its link's period, has passed: v3's "Expired". */
  const accessEnded = async (repositories: Pick<Repositories, 'testLinks'>, invitation: Invitation, at: number): Promise<boolean> => {
    if (invitation.expiresAt !== null && invitation.expiresAt <= at) return true;
    if (invitation.testLinkId === null) return false;
    const link = await repositories.testLinks.find(invitation.orgId, invitation.testId, invitation.testLinkId);
    return link !== undefined && checkAccess(windowFromStored(link.accessTime, link.startDateTime, link.endDateTime), at) === 'closed';
  };

  const answerOf = async (repositories: Repositories, invitation: Invitation, at: number): Promise<V3Invitation> => ({
    testInvitationId: invitation.id,
    testUrl: takeTestUrl(config.publicUrl, invitation.token),
    status: v3StatusOf({ status: invitation.status, endReason: invitation.endReason, accessEnded: await accessEnded(repositories, invitation, at) }),
  });

  /** The callback URL is checked first: its DNS lookup waits for the network, the registration's transaction must not. */
  const invite = async (reply: FastifyReply, key: KeyOwner, target: { testId: number; testLinkId: number | null }, body: V3InviteInput) => {
    const at = now();
    const { expiresAt } = unwrap(decideV3AccessTime(body, { timeZoneId: key.orgTimeZoneId, now: at }));
    if (body.callbackUrl) await checkCallbackTarget(body.callbackUrl, config.allowPrivateCallbacks, undefined, 'callbackUrl');
    const effect = async (repositories: Repositories) => {
      const registration = {
        orgId: key.orgId,
        ...target,
        emailId: body.email,
        fullName: body.name,
        callbackURL: body.callbackUrl,
        redirectURL: body.redirectUrl,
        interface: 'v3' as const,
      };
      const { created, invitation } = await registerCandidate(repositories, registration, at, { keyId: key.keyId });
      // New (first, or following a cancelled one) or renewed: the request's access time is the invitation's own (decision 898).
      const renewed = created || v3ReinviteOf(invitation.status) === 'renew';
      if (renewed) {
        await repositories.reminders.setExpiry(key.orgId, invitation.id, expiresAt);
        // Who is told of the completion, and whether the landing shows its rules (decisions 985, 986): left out keeps.
        await repositories.v3InviteOptions.set(key.orgId, invitation.candidateId, {
          stakeholderEmails: body.stakeholderEmails,
          hideInstructions: body.hideInstruction,
        });
      }
      const current = renewed ? { ...invitation, expiresAt } : invitation;
      // v3 sends no email unless asked; the org's v2 default does not apply here (decision 897).
      if (body.sendEmail === true && invitationEmailWanted(current.status)) await repositories.jobs.enqueueLinkEmail(current, at, 'invitation');
      return answerOf(repositories, current, at);
    };
    return answerWithEffect(reply, store, effect, (answer) => answer);
  };

  app.post(
    '/tests/:testId/invite',
    {
      schema: {
        tags,
        summary: 'Invite a candidate (v3)',
        description:
          'Through the test’s default link: no test link of its own, as v2’s register (4.7) (decision 897). Inviting the same email again: Pending, Reset or Expired → the same invitation with the new access time (Pending again); Cancelled → a new Pending invitation; In Progress, Complete, Test Left, Terminated → that invitation as it is. No email unless sendEmail is true.',
        security,
        params: TestParams,
        body: V3InviteInput,
        response: responses(V3Invitation),
      },
    },
    async (request, reply) => {
      const test = found(await store.tests.find(request.org.orgId, request.params.testId), 'test-not-found', `No test ${request.params.testId}.`);
      return invite(reply, request.org, { testId: test.id, testLinkId: null }, request.body);
    },
  );

  app.post(
    '/tests/:testId/testlinks/:testLinkId/invite',
    {
      schema: {
        tags,
        summary: 'Invite a candidate by test link (v3)',
        description: 'The link’s settings apply (its period, proctoring, stakeholder), as v2’s register by link (4.8); the same re-invite table as invite.',
        security,
        params: LinkParams,
        body: V3InviteInput,
        response: responses(V3Invitation),
      },
    },
    async (request, reply) => {
      const { testId, testLinkId } = request.params;
      const link = found(
        await store.testLinks.find(request.org.orgId, testId, testLinkId),
        'test-link-not-found',
        `No test link ${testLinkId} on test ${testId}.`,
      );
      return invite(reply, request.org, { testId, testLinkId: link.testLinkId }, request.body);
    },
  );

  /** A v2 move of the invitation after the v3 rule allowed it; a missing or another org's invitation is 404.4 either way. */
  const move = async (
    key: KeyOwner,
    invitationId: number,
    v3Rule: (facts: { status: Invitation['status']; accessEnded: boolean }) => Result<unknown>,
    event: InvitationEvent,
    at: number,
  ) => {
    const scope = { invitationId };
    const invitation = (await store.invitations.find(key.orgId, invitationId)) ?? unwrap(invitationNotFound(scope));
    unwrap(v3Rule({ status: invitation.status, accessEnded: await accessEnded(store, invitation, at) }));
    const applied =
      (await store.invitations.applyMove(key.orgId, invitationId, (current) => moveScopedInvitation(current, scope, event), at, { keyId: key.keyId })) ??
      unwrap(invitationNotFound(scope));
    unwrap(applied.move);
    return applied;
  };

  app.post(
    '/invitations/:testInvitationId/reattempt',
    {
      schema: {
        tags,
        summary: 'Reattempt a finished test (v3)',
        description:
          'Complete, Test Left or Terminated → a new invitation (the old report stays), as v2’s reattempt (4.10); In Progress → 400 "Reattempt is not allowed for a test invitation in inprogress state."; not started or cancelled → 400 too. PascalCase fields as v3 documents them; camelCase is taken too (decision 901).',
        security,
        params: InvitationParams,
        body: V3ReattemptInput,
        response: responses(V3Reattempt),
      },
    },
    async (request, reply) => {
      const { org, body } = request;
      const at = now();
      // Another org's id or a missing one answers 404 before anything of the body is judged.
      (await store.invitations.find(org.orgId, request.params.testInvitationId)) ??
        unwrap(invitationNotFound({ invitationId: request.params.testInvitationId }));
      if (body.conflicts.length > 0) throw refusal('invalid-field', body.conflicts.join('; '));
      const { expiresAt } = unwrap(decideV3AccessTime(body, { timeZoneId: org.orgTimeZoneId, now: at }));
      if (body.callbackUrl) await checkCallbackTarget(body.callbackUrl, config.allowPrivateCallbacks, undefined, 'CallbackUrl');
      const { reattempt } = await move(org, request.params.testInvitationId, decideV3Reattempt, { type: 'reattempt' }, at);
      const next = reattempt ?? unwrap(invitationNotFound({ invitationId: request.params.testInvitationId }));
      const urls = body.callbackUrl !== undefined || body.redirectUrl !== undefined;
      const record = urls ? await store.reports.report(org.orgId, next.id) : undefined;
      const effect = async (repositories: Repositories) => {
        // The URLs are the candidate's (every attempt's): registering the address again stores them, answering the new attempt.
        if (record) {
          const { emailId, fullName } = record.report;
          const registration = {
            orgId: org.orgId,
            testId: next.testId,
            testLinkId: next.testLinkId,
            emailId,
            fullName,
            callbackURL: body.callbackUrl,
            redirectURL: body.redirectUrl,
          };
          await registerCandidate(repositories, registration, at, { keyId: org.keyId });
        }
        await repositories.reminders.setExpiry(org.orgId, next.id, expiresAt);
        await repositories.v3InviteOptions.set(org.orgId, next.candidateId, { hideInstructions: body.hideInstruction });
        if (body.sendEmail === true) await repositories.jobs.enqueueLinkEmail(next, at, 'reattempt');
        return {
          testInvitationId: next.id,
          testUrl: takeTestUrl(config.publicUrl, next.token),
          callbackUrlRegistered: typeof body.callbackUrl === 'string',
          redirectUrlRegistered: typeof body.redirectUrl === 'string',
        };
      };
      return answerWithEffect(reply, store, effect, (answer) => answer);
    },
  );

  app.post(
    '/invitations/:testInvitationId/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a pending invitation (v3)',
        description:
          'Pending only (Assay’s Reset too); in progress, finished or expired → 400 "Testinvitation state in inprogress, complete, and expired can not be cancelled.". Cancelling again answers the same.',
        security,
        params: InvitationParams,
        response: responses(V3CancelledInvitation),
      },
    },
    async (request) => {
      const at = now();
      const applied = await move(request.org, request.params.testInvitationId, decideV3Cancel, { type: 'cancel', at }, at);
      return { testInvitationId: applied.invitation.id, status: 'cancelled' as const };
    },
  );
};
