import { normalizeEmail } from '@assay/domain';

/**
 * A message's text as a reader would see it: quoted-printable soft line breaks joined and its `=XX` bytes decoded, and
 * every base64 body decoded beside the raw text, so an address split over two lines or encoded is still found.
 */
export const readableEmailText = (raw: string): string => {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const quoted = unfolded.replace(/(?:=[0-9A-F]{2})+/g, (run) => {
    const bytes = Buffer.from(run.replaceAll('=', ''), 'hex');
    return bytes.toString('utf8');
  });
  const decoded = [...raw.matchAll(/content-transfer-encoding:\s*base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/gi)].map((match) =>
    Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  // Encoded words in headers (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`): a non-ASCII name in To or Subject.
  const words = [...raw.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, kind, text = '']) =>
    kind?.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : text.replaceAll('_', ' '),
  );
  return [unfolded, quoted, ...decoded, ...words].join('\n');
};

/** An address as a whole: what precedes and follows it cannot be part of one, so `ann@x.test` is not in `joann@x.test`. */
const ADDRESS = /[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/** Every address the message names, in the form registration keys them (trimmed, lower case). */
export const addressesIn = (text: string): Set<string> => new Set([...text.matchAll(ADDRESS)].map(([address]) => normalizeEmail(address)));

/** What ties a message to one invitation: its address, its take-test token, its id. */
export interface EmailSubject {
  readonly invitationId: number;
  readonly email: string;
  readonly token: string;
}

/**
 * Whether an outbox file no record names (written before migration 048) is about this invitation (decision 1001): it
 * names the address exactly, as a whole address, AND carries the invitation's take-test token or its id as the emails
 * print it ("Invitation 42 ·", "Test invitation 42."). Never a name, never a substring: a name ("Assay") or a part of
 * another address (`joann@…` for `ann@…`) reaches no one else's email, and ids are unique across orgs.
 */
export const legacyEmailAbout = (raw: string, subject: EmailSubject): boolean => {
  const text = readableEmailText(raw);
  if (!addressesIn(text).has(normalizeEmail(subject.email))) return false;
  return (subject.token.length >= 16 && text.includes(subject.token)) || new RegExp(`\\binvitation ${subject.invitationId}\\b`, 'i').test(text);
};
