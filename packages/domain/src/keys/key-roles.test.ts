import { describe, expect, it } from 'vitest';
import { FULL_KEY_ROLE, KeyRole, capabilities, keyMayDo, keyRoles } from '../core.js';
import { IssueKeyInput } from '../schemas.js';

const reads = ['read-tests', 'read-reports', 'read-deliveries', 'read-events', 'read-candidate-page', 'read-integrations'] as const;

describe('keyMayDo', () => {
  it('lets a full key do everything', () => {
    expect(FULL_KEY_ROLE).toBe('admin');
    for (const capability of capabilities) expect(keyMayDo('admin', capability)).toBe(true);
  });

  it("lets a reviewer key read, grade (by id and by review reference) and nothing else (not Greenhouse's error reports: decision 636)", () => {
    const allowed = capabilities.filter((capability) => keyMayDo('reviewer', capability));
    expect(allowed).toEqual([...reads, 'read-review-queue', 'grade', 'grade-by-reference', 'annotate-candidates']);
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
