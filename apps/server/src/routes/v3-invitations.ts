import { randomBytes } from 'node:crypto';
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
  madeUpIdentity,
  moveScopedInvitation,
  takeTestUrl,
  v3ReinviteOf,
  v3StatusOf,
  windowFromStored,
  type Invitation,
  type InvitationEvent,
  type V3AccessTime,
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
/** iMocha documents its invite answering 201 Created (decision 1022); its reattempt and cancel, 200. */
const INVITED = 201;
/** The short code a made-up candidate identity is drawn from (decision 1021): 40 bits, as letters and digits. */
const madeUpCode = () => randomBytes(5).readUIntBE(0, 5).toString(36).padStart(8, '0');
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

  /** The access time and the front a v3 request gives the invitation it names (decisions 1024, 1025). */
  const applyV3Terms = async (repositories: Repositories, orgId: number, invitationId: number, access: V3AccessTime | undefined) => {
    if (access) await repositories.v3InviteOptions.setAccessTime(orgId, invitationId, access);
    await repositories.v3InviteOptions.adoptV3(orgId, invitationId);
  };

  /** The callback URL is checked first: its DNS lookup waits for the network, the registration's transaction must not. */
  const invite = async (reply: FastifyReply, key: KeyOwner, target: { testId: number; testLinkId: number | null }, body: V3InviteInput) => {
    const at = now();
    const access = unwrap(decideV3AccessTime(body, { timeZoneId: key.orgTimeZoneId, now: at }));
    if (body.callbackUrl) await checkCallbackTarget(body.callbackUrl, config.allowPrivateCallbacks, undefined, 'callbackUrl');
    // disableMandatoryFields: what the body left out is made up (decision 1021); the schema refused it otherwise.
    const madeUp = body.email === undefined || body.name === undefined ? madeUpIdentity(madeUpCode()) : undefined;
    const effect = async (repositories: Repositories) => {
      const registration = {
        orgId: key.orgId,
        ...target,
        emailId: body.email ?? madeUp!.email,
        fullName: body.name ?? madeUp!.name,
        callbackURL: body.callbackUrl,
        redirectURL: body.redirectUrl,
        interface: 'v3' as const,
      };
      const { created, invitation } = await registerCandidate(repositories, registration, at, { keyId: key.keyId });
      // New (first, or following a cancelled one) or renewed: the request's access time is the invitation's own (decision 898).
      const renewed = created || v3ReinviteOf(invitation.status) === 'renew';
      // An invitation v2 made follows v3 from the v3 request that names it on (decision 1025).
      await applyV3Terms(repositories, key.orgId, invitation.id, renewed ? access : undefined);
      if (renewed) {
        // Who is told of the completion, and whether the landing shows its rules (decisions 985, 986): left out keeps.
        await repositories.v3InviteOptions.set(key.orgId, invitation.candidateId, {
          stakeholderEmails: body.stakeholderEmails,
          hideInstructions: body.hideInstruction,
        });
      }
      const current = renewed ? { ...invitation, ...access } : invitation;
      // v3 sends no email unless asked; the org's v2 default does not apply here (decision 897).
      if (body.sendEmail === true && invitationEmailWanted(current.status)) await repositories.jobs.enqueueLinkEmail(current, at, 'invitation');
      return answerOf(repositories, current, at);
    };
    reply.code(INVITED);
    return answerWithEffect(reply, store, effect, (answer) => answer);
  };

  app.post(
    '/tests/:testId/invite',
    {
      schema: {
        tags,
        summary: 'Invite a candidate (v3)',
        description:
          'Through the test’s default link: no test link of its own, as v2’s register (4.7) (decision 897). Answers 201 as iMocha documents (decision 1022). The body as iMocha documents it or with Assay’s booleans and lists: sendEmail "yes"/"no", hideInstruction and disableMandatoryFields 0/1, stakeholderEmails one string of addresses, callbackURL/redirectURL or callbackUrl/redirectUrl; any other field or value is refused 400 naming it (decision 1020). disableMandatoryFields 1 lets email and name be left out (decision 1021); a future startDateTime opens the invitation then (decision 1024). Inviting the same email again: Pending, Reset or Expired → the same invitation with the new access time (Pending again); Cancelled → a new Pending invitation; In Progress, Complete, Test Left, Terminated → that invitation as it is; an invitation v2 made follows v3’s callbacks from then on (decision 1025). No email unless sendEmail is "yes".',
        security,
        params: TestParams,
        body: V3InviteInput,
        response: responses(V3Invitation, INVITED),
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
        description:
          'The link’s settings apply (its period, proctoring, stakeholder), as v2’s register by link (4.8); the same body, 201 answer and re-invite table as invite.',
        security,
        params: LinkParams,
        body: V3InviteInput,
        response: responses(V3Invitation, INVITED),
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

  /** The org's invitation, or 404.4 for a missing one and another org's alike. */
  const ownInvitation = async (key: KeyOwner, invitationId: number): Promise<Invitation> =>
    (await store.invitations.find(key.orgId, invitationId)) ?? unwrap(invitationNotFound({ invitationId }));

  /** A v2 move of an invitation the v3 rule allowed (the machine may still refuse a move raced meanwhile). */
  const move = async (key: KeyOwner, invitationId: number, event: InvitationEvent, at: number) => {
    const scope = { invitationId };
    const applied =
      (await store.invitations.applyMove(key.orgId, invitationId, (current) => moveScopedInvitation(current, scope, event), at, { keyId: key.keyId })) ??
      unwrap(invitationNotFound(scope));
    unwrap(applied.move);
    return applied;
  };

  /** The v3 facts of an invitation: its state and whether its access has ended (v3's "Expired"). */
  const factsOf = async (invitation: Invitation, at: number) => ({ status: invitation.status, accessEnded: await accessEnded(store, invitation, at) });

  app.post(
    '/invitations/:testInvitationId/reattempt',
    {
      schema: {
        tags,
        summary: 'Reattempt a test (v3)',
        description:
          'As iMocha’s reattempt table says (decision 1023): Complete, Test Left or Terminated → a new invitation (the old report stays), as v2’s reattempt (4.10); Pending or Expired → the same invitation with the new access time, Pending; Cancelled → a new Pending invitation follows it (decision 899); In Progress → 400 "Reattempt is not allowed for a test invitation in inprogress state.". PascalCase fields as v3 documents them; camelCase is taken too (decision 901); hideInstruction 0/1 and sendEmail "yes"/"no" as documented, or booleans (decision 1020).',
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
      const invitation = await ownInvitation(org, request.params.testInvitationId);
      if (body.conflicts.length > 0) throw refusal('invalid-field', body.conflicts.join('; '));
      const access = unwrap(decideV3AccessTime(body, { timeZoneId: org.orgTimeZoneId, now: at }));
      if (body.callbackUrl) await checkCallbackTarget(body.callbackUrl, config.allowPrivateCallbacks, undefined, 'CallbackUrl');
      const way = unwrap(decideV3Reattempt(await factsOf(invitation, at)));
      const reattempted = way === 'reattempt' ? (await move(org, invitation.id, { type: 'reattempt' }, at)).reattempt : invitation;
      const target = reattempted ?? unwrap(invitationNotFound({ invitationId: invitation.id }));
      const urls = body.callbackUrl !== undefined || body.redirectUrl !== undefined;
      const record = urls || way === 'follow' ? await store.reports.report(org.orgId, target.id) : undefined;
      const effect = async (repositories: Repositories) => {
        // The URLs are the candidate's (every attempt's): registering the address again stores them and answers its live
        // invitation — the new attempt, the renewed one, or a new one after a cancelled one (v3's invite does the same).
        const registered = record
          ? await registerCandidate(
              repositories,
              {
                orgId: org.orgId,
                testId: target.testId,
                testLinkId: target.testLinkId,
                emailId: record.report.emailId,
                fullName: record.report.fullName,
                callbackURL: body.callbackUrl,
                redirectURL: body.redirectUrl,
                interface: 'v3',
              },
              at,
              { keyId: org.keyId },
            )
          : undefined;
        // A cancelled invitation is followed by the registration's new one; the others are the invitation itself.
        const next = way === 'follow' && registered ? registered.invitation : target;
        await applyV3Terms(repositories, org.orgId, next.id, access);
        await repositories.v3InviteOptions.set(org.orgId, next.candidateId, { hideInstructions: body.hideInstruction });
        // A new attempt is mailed as one; a renewed or following invitation as the invitation it is.
        if (body.sendEmail === true) await repositories.jobs.enqueueLinkEmail(next, at, way === 'reattempt' ? 'reattempt' : 'invitation');
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
      const invitation = await ownInvitation(request.org, request.params.testInvitationId);
      unwrap(decideV3Cancel(await factsOf(invitation, at)));
      const applied = await move(request.org, invitation.id, { type: 'cancel', at }, at);
      return { testInvitationId: applied.invitation.id, status: 'cancelled' as const };
    },
  );
};
