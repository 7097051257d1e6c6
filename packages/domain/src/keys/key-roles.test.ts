import { describe, expect, it } from 'vitest';
import { FULL_KEY_ROLE, KeyRole, actorName, capabilities, capabilitiesOf, keyMayDo, keyRoles } from '../core.js';
import { IssueKeyInput, PersonInput, PersonUpdate } from '../schemas.js';

const reads = ['read-tests', 'read-reports', 'read-deliveries', 'read-events', 'read-candidate-page', 'read-integrations'] as const;

describe('keyMayDo', () => {
  it('lets a full key do everything', () => {
    expect(FULL_KEY_ROLE).toBe('admin');
    for (const capability of capabilities) expect(keyMayDo('admin', capability)).toBe(true);
  });

  it("lets a reviewer key read, grade (by id and by review reference) and nothing else (not Greenhouse's error reports: decision 636)", () => {
    const allowed = capabilities.filter((capability) => keyMayDo('reviewer', capability));
    expect(allowed).toEqual([...reads, 'read-review-queue', 'read-own-key', 'grade', 'grade-by-reference', 'annotate-candidates']);
  });

  it("lets a recruiter key do a hiring team's moves but not the org's settings, webhooks or Greenhouse's reports (decision 770)", () => {
    const allowed = capabilitiesOf('recruiter');
    expect(allowed).toEqual([
      ...reads,
      'read-review-queue',
      'read-own-key',
      'grade',
      'grade-by-reference',
      'annotate-candidates',
      'preview-tests',
      'change-test-links',
      'register-candidates',
      'change-invitations',
      'revoke-report-links',
      'share-reports',
      'decide-candidates',
    ]);
    for (const kept of [
      'read-webhook-secrets',
      'import-tests',
      'change-webhooks',
      'change-candidate-page',
      'change-integrations',
      'report-partner-errors',
    ] as const) {
      expect(keyMayDo('recruiter', kept)).toBe(false);
    }
  });

  it("lets every key, a blind reviewer's too, read who it is", () => {
    for (const role of keyRoles) expect(keyMayDo(role, 'read-own-key')).toBe(true);
    expect(capabilitiesOf('blind-reviewer')).toEqual(['read-tests', 'read-review-queue', 'read-own-key', 'grade-by-reference']);
  });

  it('keeps sending tests and changing integrations from a reviewer key', () => {
    expect(keyMayDo('reviewer', 'register-candidates')).toBe(false);
    expect(keyMayDo('reviewer', 'change-integrations')).toBe(false);
  });

  it('lets a reviewer key note, tag and rate a candidate but not decide on one; a blind reviewer neither (decision 760)', () => {
    expect(keyMayDo('reviewer', 'annotate-candidates')).toBe(true);
    expect(keyMayDo('reviewer', 'decide-candidates')).toBe(false);
    expect(keyMayDo('blind-reviewer', 'annotate-candidates')).toBe(false);
    expect(keyMayDo('admin', 'decide-candidates')).toBe(true);
  });

  it('keeps the webhook signing secrets from a reviewer key', () => {
    expect(keyMayDo('reviewer', 'read-webhook-secrets')).toBe(false);
  });

  it('answers for every role and capability', () => {
    for (const role of keyRoles) for (const capability of capabilities) expect(typeof keyMayDo(role, capability)).toBe('boolean');
  });
});

describe('IssueKeyInput', () => {
  it('takes an empty body, a role and a label', () => {
    expect(IssueKeyInput.parse({})).toEqual({});
    expect(IssueKeyInput.parse({ role: 'reviewer', label: '  Panel A ' })).toEqual({ role: 'reviewer', label: 'Panel A' });
  });

  it('refuses an unknown role and a blank or controlled label', () => {
    expect(KeyRole.safeParse('owner').success).toBe(false);
    expect(IssueKeyInput.safeParse({ role: 'owner' }).success).toBe(false);
    expect(IssueKeyInput.safeParse({ label: '   ' }).success).toBe(false);
    expect(IssueKeyInput.safeParse({ label: 'a\u001bb' }).success).toBe(false);
    expect(IssueKeyInput.safeParse({ label: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('people (issue 50)', () => {
  it('names an actor by their person, else the key label, else the prefix (decision 773)', () => {
    expect(actorName({ personName: 'Dana Reviewer', label: 'assay_74p5sY', prefix: 'assay_74p5sY' })).toBe('Dana Reviewer');
    expect(actorName({ personName: null, label: 'Panel A', prefix: 'assay_74p5sY' })).toBe('Panel A');
    expect(actorName({ personName: null, label: null, prefix: 'assay_74p5sY' })).toBe('assay_74p5sY');
  });

  it('takes a person with a name, and refuses a blank name, a bad email or an empty change', () => {
    expect(PersonInput.parse({ name: ' Dana ', email: 'dana@example.com', role: 'recruiter' })).toEqual({
      name: 'Dana',
      email: 'dana@example.com',
      role: 'recruiter',
    });
    expect(PersonInput.safeParse({ name: '  ' }).success).toBe(false);
    expect(PersonInput.safeParse({ name: 'Dana', email: 'nope' }).success).toBe(false);
    expect(PersonUpdate.safeParse({}).success).toBe(false);
    expect(PersonUpdate.parse({ email: null })).toEqual({ email: null });
  });

  it('issues a key for a person by id', () => {
    expect(IssueKeyInput.parse({ personId: 4, role: 'reviewer' })).toEqual({ personId: 4, role: 'reviewer' });
    expect(IssueKeyInput.safeParse({ personId: 0 }).success).toBe(false);
  });
});
