import { describe, expect, it } from 'vitest';
import { capabilities, capabilitiesOf, KeyRole, keyMayDo, keyRoles, roleRefusalSentence, rolesThatMayDo } from '../core.js';
import { IssueKeyInput, PersonInput } from '../schemas.js';

describe('the hiring-manager role (issue 61 item 6, decision 1380)', () => {
  it('reads, grades both ways, annotates and decides: exactly that', () => {
    expect(capabilitiesOf('hiring-manager')).toEqual([
      'read-tests',
      'read-reports',
      'read-deliveries',
      'read-events',
      'read-candidate-page',
      'read-integrations',
      'read-review-queue',
      'read-own-key',
      'grade',
      'grade-by-reference',
      'annotate-candidates',
      'share-reports',
      'decide-candidates',
    ]);
  });

  it('never invites, changes invitations, tests, links, settings, webhooks, integrations or people, nor exports or erases', () => {
    for (const refused of [
      'register-candidates',
      'change-invitations',
      'import-tests',
      'preview-tests',
      'change-test-links',
      'change-candidate-page',
      'change-webhooks',
      'change-integrations',
      'manage-people',
      'export-personal-data',
      'erase-candidates',
      'read-webhook-secrets',
      'report-partner-errors',
      // Decision 1381: revoking a report's links cuts the recruiter's links too.
      'revoke-report-links',
    ] as const) {
      expect(keyMayDo('hiring-manager', refused), refused).toBe(false);
    }
  });

  it('is a role keys and people may be issued with', () => {
    expect(keyRoles).toContain('hiring-manager');
    expect(KeyRole.parse('hiring-manager')).toBe('hiring-manager');
    expect(IssueKeyInput.parse({ role: 'hiring-manager' })).toEqual({ role: 'hiring-manager' });
    expect(PersonInput.parse({ name: 'Maya', role: 'hiring-manager' })).toEqual({ name: 'Maya', role: 'hiring-manager' });
    const refused = KeyRole.safeParse('manager');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/"hiring-manager"/);
  });

  it('leaves the reviewer and blind reviewer undeciding, as before', () => {
    expect(rolesThatMayDo('decide-candidates')).toEqual(['admin', 'recruiter', 'hiring-manager']);
    expect(keyMayDo('reviewer', 'decide-candidates')).toBe(false);
    expect(keyMayDo('blind-reviewer', 'decide-candidates')).toBe(false);
  });
});

describe('rolesThatMayDo', () => {
  it('answers, for every capability, exactly the roles keyMayDo lets, in the order keyRoles names them', () => {
    for (const capability of capabilities) {
      expect(rolesThatMayDo(capability)).toEqual(keyRoles.filter((role) => keyMayDo(role, capability)));
    }
  });
});

describe('roleRefusalSentence (decision 1382)', () => {
  it('names the roles that may, not "use a full (admin) key"', () => {
    expect(roleRefusalSentence('reviewer', 'decide-candidates')).toBe(
      'A reviewer key may not decide on candidates: that needs an admin, recruiter or hiring-manager key.',
    );
    expect(roleRefusalSentence('hiring-manager', 'register-candidates')).toBe(
      'A hiring-manager key may not invite candidates: that needs an admin or recruiter key.',
    );
    expect(roleRefusalSentence('recruiter', 'import-tests')).toBe('A recruiter key may not import or change tests: that needs an admin key.');
    expect(roleRefusalSentence('blind-reviewer', 'read-reports')).toBe(
      "A blind-reviewer key may not read candidates' reports and answers: that needs an admin, recruiter, reviewer or hiring-manager key.",
    );
  });

  it('names, for every refusal of every role, each role that may and no other', () => {
    for (const role of keyRoles) {
      for (const capability of capabilities.filter((each) => !keyMayDo(role, each))) {
        const needs = roleRefusalSentence(role, capability).split(': that needs ')[1] ?? '';
        for (const other of keyRoles) {
          expect(new RegExp(`(^|[ ,])(an? )?${other}( key|,| or)`).test(needs), `${role} ${capability} ${other}`).toBe(keyMayDo(other, capability));
        }
      }
    }
  });
});
