import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParam,
  LinkRegistration,
  RegisterCandidateInput,
  Registration,
  defaultExpiryOf,
  describeAccessWindow,
  findTimeZone,
  invitationEmailWanted,
  registrationEmailRequested,
  takeTestUrl,
  windowFromStored,
} from '@assay/domain';
import type { FastifyReply } from 'fastify';
import type { HistoryActor, Invitation } from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { Repositories } from '@assay/store';
import type { AppContext } from '../context.js';
import { answerWithEffect } from '../idempotency/answer-with-effect.js';
import { found } from '../refusal-error.js';
import { checkCallbackTarget } from '../services/callback-target.js';
import { registerCandidate } from '@assay/store';
import { apiKeySecurity, envelopeResponses } from './responses.js';

interface Registered {
  readonly invitation: Invitation;
  readonly standing: { readonly alreadyRegistered: boolean; readonly testStatus: Invitation['status']; readonly emailQueued?: boolean };
}

/** A new invitation without any deadline gets the org's default one (decision 1394), in the registration's transaction. */
const withDefaultDeadline = async (repositories: Repositories, invitation: Invitation, created: boolean, days: number | null, at: number) => {
  const link = invitation.testLinkId === null ? undefined : await repositories.testLinks.find(invitation.orgId, invitation.testId, invitation.testLinkId);
  const linkWindow = link && windowFromStored(link.accessTime, link.startDateTime, link.endDateTime);
  const expiresAt = defaultExpiryOf({ created, expiresAt: invitation.expiresAt, linkWindow, defaultDeadlineDays: days }, at);
  if (expiresAt === null) return invitation;
  await repositories.reminders.setExpiry(invitation.orgId, invitation.id, expiresAt);
  return { ...invitation, expiresAt };
};

export const registrationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  /** The callback URLs are checked first: their DNS lookups wait for the network, the registration's transaction must not. */
  const register = async <Answer>(
    reply: FastifyReply,
    { orgId, testId, testLinkId }: { orgId: number; testId: number; testLinkId: number | null },
    body: RegisterCandidateInput,
    answerOf: (registered: Registered) => Answer,
    by: HistoryActor,
  ) => {
    if (body.callbackURL) await checkCallbackTarget(body.callbackURL, config.allowPrivateCallbacks);
    if (body.submittedCallbackURL) await checkCallbackTarget(body.submittedCallbackURL, config.allowPrivateCallbacks, undefined, 'submittedCallbackURL');
    const effect = async (repositories: Repositories): Promise<Registered> => {
      const at = now();
      const { created, invitation: made } = await registerCandidate(repositories, { orgId, testId, testLinkId, ...body }, at, by);
      const settings = await repositories.orgs.invitationSettings(orgId);
      const invitation = await withDefaultDeadline(repositories, made, created, settings.defaultDeadlineDays, at);
      // Opt-in (decision 780), by the request or the org's default (decision 815): neither, and the answer and the outbox are as before.
      const requested = registrationEmailRequested(body.sendEmail, body.sendEmail === undefined && settings.sendEmailByDefault);
      const emailQueued =
        requested === undefined
          ? undefined
          : requested && invitationEmailWanted(invitation.status) && (await repositories.jobs.enqueueLinkEmail(invitation, now(), 'invitation'));
      // The v2 answer, plus what a client needs to tell "already registered (Completed)" from "invited".
      return { invitation, standing: { alreadyRegistered: !created, testStatus: invitation.status, ...(emailQueued === undefined ? {} : { emailQueued }) } };
    };
    return answerWithEffect(reply, store, effect, answerOf);
  };

  app.post(
    '/tests/:testId/register',
    {
      schema: {
        tags: ['registration'],
        summary: 'Register candidate for test (4.7)',
        description:
          'Registering the same email for the same test again updates the candidate (fullName replaced; callbackURL and redirectURL kept when left out, cleared by null or "", replaced by a URL) and answers the same invitation, whatever its state: alreadyRegistered and testStatus (Assay extensions) say which. A cancelled invitation is followed by a new one.',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam }),
        body: RegisterCandidateInput,
        response: envelopeResponses(Registration),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const test = found(await store.tests.find(orgId, request.params.testId), 'test-not-found', `No test ${request.params.testId}.`);
      return register(
        reply,
        { orgId, testId: test.id, testLinkId: null },
        request.body,
        ({ invitation, standing }) => succeed({ testInvitationId: invitation.id, takeTestURL: takeTestUrl(config.publicUrl, invitation.token), ...standing }),
        { keyId: request.org.keyId },
      );
    },
  );

  app.post(
    '/tests/:testId/testlinks/:testLinkId/register',
    {
      schema: {
        tags: ['registration'],
        summary: 'Register candidate by test link (4.8)',
        description:
          'The same rules as 4.7: registering the same email again updates that candidate and answers its invitation (alreadyRegistered, testStatus).',
        security: apiKeySecurity,
        params: z.object({ testId: IdParam, testLinkId: IdParam }),
        body: RegisterCandidateInput,
        response: envelopeResponses(LinkRegistration),
      },
    },
    async (request, reply) => {
      const { orgId } = request.org;
      const { testId, testLinkId } = request.params;
      const link = found(await store.testLinks.find(orgId, testId, testLinkId), 'test-link-not-found', `No test link ${testLinkId} on test ${testId}.`);
      const zone = findTimeZone(link.timeZoneId);
      if (!zone) throw new Error(`test link ${link.testLinkId} has unknown time zone ${link.timeZoneId}`);
      const testAccessTime = describeAccessWindow(windowFromStored(link.accessTime, link.startDateTime, link.endDateTime), zone);
      return register(
        reply,
        { orgId, testId, testLinkId: link.testLinkId },
        request.body,
        ({ invitation, standing }) =>
          succeed({ testInvitationId: invitation.id, testUrl: takeTestUrl(config.publicUrl, invitation.token), testAccessTime, ...standing }),
        { keyId: request.org.keyId },
      );
    },
  );
};
