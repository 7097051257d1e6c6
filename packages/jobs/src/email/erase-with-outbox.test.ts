import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestDefinition } from '@assay/domain';
import { openStore, type Store } from '@assay/store';
import { createMailer } from './mailer.js';
import { eraseWithOutbox } from './erase-with-outbox.js';

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const definition = TestDefinition.parse({
  testName: 'Kept',
  sections: [
    {
      sectionName: 'Only',
      sectionType: 'general',
      duration: 10,
      questions: [{ type: 'single_choice', text: 'Pick one', marks: 4, options: [{ text: 'a', correct: true }, { text: 'b' }] }],
    },
  ],
});

/** What the retention sweep calls (issue 51): the rows and the outbox's emails of the people, nobody else's. */
describe('eraseWithOutbox', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assay-erase-outbox-'));
  const outboxDir = join(dir, 'outbox');
  let store: Store;
  let orgId: number;
  let ids: number[];

  beforeAll(async () => {
    store = await openStore(`sqlite:${join(dir, 'assay.db')}`);
    orgId = (await store.orgs.create({ name: 'Org', email: 'org@example.com', timeZoneId: 1000 }, T0)).id;
    const testId = (await store.tests.importDefinition(orgId, definition, 'key-kept', T0)).testId;
    const register = async (email: string, fullName: string) =>
      (
        await store.invitations.register(
          { orgId, testId, testLinkId: null, emailKey: email, email, fullName, callbackUrl: null, redirectUrl: null },
          () => `tok-${email}`,
          T0,
        )
      ).invitation.id;
    ids = [await register('old@example.com', 'Olive Oldham'), await register('new@example.com', 'Nina Newman')];
    // Stakeholder notices written before the outbox's records (decision 1001): each names its invitation.
    const mailer = createMailer({ outboxDir, from: 'Assay <noreply@example.com>' });
    for (const [index, who] of ['Olive Oldham <old@example.com>', 'Nina Newman <new@example.com>'].entries()) {
      await mailer.send({ to: 'hiring@example.com', subject: 'Completed', text: `Candidate: ${who}\nInvitation ${ids[index]} · Org`, html: '<p>x</p>' });
    }
    mailer.close();
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('erases the invitations and removes only their people’s emails; again, nothing', async () => {
    const audit = { by: 'retention', scope: 'retention', now: new Date(T0 + 1000) } as const;
    expect(await eraseWithOutbox(store, outboxDir, orgId, [ids[0]!], audit)).toEqual({ invitations: 1, alreadyErased: 0, bulkRows: 0, outboxFiles: 1 });
    expect(readdirSync(outboxDir)).toHaveLength(1);
    expect(await store.erasure.invitationIdsForEmail(orgId, 'old@example.com')).toEqual([]);
    expect(await store.erasure.invitationIdsForEmail(orgId, 'new@example.com')).toEqual([ids[1]]);
    expect(await eraseWithOutbox(store, outboxDir, orgId, [ids[0]!], audit)).toEqual({ invitations: 0, alreadyErased: 1, bulkRows: 0, outboxFiles: 0 });
  });
});
