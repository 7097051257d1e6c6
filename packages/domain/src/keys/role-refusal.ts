import { type Capability, type KeyRole, rolesThatMayDo } from './key-roles.js';

/** What each capability does, as "A … key may not ___" ends: the refusal's words, one per capability. */
const capabilityWords: Record<Capability, string> = {
  'read-tests': "read the organization's tests",
  'read-reports': "read candidates' reports and answers",
  'read-deliveries': 'read webhook deliveries',
  'read-events': 'read the event feed',
  'read-candidate-page': "read the organization's candidate page and settings",
  'read-webhook-secrets': 'read the webhook signing secrets',
  'read-integrations': "read the organization's integrations",
  'read-review-queue': 'read the review queue',
  'read-own-key': 'read who it is',
  'export-personal-data': "export a candidate's personal data",
  grade: 'grade answers or review evidence',
  'grade-by-reference': "grade the review queue's answers",
  'annotate-candidates': 'note, tag or rate candidates',
  'report-partner-errors': "report a partner's errors",
  'import-tests': 'import or change tests',
  'preview-tests': 'make preview links of tests',
  'change-test-links': "change test links, their reminders or a test's settings",
  'register-candidates': 'invite candidates',
  'change-invitations': 'cancel, reattempt, reset, resend or extend invitations',
  'revoke-report-links': "revoke a report's links",
  'share-reports': 'share, list or revoke report links for people without a key',
  'change-webhooks': "change the organization's webhooks",
  'change-candidate-page': "change the organization's candidate page or settings",
  'change-integrations': "change the organization's integrations",
  'decide-candidates': 'decide on candidates',
  'manage-people': "manage the organization's people and keys",
  'erase-candidates': "erase a candidate's personal data",
};

const article = (word: string): string => (/^[aeiou]/.test(word) ? 'an' : 'a');

/** `admin`, `admin or recruiter`, `admin, recruiter or hiring-manager` (British English: no comma before "or"). */
const listed = new Intl.ListFormat('en-GB', { type: 'disjunction' });

/**
 * Why a key of `role` may not do `capability`, naming the roles that may (issue 61, decision 1382): generated from the
 * roles' table, so a new role or capability changes every refusal with it. "A reviewer key may not decide on
 * candidates: that needs an admin, recruiter or hiring-manager key."
 */
export const roleRefusalSentence = (role: KeyRole, capability: Capability): string => {
  const may = rolesThatMayDo(capability);
  const Article = article(role).replace('a', 'A');
  return `${Article} ${role} key may not ${capabilityWords[capability]}: that needs ${article(may[0] ?? '')} ${listed.format(may)} key.`;
};
