import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdParam,
  InvitationExpiry,
  InvitationExpiryInput,
  ReminderSettings,
  ReminderSettingsInput,
  decideInvitationExpiry,
  decideReminderHours,
  formatWireDateTime,
  reminderSettingsOf,
} from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { found, refusal, unwrap } from '../refusal-error.js';
import { resendLink } from '../services/link-resend.js';
import { apiKeySecurity, envelopeResponses } from './responses.js';

const tags = ['reminders'];
const TestParams = z.object({ testId: IdParam });
const LinkParams = z.object({ testId: IdParam, testLinkId: IdParam });
const InvitationParams = z.object({ testInvitationId: IdParam });

const HOURS_RULES =
  'reminderHours: hours before the window closes (a time-bound or slot-wise link’s endDateTime, or the invitation’s own expiry, whichever is first), ' +
  'at most 4, each 1–720, distinct (400.21); [] turns reminders off; null inherits. Candidates who started, finished, were cancelled or unsubscribed get none.';

/**
 * Reminders and expiry (issue 33 item 3; docs/reminders.md): the reminder hours of a test (its default) and of one link
 * (decision 521), and an invitation's own expiry (decision 518). The rules are the domain's; these carry them out.
 */
export const reminderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, now }) => {
  const testHours = async (orgId: number, testId: number): Promise<number[] | null> => {
    const hours = await store.reminders.testHours(orgId, testId);
    if (hours === undefined) throw refusal('test-not-found', `No test ${testId}.`);
    return hours;
  };
  const linkHours = async (orgId: number, testId: number, testLinkId: number) =>
    found(await store.reminders.linkHours(orgId, testId, testLinkId), 'test-link-not-found', `No test link ${testLinkId} on test ${testId}.`);

  app.get(
    '/tests/:testId/reminders',
    {
      schema: {
        tags,
        summary: 'A test’s default reminder hours (Assay extension)',
        description: 'What its links without a choice of their own use; `source` says whether it is the test’s choice or the default [48, 4].',
        security: apiKeySecurity,
        params: TestParams,
        response: envelopeResponses(ReminderSettings),
      },
    },
    async (request) => succeed(reminderSettingsOf({ testHours: await testHours(request.org.orgId, request.params.testId) })),
  );

  app.put(
    '/tests/:testId/reminders',
    {
      schema: {
        tags,
        summary: 'Choose a test’s default reminder hours (Assay extension)',
        description: `${HOURS_RULES} Replaces the test’s choice; a reviewer key is refused (403.17).`,
        security: apiKeySecurity,
        params: TestParams,
        body: ReminderSettingsInput,
        response: envelopeResponses(ReminderSettings),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const { testId } = request.params;
      await testHours(orgId, testId);
      const hours = unwrap(decideReminderHours(request.body.reminderHours));
      await store.reminders.setTestHours(orgId, testId, hours);
      return succeed(reminderSettingsOf({ testHours: hours }));
    },
  );

  app.get(
    '/tests/:testId/testlinks/:testLinkId/reminders',
    {
      schema: {
        tags,
        summary: 'A test link’s reminder hours (Assay extension)',
        description: 'The link’s own choice (null: its test’s), what applies to its invitations, and where that comes from (`link`, `test`, `default`).',
        security: apiKeySecurity,
        params: LinkParams,
        response: envelopeResponses(ReminderSettings),
      },
    },
    async (request) => {
      const { testId, testLinkId } = request.params;
      return succeed(reminderSettingsOf(await linkHours(request.org.orgId, testId, testLinkId)));
    },
  );

  app.put(
    '/tests/:testId/testlinks/:testLinkId/reminders',
    {
      schema: {
        tags,
        summary: 'Choose a test link’s reminder hours (Assay extension)',
        description: `${HOURS_RULES} Replaces the link’s choice; a reviewer key is refused (403.17).`,
        security: apiKeySecurity,
        params: LinkParams,
        body: ReminderSettingsInput,
        response: envelopeResponses(ReminderSettings),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const { testId, testLinkId } = request.params;
      const current = await linkHours(orgId, testId, testLinkId);
      const hours = unwrap(decideReminderHours(request.body.reminderHours));
      await store.reminders.setLinkHours(orgId, testId, testLinkId, hours, now());
      return succeed(reminderSettingsOf({ linkHours: hours, testHours: current.testHours }));
    },
  );

  app.put(
    '/testinvitation/:testInvitationId/expiry',
    {
      schema: {
        tags,
        summary: 'Give an invitation an expiry of its own (Assay extension)',
        description:
          'From expiresAt on, the candidate’s start is refused with 403.7 (as a link whose period has ended); an attempt started before runs to its deadline. ' +
          'Reminders count down to the earlier of it and the link’s endDateTime; the stakeholder gets a note if it passes unstarted. ' +
          'null removes it. 400.22 for a time not in the future, 403.4 for an invitation started, completed or cancelled. ' +
          'resend true also emails the candidate their link (extend-and-resend in one move, decision 1393), in one transaction: ' +
          'a resend refused (409.50 if the link’s own end has passed, 429.50 too soon) leaves the expiry as it was.',
        security: apiKeySecurity,
        params: InvitationParams,
        body: InvitationExpiryInput,
        response: envelopeResponses(InvitationExpiry),
      },
    },
    async (request) => {
      const { orgId } = request.org;
      const { testInvitationId } = request.params;
      const invitation = found(await store.invitations.find(orgId, testInvitationId), 'invitation-not-found', `No test invitation ${testInvitationId}.`);
      const at = now();
      const expiresAt = unwrap(decideInvitationExpiry(invitation.status, request.body.expiresAt, at));
      const resend = request.body.resend === true;
      await store.transaction(async (repositories) => {
        await repositories.reminders.setExpiry(orgId, testInvitationId, expiresAt);
        // Decided on the invitation as extended: a refusal throws, and the transaction takes the new expiry back.
        if (resend) await resendLink(repositories, { ...invitation, expiresAt }, at);
      });
      return succeed({
        testInvitationId,
        expiresAt: expiresAt === null ? null : formatWireDateTime(expiresAt),
        ...(resend ? { emailQueued: true as const } : {}),
      });
    },
  );
};
