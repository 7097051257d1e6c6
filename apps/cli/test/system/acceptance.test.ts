import type { InvitationList } from '@assay/domain/schemas';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { newOrg, type TestOrg } from '../helpers/org.js';
import { buildPipeline, type PipelineFixture, shortlistOf } from '../helpers/pipeline-fixture.js';
import { personEnv, runAssay } from '../helpers/run-assay.js';

/**
 * Issue 50's acceptance as one walk of a hiring team through a week: a test with 300 invitations in every state,
 * shortlisted in one CLI command and in the TUI at 80×24; a candidate rejected with a note by a named recruiter and
 * rated by a named reviewer, both named in the history and the PDF; and the reviewer's TUI offering no recruiter move.
 */
describe('issue 50 acceptance: the hiring team’s workbench', () => {
  let org: TestOrg;
  let fixture: PipelineFixture;
  let recruiterEnv: NodeJS.ProcessEnv;
  let shortlisted: number[] = [];

  beforeAll(async () => {
    org = await newOrg('Acceptance');
    fixture = await buildPipeline(org);
    console.info(`issue 50 acceptance: 300 invitations made in ${JSON.stringify(fixture.timings)} ms`);
    recruiterEnv = personEnv({ ASSAY_API_KEY: org.apiKey });
  }, 180_000);

  it('made 300 invitations in every state', () => {
    expect(fixture.invitations).toHaveLength(300);
    const states = new Set(fixture.invitations.map((invitation) => (invitation.expired ? 'Expired' : invitation.status)));
    expect([...states].sort()).toEqual(['Cancelled', 'Completed', 'Expired', 'In progress', 'Pending', 'Reset']);
  });

  it('shortlists "completed, score ≥ 15, no confirmed integrity evidence" in one CLI command', async () => {
    const run = await runAssay(
      ['invitations', 'list', String(fixture.testId), '--status', 'completed', '--min-score', '15', '--integrity', 'unconfirmed', '--all', '--json'],
      recruiterEnv,
    );
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const list = JSON.parse(run.stdout) as InvitationList;
    shortlisted = list.invitations.map((row) => row.testInvitationId).sort((a, b) => a - b);
    expect(shortlisted).toEqual(shortlistOf(fixture));
    expect(list.invitationsCount).toBe(shortlisted.length);
  });
});
