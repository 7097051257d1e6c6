import type { ClientOptions } from './core/options.js';
import { Transport } from './core/transport.js';
import { Admin } from './resources/admin.js';
import { CandidateAttempt, PublicTestLink } from './resources/candidate.js';
import { CandidatePage } from './resources/candidate-page.js';
import { InvitationSettingsResource } from './resources/invitation-settings.js';
import { DecisionEmailsResource } from './resources/decision-emails.js';
import { RetentionSettingsResource } from './resources/retention-settings.js';
import { Decisions } from './resources/decisions.js';
import { Library } from './resources/library.js';
import { Shares } from './resources/shares.js';
import { Deliveries } from './resources/deliveries.js';
import { Events } from './resources/events.js';
import { Grading } from './resources/grading.js';
import { Integrations } from './resources/integrations.js';
import { Reminders } from './resources/reminders.js';
import { TestSettingsResource } from './resources/test-settings.js';
import { Invitations } from './resources/invitations.js';
import { Me } from './resources/me.js';
import { People } from './resources/people.js';
import { PersonalDataResource } from './resources/personal-data.js';
import { Candidates } from './resources/candidates.js';
import { Health, TimeZones } from './resources/reference.js';
import { Reports } from './resources/reports.js';
import { TestLinks } from './resources/test-links.js';
import { Tests } from './resources/tests.js';
import { Webhooks } from './resources/webhooks.js';
import { createV3, type AssayV3 } from './v3/index.js';

/** The whole API, one property per resource. Cheap to create; holds no connections of its own. */
export interface AssayClient {
  readonly tests: Tests;
  readonly testLinks: TestLinks;
  readonly invitations: Invitations;
  readonly reports: Reports;
  /** The review queue of written answers and their grades (issue 32). */
  readonly grading: Grading;
  readonly webhooks: Webhooks;
  /** What candidate pages say about the organization: its display name and contact. */
  readonly candidatePage: CandidatePage;
  /** The org's default for emailing invited candidates (decision 815). */
  readonly invitationSettings: InvitationSettingsResource;
  /** The org's decision emails: templates, Reply-To, scheduling link (issue 61 item 1). */
  readonly decisionEmails: DecisionEmailsResource;
  /** The org's retention periods: when ended and unstarted invitations are erased, media deleted (issue 51). */
  readonly retentionSettings: RetentionSettingsResource;
  readonly deliveries: Deliveries;
  readonly events: Events;
  /** Connections to applicant tracking systems: Greenhouse's PATCH credentials and partner URLs. */
  readonly integrations: Integrations;
  /** Reminder hours of tests and links, and invitations' own expiry (issue 33 item 3). */
  readonly reminders: Reminders;
  /** A test's settings, v3's object (issue 52). */
  readonly testSettings: TestSettingsResource;
  /** A decision, tags, notes and ratings on an invitation (issue 50 item 2). */
  readonly decisions: Decisions;
  /** Report links a manager without a key opens (issue 61 item 4). */
  readonly shares: Shares;
  readonly library: Library;
  readonly timeZones: TimeZones;
  readonly health: Health;
  readonly admin: Admin;
  /** Who the API key is: its person, role and capabilities (issue 50). */
  readonly me: Me;
  /** The organization's own people and keys, for an admin key (decision 836). */
  readonly people: People;
  /** Everything the organization holds about one email address, for an admin key (issue 51, access). */
  readonly personalData: PersonalDataResource;
  /** Candidates' personal data: erasure, for an admin key (issue 51). */
  readonly candidates: Candidates;
  /** iMocha v3's paths (`/v3/…`) on the same tests, links and invitations. */
  readonly v3: AssayV3;
  /** The candidate API of the invitation whose take-test URL ends in `token` (see candidateTokenOf). */
  candidate(token: string): CandidateAttempt;
  /** A public test link by its `testLinkAccessKey`. */
  publicLink(accessKey: string): PublicTestLink;
}

export const createClient = (options: ClientOptions): AssayClient => {
  const transport = new Transport(options);
  return {
    tests: new Tests(transport),
    testLinks: new TestLinks(transport),
    invitations: new Invitations(transport),
    reports: new Reports(transport),
    grading: new Grading(transport),
    webhooks: new Webhooks(transport),
    candidatePage: new CandidatePage(transport),
    invitationSettings: new InvitationSettingsResource(transport),
    decisionEmails: new DecisionEmailsResource(transport),
    retentionSettings: new RetentionSettingsResource(transport),
    deliveries: new Deliveries(transport),
    events: new Events(transport),
    integrations: new Integrations(transport),
    reminders: new Reminders(transport),
    testSettings: new TestSettingsResource(transport),
    decisions: new Decisions(transport),
    shares: new Shares(transport),
    library: new Library(transport),
    timeZones: new TimeZones(transport),
    health: new Health(transport),
    admin: new Admin(transport),
    me: new Me(transport),
    people: new People(transport),
    personalData: new PersonalDataResource(transport),
    candidates: new Candidates(transport),
    v3: createV3(transport),
    candidate: (token) => new CandidateAttempt(transport, token),
    publicLink: (accessKey) => new PublicTestLink(transport, accessKey),
  };
};
