import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../helpers/fixtures.js';
import { buildIfStale, call, createOrg, diagnostics, importTest, killAll, SERVER_MAIN, spawnProcess, startServer, type RunningServer } from './processes.js';

/**
 * Issue 51, item 7: `assay-server backup --to FILE` copies a SQLite deployment while a real server takes writes; the
 * copy, restored, serves every registration made before the backup began (decision 860).
 */
/** Every invitation's email of a test, read through the API page by page. */
const invitedEmails = async (server: RunningServer, apiKey: string, testId: number): Promise<Set<string>> => {
  const emails = new Set<string>();
  for (let page = 1; ; page += 1) {
    const path = `/v2/org/tests/${testId}/invitations?page_size=100&page_no=${page}`;
    const { invitations } = await call<{ invitations: { emailId: string }[] }>(server.url, 'GET', path, { apiKey });
    if (invitations.length === 0) return emails;
    for (const row of invitations) emails.add(row.emailId);
  }
};

describe('a backup of a SQLite deployment under writes, restored (real processes)', () => {
  let dir: string;

  beforeAll(() => {
    const built = buildIfStale();
    if (built.length > 0) console.warn(`backup.test: built ${built.join(', ')} first`);
    dir = mkdtempSync(join(tmpdir(), 'assay-backup-'));
  }, 180_000);

  afterAll(async () => {
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies a consistent database while registrations go on, and a server started on the copy serves them', async ({ onTestFailed }) => {
    onTestFailed(() => console.error(diagnostics()));
    const live = `sqlite:${join(dir, 'live', 'assay.db')}`;
    const server = await startServer('backed-up', live);
    const { apiKey } = await createOrg(server.url, 'Backed Up');
    const testId = await importTest(server.url, apiKey, sampleDefinition);

    // Registrations, one after another, for as long as the backup runs (and a little before and after).
    let writing = true;
    const registered: string[] = [];
    const writer = (async () => {
      while (writing) {
        const emailId = `candidate-${registered.length}@example.com`;
        await call(server.url, 'POST', `/v2/org/tests/${testId}/register`, { apiKey, body: { emailId, fullName: 'Backed Up' } });
        registered.push(emailId);
      }
    })();
    while (registered.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const before = registered.length;
    const copy = join(dir, 'backups', 'assay-copy.db');
    const backup = spawnProcess('backup', process.execPath, [SERVER_MAIN, 'backup', '--to', copy], {
      ...process.env,
      ASSAY_DATABASE_URL: live,
      ASSAY_OUTBOX_DIR: join(dir, 'outbox'),
    });
    const { code } = await backup.exited;
    const after = registered.length;
    writing = false;
    await writer;
    expect(code, backup.output()).toBe(0);
    expect(after, 'writes went on during the backup').toBeGreaterThan(before);
    expect(backup.output()).toContain(`to ${copy} (`);
    expect(backup.output()).toContain(`${join(dir, 'outbox')} (ASSAY_OUTBOX_DIR)`);
    await server.proc.stop('SIGTERM');

    const restored = await startServer('restored', `sqlite:${copy}`);
    const emails = await invitedEmails(restored, apiKey, testId);
    // Every registration answered before the backup started is in the copy; none after it ended can be.
    for (const email of registered.slice(0, before)) expect(emails.has(email), email).toBe(true);
    expect(emails.size).toBeLessThanOrEqual(after);
    await restored.proc.stop('SIGTERM');
  }, 90_000);
});
