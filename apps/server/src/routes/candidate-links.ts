import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALREADY_REGISTERED_MESSAGE,
  PublicLinkView,
  SelfRegistration,
  SelfRegistrationInput,
  admissionMessage,
  candidateFacingOrg,
  decideSelfRegistration,
  describeAccessWindow,
  findTimeZone,
  publicLinkVerdict,
  takeTestUrl,
  windowFromStored,
  type TestStatus,
} from '@assay/domain';
import { succeed } from '@assay/domain/v2';
import type { AppContext } from '../context.js';
import { LinkEmailBudget } from '../rate-limits/link-email-budget.js';
import { WindowCounter } from '../rate-limits/window-counter.js';
import { found, unwrap } from '../refusal-error.js';
import { registerSelf } from '@assay/store';
import { envelopeResponses } from './responses.js';

const LinkParams = z.object({ accessKey: z.string().min(1).max(200) });
const tags = ['candidate'];

/** Public test links (`/l/{testLinkAccessKey}`): candidates see the test and register themselves. */
export const candidateLinkRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { store, config, now }) => {
  const linkEmails = new LinkEmailBudget(new WindowCounter(store.rateLimits, now), config.rateLimits.linkEmail, config.rateLimits.linkEmailPerLink);
  const linkOf = async (accessKey: string) => {
    const entry = found(
      await store.testLinks.findByAccessKey(accessKey),
      'public-link-not-found',
      'This test link does not exist. Check the URL you were given.',
    );
    const test = found(await store.tests.details(entry.orgId, entry.link.testId), 'public-link-not-found', 'This test link does not exist.');
    const window = windowFromStored(entry.link.accessTime, entry.link.startDateTime, entry.link.endDateTime);
    const facts = {
      testStatus: test.testStatus as TestStatus,
      linkStatus: entry.link.testLinkStatus,
      window,
      inviteCandidateOnly: entry.link.inviteCandidateOnly,
    };
    return { ...entry, test, window, facts };
  };

  app.get(
    '/links/:accessKey',
    {
      schema: { tags, summary: 'What a public test link offers, and whether it is open now', params: LinkParams, response: envelopeResponses(PublicLinkView) },
    },
    async (request) => {
      const { link, test, window, facts, orgId } = await linkOf(request.params.accessKey);
      const verdict = publicLinkVerdict(facts, now());
      const zone = findTimeZone(link.timeZoneId)!;
      const org = found(await store.orgs.find(orgId), 'public-link-not-found', 'This test link does not exist.');
      return succeed({
        testName: test.testName,
        duration: test.duration,
        questions: test.questions,
        sections: test.sections,
        testAccessTime: describeAccessWindow(window, zone),
        verdict,
        message: admissionMessage(verdict),
        inviteCandidateOnly: link.inviteCandidateOnly === 1,
        org: candidateFacingOrg(org.name, org),
      });
    },
  );

  app.post(
    '/links/:accessKey/register',
    {
      schema: {
        tags,
        summary: 'Register yourself on a public test link',
        description:
          'Refused on invite-only, inactive or closed links; a link not open yet still registers (the start waits). ' +
          'An address already registered for the test (in any letter case, by the org or on a link) is never given its URL ' +
          'and never changed: testUrl is null, and the address is emailed its own link (at most once per 10 minutes), in the ' +
          "org's and the test's words only: nothing a registrant typed. Those emails are budgeted per client address and per link " +
          '(ASSAY_RATE_LIMIT_LINK_EMAIL, ASSAY_RATE_LIMIT_LINK_EMAIL_PER_LINK): beyond them the answer is 429.1 and nothing is sent.',
        params: LinkParams,
        body: SelfRegistrationInput,
        response: envelopeResponses(SelfRegistration),
      },
    },
    async (request, reply) => {
      const { orgId, link, facts } = await linkOf(request.params.accessKey);
      unwrap(decideSelfRegistration(facts, now()));
      const outcome = await registerSelf(store, { orgId, testId: link.testId, testLinkId: link.testLinkId, ...request.body }, now());
      if (outcome.created) return succeed({ testUrl: takeTestUrl(config.publicUrl, outcome.invitation.token), sentByEmail: false, message: null });
      if (outcome.invitation) {
        await linkEmails.spend(request, reply, link.testLinkId);
        await store.jobs.enqueueLinkEmail(outcome.invitation, now());
      }
      return succeed({ testUrl: null, sentByEmail: true, message: ALREADY_REGISTERED_MESSAGE });
    },
  );
};
