import type { TestDetails } from '@assay/domain';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeAttempt, importExample, newOrg, type TestOrg } from '../helpers/org.js';
import { storeReportStatus } from '../helpers/stored-data.js';
import { openAssayTui } from '../helpers/assay-tui.js';
import type { TmuxTerminal } from '../helpers/tmux.js';

const INVITATIONS = 300;

/** Runs `work` over `items`, `width` at a time: 300 registrations through the API in seconds. */
const inParallel = async <T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
};

const positionOf = (screen: string) => {
  const found = /(\d+)–(\d+) of (\d+)/.exec(screen);
  if (!found) throw new Error(`no position line on the screen:\n${screen}`);
  return { first: Number(found[1]), last: Number(found[2]), of: Number(found[3]) };
};

/** A recruiter with 300 invitations in a real pseudo-terminal (tmux), against the real server. */
describe('the interactive UI with 300 invitations', () => {
  let org: TestOrg;
  let test: TestDetails;
  let cwd: string;
  let terminal: TmuxTerminal;
  let ids: number[];
  let completed: number[];

  beforeAll(async () => {
    org = await newOrg('TUI lists');
    test = await importExample(org.client, 'javascript-fundamentals');
    const names = Array.from({ length: INVITATIONS }, (_, index) => (index === 141 ? 'Ada Lovelace' : `Candidate ${String(index + 1).padStart(3, '0')}`));
    const registered = await inParallel(names, 8, (fullName) =>
      org.client.invitations.register(test.testId, { emailId: `${fullName.toLowerCase().replace(/\W+/g, '.')}@example.com`, fullName }),
    );
    ids = registered.map((entry) => entry.testInvitationId);
    await inParallel(registered.slice(0, 3), 3, (entry) => completeAttempt(org.client, entry.takeTestURL));
    completed = registered.slice(0, 3).map((entry) => entry.testInvitationId);
    await inParallel(ids.slice(3, 8), 5, (id) => org.client.invitations.cancel(id));
    await org.client.testLinks.create(test.testId, { testLinkName: 'Spring hiring', accessTime: 0 });
    cwd = mkdtempSync(join(tmpdir(), 'assay-tui-lists-'));
    terminal = openAssayTui(org.apiKey, cwd);
  }, 180_000);
  afterAll(() => terminal?.close());

  it('pages with PgDn/PgUp, jumps with End/Home, searches, filters by status and sorts by score', async () => {
    await terminal.waitFor('JavaScript Fundamentals');
    await terminal.keys('Enter');
    await terminal.waitFor('JavaScript concepts');
    await terminal.keys('i');
    const top = positionOf(await terminal.waitFor(`of ${INVITATIONS} · all statuses · by id`, 30_000));
    expect(top).toMatchObject({ first: 1, of: INVITATIONS });
    const page = top.last;

    await terminal.keys('PageDown');
    const second = await terminal.waitFor(`${page + 1}–${2 * page} of ${INVITATIONS}`);
    // Registered 8 at a time: the ids, not the names, give the order.
    const byId = ids.toSorted((a, b) => a - b);
    expect(second).toMatch(new RegExp(`^\\W*${byId[page]} `, 'm'));
    await terminal.keys('PageUp');
    await terminal.waitFor(`1–${page} of ${INVITATIONS}`);

    await terminal.keys('End');
    const end = await terminal.waitFor(`–${INVITATIONS} of ${INVITATIONS}`);
    expect(end).toMatch(new RegExp(`^\\W*${byId.at(-1)} `, 'm'));
    await terminal.keys('Home');
    await terminal.waitFor(`1–${page} of ${INVITATIONS}`);

    await terminal.keys('/');
    await terminal.type('lovelace');
    await terminal.keys('Enter');
    const found = await terminal.waitFor(`1–1 of 1 (${INVITATIONS} in all) · all statuses · by id · matching “lovelace”`);
    expect(found).toMatch(new RegExp(`${ids[141]}\\s+Ada Lovelace`));
    expect(found).not.toContain('Candidate 001');
    // Clearing the search keeps the highlight on the row found, on its page.
    await terminal.keys('/', 'Escape');
    const around = await terminal.waitFor(`of ${INVITATIONS} · all statuses · by id`);
    expect(around).toMatch(/› +\d+ Ada Lovelace/);
    await terminal.keys('Home');
    await terminal.waitFor(`1–${page} of ${INVITATIONS} · all statuses`);

    // Pending, In progress, Completed.
    await terminal.keys('f', 'f', 'f');
    const done = await terminal.waitFor(`1–3 of 3 (${INVITATIONS} in all) · status Completed`);
    for (const id of completed) expect(done).toContain(String(id));
    await terminal.keys('f', 'f');
    await terminal.waitFor(`1–5 of 5 (${INVITATIONS} in all) · status Cancelled`);
    // Then Expired (none here, decision 1390), Awaiting review (decision 651), then all statuses again.
    await terminal.keys('f', 'f', 'f');
    await terminal.waitFor(`1–${page} of ${INVITATIONS} · all statuses · by id`);

    // id, status, score: the scored invitations come first.
    await terminal.keys('o', 'o');
    const byScore = await terminal.waitFor(`1–${page} of ${INVITATIONS} · all statuses · by score`);
    const firstRows = byScore
      .split('\n')
      .filter((line) => /^\s*\d+\s/.test(line) || /^› /.test(line))
      .slice(0, 3);
    for (const id of completed) expect(firstRows.join('\n')).toContain(String(id));
    await terminal.keys('q');
    await terminal.waitFor('JavaScript concepts');
  }, 120_000);

  it('asks before deactivating a live link', async () => {
    await terminal.keys('l');
    await terminal.waitFor(/Spring hiring\s+Active/);
    await terminal.keys('s');
    await terminal.waitFor('Deactivate “Spring hiring”? No one can register through it');
    await terminal.keys('n');
    const kept = await terminal.waitFor(/Spring hiring\s+Active/);
    expect(kept).not.toContain('Deactivate “');
    expect((await org.client.testLinks.list(test.testId))[0]?.testLinkStatus).toBe(1);
    await terminal.keys('s', 'y');
    await terminal.waitFor('is now Inactive');
    expect((await org.client.testLinks.list(test.testId))[0]?.testLinkStatus).toBe(3);
    await terminal.keys('q');
    await terminal.waitFor('JavaScript concepts');
  }, 120_000);

  it('exports beside a file of the same name, never over it, and says the absolute path', async () => {
    const name = `assay-test-${test.testId}-report.xlsx`;
    writeFileSync(join(cwd, name), 'kept');
    await terminal.keys('x');
    await terminal.waitFor(`Save to: ${name}`);
    await terminal.keys('Enter');
    const numbered = join(cwd, `assay-test-${test.testId}-report (1).xlsx`);
    await terminal.waitFor(`✓ Saved ${numbered}`, 30_000);
    expect(readFileSync(join(cwd, name), 'utf8')).toBe('kept');
    expect(readFileSync(numbered).subarray(0, 2).toString()).toBe('PK');
    expect(
      readdirSync(cwd)
        .filter((file) => file.startsWith('assay-test-') || file.startsWith('.assay-test-'))
        .sort(),
    ).toEqual([numbered.slice(cwd.length + 1), name]);
  }, 120_000);

  it('shows “scoring…” on a report being scored, then its score once Generated, by itself', async () => {
    const id = completed[0]!;
    await storeReportStatus(id, 'In progress');
    await terminal.keys('i');
    await terminal.waitFor(`of ${INVITATIONS} · all statuses`, 30_000);
    await terminal.keys('Enter');
    const scoring = await terminal.waitFor('Score scoring…');
    expect(scoring).toContain(`Report ${id}`);
    expect(scoring).not.toMatch(/Score \d+ of \d+/);
    await storeReportStatus(id, 'Generated');
    const scored = await terminal.waitFor(/Score 0 of 24 [█░]+ 0%/, 20_000);
    expect(scored).not.toContain('scoring…');
  }, 120_000);
});
