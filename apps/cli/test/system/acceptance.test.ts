import { candidateTokenOf, createClient } from '@assay/client';
import type { InvitationHistory } from '@assay/domain';
import type { ApiKeyList, InvitationList, InvitationListRow, IssuedKey, Person } from '@assay/domain/schemas';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openAssayTui } from '../helpers/assay-tui.js';
import { newOrg, serverUrl, type TestOrg } from '../helpers/org.js';
import { buildPipeline, type PipelineFixture, shortlistOf } from '../helpers/pipeline-fixture.js';
import { type AssayRun, personEnv, runAssay } from '../helpers/run-assay.js';
import type { TmuxTerminal } from '../helpers/tmux.js';

const SMALL_TERMINAL = { columns: 80, rows: 24 };

const succeeded = (run: AssayRun): string => {
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
  return run.stdout;
};

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
  let candidate: InvitationListRow;
  let terminal: TmuxTerminal | undefined;
  const people: Record<'rita' | 'ravi', { person: Person; key: IssuedKey }> = {} as never;
  /** How a key is named where nobody named its holder: its id or its prefix. Neither may name Rita or Ravi. */
  let keyNames: string[] = [];

  /** The TUI at 80×24 with `apiKey`, on the test's invitations. */
  const openInvitations = async (apiKey: string): Promise<TmuxTerminal> => {
    terminal = openAssayTui(apiKey, mkdtempSync(join(tmpdir(), 'assay-acceptance-')), SMALL_TERMINAL);
    await terminal.waitFor('Acceptance pipeline', 30_000);
    await terminal.keys('Enter');
    await terminal.waitFor('i invitations');
    await terminal.keys('i');
    await terminal.waitFor(/Not started \d+ · expired 10 · started \d+ · finished 172/, 30_000);
    return terminal;
  };
  afterEach(() => {
    terminal?.close();
    terminal = undefined;
  });

  beforeAll(async () => {
    org = await newOrg('Acceptance');
    fixture = await buildPipeline(org);
    console.info(`issue 50 acceptance: 300 invitations made in ${JSON.stringify(fixture.timings)} ms`);
    recruiterEnv = personEnv({ ASSAY_API_KEY: org.apiKey });
  }, 180_000);

  it('made 300 invitations in every state, as the pipeline counts them', async () => {
    expect(fixture.invitations).toHaveLength(300);
    const states = new Set(fixture.invitations.map((invitation) => (invitation.expired ? 'Expired' : invitation.status)));
    expect([...states].sort()).toEqual(['Cancelled', 'Completed', 'Expired', 'In progress', 'Pending', 'Reset']);
    const summary = await org.client.invitations.summary(fixture.testId);
    expect({ invitations: summary.invitationsCount, stages: summary.stages }).toEqual({
      invitations: 300,
      stages: { Pending: 65, 'In progress': 30, Completed: 172, Reset: 3, Cancelled: 20, Expired: 10 },
    });
    const expired = fixture.invitations.find((invitation) => invitation.expired)!;
    await expect(createClient({ baseUrl: serverUrl() }).candidate(candidateTokenOf(expired.takeTestURL)).start()).rejects.toMatchObject({
      statuscode: '403.7',
    });
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
    candidate = list.invitations[0]!;
  });

  it('shows the same shortlist in the TUI at 80×24 with the F filter', async () => {
    const tui = await openInvitations(org.apiKey);
    await tui.keys('F');
    await tui.waitFor('Filter (e.g. completed score>=15 clean');
    await tui.type('completed score>=15 clean');
    await tui.keys('Enter');
    await tui.waitFor('Filter: completed score>=15 clean');
    const screen = await tui.waitFor(/ of \d+ \(300 in all\)/, 30_000);
    expect(screen.match(/ of (\d+) \(300 in all\)/)?.[1]).toBe(String(shortlisted.length));
    for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('lets an admin name a recruiter and a reviewer, and the recruiter reject a candidate with a reason and a note', async () => {
    const admin = personEnv({ ASSAY_ADMIN_TOKEN: inject('adminToken') });
    const orgId = String(org.orgId);
    for (const [who, name, role] of [
      ['rita', 'Rita Recruiter', 'recruiter'],
      ['ravi', 'Ravi Reviewer', 'reviewer'],
    ] as const) {
      const person = JSON.parse(
        succeeded(await runAssay(['admin', 'people', 'add', orgId, '--name', name, '--email', `${who}@example.com`, '--role', role, '--json'], admin)),
      ) as Person;
      const key = JSON.parse(succeeded(await runAssay(['admin', 'keys', 'add', orgId, '--person', String(person.personId), '--json'], admin))) as IssuedKey;
      expect(key).toMatchObject({ role, personId: person.personId });
      people[who] = { person, key };
    }
    const keys = JSON.parse(succeeded(await runAssay(['admin', 'keys', 'list', orgId, '--json'], admin))) as ApiKeyList;
    keyNames = keys.keys
      .filter((listed) => listed.keyId === people.rita.key.keyId || listed.keyId === people.ravi.key.keyId)
      .flatMap((listed) => [`key ${listed.keyId}`, listed.prefix]);
    expect(keyNames).toHaveLength(4);
    const rita = personEnv({ ASSAY_API_KEY: people.rita.key.apiKey });
    const id = String(candidate.testInvitationId);
    expect(succeeded(await runAssay(['decide', id, 'reject', '--reason', 'Weak on joins'], rita))).toMatch(
      /^Decision: rejected by Rita Recruiter \("Weak on joins"\)$/m,
    );
    expect(succeeded(await runAssay(['note', 'add', id, 'Talked through the schema; unsure under time.'], rita))).toMatch(
      /^Note \d+ by Rita Recruiter: Talked through the schema; unsure under time\.$/m,
    );
  });

  it('offers the reviewer no recruiter move in the TUI, and lets him rate', async () => {
    const tui = await openInvitations(people.ravi.key.apiKey);
    const footer = (screen: string) => screen.trimEnd().split('\n').at(-1) ?? '';
    const list = await tui.waitFor(/ of 300 /);
    expect(footer(list)).toMatch(/Enter report.*F filter/);
    for (const move of ['d decide', 'x cancel', 'a reattempt']) expect(footer(list)).not.toContain(move);
    await tui.keys('?');
    const help = await tui.waitFor('close help');
    for (const offered of [/n\s+write a note/, /t\s+add a tag/, /\*\s+rate 1–5/]) expect(help).toMatch(offered);
    for (const denied of [/\bd\s+shortlist/, /\bx\s+cancel/, /\ba\s+a new attempt/]) expect(help).not.toMatch(denied);
    await tui.keys('Escape');
    await tui.keys('/');
    await tui.type(candidate.fullName);
    await tui.keys('Enter');
    await tui.waitFor(/1–1 of 1 \(300 in all\)/);
    // The recruiter's keys do nothing: no decision prompt, no confirmation of a cancel or a reattempt.
    await tui.keys('d', 'x', 'a');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const still = tui.screen();
    expect(still).not.toMatch(/Decide on|Cancel invitation|reattempt/i);
    await tui.keys('*');
    await tui.waitFor(`Rate ${candidate.fullName} (${candidate.testInvitationId})`);
    await tui.keys('4');
    await tui.waitFor('✓');
  });

  it('names both people, never a key, in the history and the PDF', async () => {
    const rita = personEnv({ ASSAY_API_KEY: people.rita.key.apiKey });
    const id = String(candidate.testInvitationId);
    const history = JSON.parse(succeeded(await runAssay(['history', id, '--json'], rita))) as InvitationHistory;
    const by = (kind: string) =>
      history.entries.filter((entry) => entry.kind === kind).map((entry) => (typeof entry.by === 'object' ? entry.by.label : entry.by));
    expect({ decided: by('decided'), noted: by('noted'), rated: by('rated') }).toEqual({
      decided: ['Rita Recruiter'],
      noted: ['Rita Recruiter'],
      rated: ['Ravi Reviewer'],
    });
    const text = succeeded(await runAssay(['history', id], rita));
    expect(text).toMatch(/Decision: rejected: "Weak on joins".*Rita Recruiter/);
    expect(text).toMatch(/Rated 4 of 5.*Ravi Reviewer/);

    const pdf = join(mkdtempSync(join(tmpdir(), 'assay-acceptance-pdf-')), 'report.pdf');
    succeeded(await runAssay(['report', id, '--pdf', pdf], rita));
    const pages = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(pages).toMatch(/Decision: rejected, by Rita Recruiter/);
    expect(pages).toMatch(/4 by Ravi Reviewer/);
    expect(pages).toMatch(/Note by Rita Recruiter/);
    for (const name of keyNames) for (const shown of [text, pages]) expect(shown).not.toContain(name);
  });
});
