import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '@assay/store';
import { type EmailSubject, legacyEmailAbout } from './legacy-outbox-match.js';

/** What the mailer names its files (`emlFileName`): a name from the database never reaches outside the folder. */
const EML_NAME = /^[A-Za-z0-9._-]+\.eml$/;

/** The `.eml` files of the outbox, oldest first (their names start with the time); none when the folder does not exist. */
export const outboxFileNames = async (outboxDir: string): Promise<string[]> => {
  try {
    return (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

/** The outbox files no email recorded that are about one of `subjects` (decision 1001's exact rule). */
export const unrecordedEmailsAbout = async (
  store: Store,
  outboxDir: string,
  subjects: readonly EmailSubject[],
  names?: readonly string[],
): Promise<string[]> => {
  if (subjects.length === 0) return [];
  const all = names ?? (await outboxFileNames(outboxDir));
  const recorded = await store.outboxEmails.recordedAmong(all);
  const found: string[] = [];
  for (const name of all) {
    if (recorded.has(name)) continue;
    const raw = await readFile(join(outboxDir, name), 'utf8').catch(() => null);
    if (raw !== null && subjects.some((subject) => legacyEmailAbout(raw, subject))) found.push(name);
  }
  return found;
};

/**
 * Removes the files-mode outbox's emails of one org's erased invitations (decisions 1000, 1001): the files their emails
 * recorded — found again by a retry after a crash, since the records go last — and, for files written before the
 * records existed, those that name an invitation's address exactly and carry its token or id. Never by a name or a
 * part of an address: another org's email, or one to `joann@…` when `ann@…` is erased, stays. `subjects` are the
 * invitations' address and token, read before the erasure replaced them; an erasure retried has none, and finds the
 * recorded files only. Answers how many files it removed.
 */
export const removeErasedEmails = async (
  store: Store,
  outboxDir: string,
  orgId: number,
  invitationIds: readonly number[],
  subjects: readonly EmailSubject[],
): Promise<number> => {
  const recorded = await store.outboxEmails.filesOf(orgId, invitationIds);
  const unrecorded = await unrecordedEmailsAbout(store, outboxDir, subjects);
  const files = [...recorded.filter((name) => EML_NAME.test(name)), ...unrecorded];
  for (const name of files) await rm(join(outboxDir, name), { force: true });
  await store.outboxEmails.forget(orgId, recorded);
  return files.length;
};
