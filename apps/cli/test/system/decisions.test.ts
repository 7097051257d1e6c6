import { createClient } from '@assay/client';
import type { CandidateEvaluation } from '@assay/domain';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { importExample, newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/** Issue 50 item 2: `assay decide`, `tag`, `note`, `rate` against a real server, as a recruiter and as a reviewer. */
describe('assay decide, tag, note and rate', () => {
  let org: TestOrg;
  let admin: NodeJS.ProcessEnv;
  let reviewer: NodeJS.ProcessEnv;
  let id = '';

  beforeAll(async () => {
    org = await newOrg('Decisions');
    admin = personEnv({ ASSAY_API_KEY: org.apiKey });
    const operator = createClient({ baseUrl: serverUrl(), adminToken: inject('adminToken') });
    const key = await operator.admin.keys.create(org.orgId, { role: 'reviewer', label: 'Panel A' });
    reviewer = personEnv({ ASSAY_API_KEY: key.apiKey });
    const test = await importExample(org.client, 'sql-and-data-modelling');
    id = String((await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' })).testInvitationId);
  });

  it('decides with a reason, prints what stands, and gives it as JSON', async () => {
    const decided = await runAssay(['decide', id, 'reject', '--reason', 'Weak SQL'], admin);
    expect({ code: decided.code, stderr: decided.stderr }).toEqual({ code: 0, stderr: '' });
    expect(decided.stdout).toMatch(/^Decision: rejected by .* \("Weak SQL"\)$/m);
    const json = await runAssay(['decide', id, 'shortlist', '--json'], admin);
    expect((JSON.parse(json.stdout) as CandidateEvaluation).decision).toMatchObject({ decision: 'shortlisted', reason: null });
    const cleared = await runAssay(['decide', id, 'none', '--json'], admin);
    expect((JSON.parse(cleared.stdout) as CandidateEvaluation).decision).toBeNull();
  });

  it('lets a reviewer key tag, note and rate, and refuses it a decision with exit 1', async () => {
    expect((await runAssay(['tag', 'add', id, 'Strong Python'], reviewer)).stdout).toBe('Tags: strong-python\n');
    const noted = await runAssay(['note', 'add', id, 'Clear reasoning.', '--json'], reviewer);
    const [note] = (JSON.parse(noted.stdout) as CandidateEvaluation).notes;
    expect(note).toMatchObject({ text: 'Clear reasoning.', author: { label: 'Panel A' } });
    expect((await runAssay(['rate', id, '4'], reviewer)).stdout).toMatch(/^Ratings: 4 by Panel A \(mean 4\)$/m);
    const refused = await runAssay(['decide', id, 'advance'], reviewer);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/reviewer key/);
    // Another key's note: refused (403.18), exit 1; its author edits it.
    const foreign = await runAssay(['note', 'edit', id, String(note!.noteId), 'Mine now'], admin);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toMatch(/only its author/);
    expect((await runAssay(['note', 'edit', id, String(note!.noteId), 'Clear, careful reasoning.'], reviewer)).stdout).toMatch(
      /\(edited\): Clear, careful reasoning\.$/m,
    );
    expect((await runAssay(['note', 'list', id], admin)).stdout).toMatch(/^Note \d+ by Panel A \(edited\): Clear, careful reasoning\.$/m);
    expect((await runAssay(['note', 'delete', id, String(note!.noteId)], reviewer)).code).toBe(0);
    expect((JSON.parse((await runAssay(['rate', id, 'none', '--json'], reviewer)).stdout) as CandidateEvaluation).ratings).toEqual([]);
    expect((await runAssay(['tag', 'remove', id, 'strong-python'], reviewer)).stdout).toBe('Tags: none\n');
  });

  it('exits 2 on a word it does not know, before any request', async () => {
    for (const args of [
      ['decide', id, 'hire'],
      ['rate', id, '6'],
      ['rate', id, '2.5'],
      ['note', 'edit', id, 'x', 'text'],
    ]) {
      const run = await runAssay(args, admin);
      expect(run.code, args.join(' ')).toBe(2);
    }
    expect((await runAssay(['tag', 'add', id, 'C++'], admin)).code).toBe(1);
  });
});
