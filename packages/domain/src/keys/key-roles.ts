import { z } from 'zod';

/**
 * What an org API key may do. `admin` is the full key: every key issued before roles existed, and every key
 * issued without a role, is one. A `reviewer` key reads tests and reports and grades answers; it changes nothing
 * else (issue 32, least privilege). A `blind-reviewer` key grades the blind review queue and reads nothing that
 * names a candidate: blindness is the key's, not the request's (decision 655). A `recruiter` key does what a hiring
 * team's recruiter does (invites, cancels, reattempts, links, grades) but not the org's settings (decision 770). A
 * `hiring-manager` key reads, grades, annotates and decides, and changes no invitation, test or link (decision 1380).
 */
export const keyRoles = ['admin', 'recruiter', 'reviewer', 'blind-reviewer', 'hiring-manager'] as const;
export const KeyRole = z.enum(keyRoles, {
  error: 'role must be "admin", "recruiter", "reviewer", "blind-reviewer" or "hiring-manager"',
});
export type KeyRole = z.infer<typeof KeyRole>;

/** The role of a key issued without one, and of every key issued before roles existed. */
export const FULL_KEY_ROLE: KeyRole = 'admin';

/**
 * Everything an org route does, named once: every `/v2/org` route declares one (the server refuses to start with
 * a route that does not). Reads first, then what grades, then what changes something.
 */
export const capabilities = [
  'read-tests',
  'read-reports',
  'read-deliveries',
  'read-events',
  'read-candidate-page',
  'read-webhook-secrets',
  'read-integrations',
  'read-review-queue',
  'read-own-key',
  'export-personal-data',
  'grade',
  'grade-by-reference',
  'annotate-candidates',
  'report-partner-errors',
  'import-tests',
  'preview-tests',
  'change-test-links',
  'register-candidates',
  'change-invitations',
  'revoke-report-links',
  'share-reports',
  'change-webhooks',
  'change-candidate-page',
  'change-integrations',
  'decide-candidates',
  'manage-people',
  'erase-candidates',
] as const;
export type Capability = (typeof capabilities)[number];

/** Every key that may see who a candidate is. */
const everyKey: readonly KeyRole[] = ['admin', 'recruiter', 'reviewer', 'hiring-manager'];
/** Those and the blind reviewer's: only where nothing names a candidate (decision 655). */
const blindToo: readonly KeyRole[] = [...everyKey, 'blind-reviewer'];
const adminOnly: readonly KeyRole[] = ['admin'];
/** The hiring team's moves on candidates, invitations and links (decision 770); not the org's settings. */
const recruiters: readonly KeyRole[] = ['admin', 'recruiter'];
/** Who chooses what happens to a candidate: the hiring team's recruiter and its hiring manager (decision 1380). */
const deciders: readonly KeyRole[] = [...recruiters, 'hiring-manager'];

/**
 * Who may do what: a Record over the whole union, so a new capability does not compile until it says who may.
 * `read-webhook-secrets` is admin only: the signing secrets let their holder forge callbacks. `grade` is open to
 * reviewers for the grading routes that come with the review queue. Greenhouse's partner API uses the org's key too:
 * sending a test is `register-candidates` and reporting its errors `report-partner-errors` (admin only); its reads are
 * open to every key.
 */
const rolesThatMay: Record<Capability, readonly KeyRole[]> = {
  'read-tests': blindToo,
  'read-reports': everyKey,
  'read-deliveries': everyKey,
  'read-events': everyKey,
  'read-candidate-page': everyKey,
  'read-webhook-secrets': adminOnly,
  // What an org's ATS connection is (Greenhouse: whether it is configured and its user name, never the password).
  'read-integrations': everyKey,
  // The review queue answers a blind-reviewer key blind, whatever it asks; it grades by the queue's references.
  'read-review-queue': blindToo,
  // Who the key is, its person and what it may do (`GET /v2/org/me`): every key, so fronts offer only what it may.
  'read-own-key': blindToo,
  // Everything held about one person, snapshots included (issue 51, decision 876): the org's controller, its admin.
  'export-personal-data': adminOnly,
  grade: everyKey,
  'grade-by-reference': blindToo,
  // Greenhouse's report of an answer it could not use, written into an invitation's history: only the key Greenhouse
  // uses, which must be an admin key to send tests at all (decision 636); a reviewer key has no reason to call it.
  'report-partner-errors': adminOnly,
  'import-tests': adminOnly,
  // A preview link shows a test's page and records nothing (issue 62 item 3, decision 1495): whoever prepares tests
  // with candidates in mind, as the recruiter does before inviting; it changes no test.
  'preview-tests': recruiters,
  'change-test-links': recruiters,
  'register-candidates': recruiters,
  'change-invitations': recruiters,
  // Revoking a report's links cuts every link the recruiter handed out, not only the manager's own (decision 1381).
  'revoke-report-links': recruiters,
  // A share is the hiring team's way to show a report to a manager without a key (decision 1438).
  'share-reports': deciders,
  'change-webhooks': adminOnly,
  'change-candidate-page': adminOnly,
  'change-integrations': adminOnly,
  // Issue 50 item 2 (decision 760): notes, tags and a rating are a reviewer's opinion, signed by its key; a decision
  // (shortlist, advance, reject, hold) is the hiring team's choice, and a reviewer key that grades must not also decide.
  // A blind reviewer sees no candidate, so has nothing to annotate. A hiring manager decides (decision 1380).
  'annotate-candidates': everyKey,
  'decide-candidates': deciders,
  // An org's admin key is its own administrator: it adds people, issues and revokes their keys (decision 836). Only
  // admin: a recruiter who could issue keys could issue an admin key and so give itself the org's settings.
  'manage-people': adminOnly,
  // Erasing a candidate's personal data cannot be undone: the org's administrator only (issue 51, decision 845).
  'erase-candidates': adminOnly,
};

/** The roles whose keys may do `capability`, in the order `keyRoles` names them (what a refusal names, decision 1382). */
export const rolesThatMayDo = (capability: Capability): KeyRole[] => keyRoles.filter((role) => rolesThatMay[capability].includes(role));

/** The one rule of key roles: may a key of `role` do `capability`? */
export const keyMayDo = (role: KeyRole, capability: Capability): boolean => rolesThatMay[capability].includes(role);

/** Everything a key of `role` may do, in the order `capabilities` names them (what `GET /v2/org/me` answers). */
export const capabilitiesOf = (role: KeyRole): Capability[] => capabilities.filter((capability) => keyMayDo(role, capability));
