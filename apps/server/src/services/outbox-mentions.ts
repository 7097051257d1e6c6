import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PersonalOutboxEmail, PersonalInvitation } from '@assay/domain';

/** What ties an email to one of the org's invitations: its take-test token, or the stakeholder notice's "Invitation 42 ·". */
export interface OutboxMarkers {
  readonly emailKey: string;
  readonly invitations: readonly Pick<PersonalInvitation, 'testInvitationId' | 'takeTestURL'>[];
}

/** The message as text, quoted-printable soft line breaks joined, so an address or a URL cut at 76 columns matches. */
const unfolded = (raw: string): string => raw.replace(/=\r?\n/g, '');

/**
 * Whether an .eml is about this person in this org (decision 880): it must name the address (in `To:` or the body) AND
 * carry a mark of one of their invitations here. The address alone is not enough: the same person invited by another
 * org of this server has emails in the same folder, and those are not this org's to hand over.
 */
export const mentions = (raw: string, { emailKey, invitations }: OutboxMarkers): boolean => {
  const text = unfolded(raw);
  const lower = text.toLowerCase();
  if (!lower.includes(emailKey)) return false;
  return invitations.some(({ testInvitationId, takeTestURL }) => {
    const token = takeTestURL.slice(takeTestURL.lastIndexOf('/') + 1);
    return (token !== '' && text.includes(token)) || new RegExp(`Invitation ${testInvitationId}\\b`).test(text);
  });
};

/** At most this many files are read for one export: a folder past it is an operator's to clean (docs/data-protection.md). */
const MAX_FILES = 20_000;

/**
 * The emails the file mailer wrote to `ASSAY_OUTBOX_DIR` about this person, oldest first (their names sort by time).
 * A folder that does not exist (SMTP mode, nothing sent yet) holds none.
 */
export const outboxEmailsAbout = async (outboxDir: string, markers: OutboxMarkers): Promise<PersonalOutboxEmail[]> => {
  if (markers.invitations.length === 0) return [];
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: PersonalOutboxEmail[] = [];
  for (const name of names.slice(-MAX_FILES)) {
    const message = await readFile(join(outboxDir, name), 'utf8').catch(() => null);
    if (message !== null && mentions(message, markers)) found.push({ file: name, message });
  }
  return found;
};
