import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PersonalInvitation, PersonalOutboxEmail } from '@assay/domain';
import { outboxFileNames, unrecordedEmailsAbout } from '@assay/jobs';
import type { Store } from '@assay/store';

/** Whose emails: the address as registration keys it, and the org's invitations under it. */
export interface OutboxMarkers {
  readonly orgId: number;
  readonly emailKey: string;
  readonly invitations: readonly Pick<PersonalInvitation, 'testInvitationId' | 'takeTestURL'>[];
}

/** At most this many unrecorded files are read for one export: a folder past it is an operator's to clean (docs/data-protection.md). */
const MAX_FILES = 20_000;

/**
 * The emails the file mailer wrote to `ASSAY_OUTBOX_DIR` about this person, oldest first (their names sort by time):
 * those their invitations' emails recorded (decision 1000), and, among the files written before the records, those
 * that name the address exactly and carry one of the invitations' token or id (decisions 880, 1001) — never another
 * org's email to the same address, never one to `joann@…` for `ann@…`. A folder that does not exist holds none.
 */
export const outboxEmailsAbout = async (store: Store, outboxDir: string, markers: OutboxMarkers): Promise<PersonalOutboxEmail[]> => {
  if (markers.invitations.length === 0) return [];
  const recorded = await store.outboxEmails.filesOf(
    markers.orgId,
    markers.invitations.map((invitation) => invitation.testInvitationId),
  );
  const subjects = markers.invitations.map(({ testInvitationId, takeTestURL }) => ({
    invitationId: testInvitationId,
    email: markers.emailKey,
    token: takeTestURL.slice(takeTestURL.lastIndexOf('/') + 1),
  }));
  const names = await outboxFileNames(outboxDir);
  const unrecorded = await unrecordedEmailsAbout(store, outboxDir, subjects, names.slice(-MAX_FILES));
  const wanted = new Set([...recorded, ...unrecorded]);
  const found: PersonalOutboxEmail[] = [];
  for (const name of names.filter((file) => wanted.has(file))) {
    const message = await readFile(join(outboxDir, name), 'utf8').catch(() => null);
    if (message !== null) found.push({ file: name, message });
  }
  return found;
};
