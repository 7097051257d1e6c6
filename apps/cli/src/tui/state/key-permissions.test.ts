import { describe, expect, it } from 'vitest';
import { keyMayDo, type KeyRole } from '@assay/domain/core';
import { HINTS } from '../hints.js';
import { deniedKeys, permittedHints } from './key-permissions.js';

/** The keys a role's footer and help offer on a test's details, as the TUI shows them after `GET /v2/org/me`. */
const offered = (role: KeyRole) =>
  permittedHints(
    HINTS.testDetails,
    deniedKeys('testDetails', (capability) => keyMayDo(role, capability)),
  ).map((hint) => hint.keys);

describe('the keys a test offers each role (issue 61 item 7)', () => {
  it('offers a blind reviewer neither the invitations nor the Excel export, both of which name candidates (403.17)', () => {
    const blind = offered('blind-reviewer');
    expect(blind).not.toContain('i');
    expect(blind).not.toContain('x');
    expect(blind).not.toContain('n');
    expect(blind).toContain('g');
  });

  it('offers a reviewer the invitations and the export, not inviting or the AI check', () => {
    const reviewer = offered('reviewer');
    expect(reviewer).toEqual(expect.arrayContaining(['i', 'x', 'g']));
    expect(reviewer).not.toContain('n');
    expect(reviewer).not.toContain('b');
    expect(reviewer).not.toContain('a');
    expect(offered('recruiter')).toEqual(expect.arrayContaining(['i', 'x', 'n', 'b', 'a']));
  });
});
