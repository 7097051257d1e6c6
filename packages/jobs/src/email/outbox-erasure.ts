import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

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
  return [unfolded, quoted, ...decoded, ...words].join('\n').toLowerCase();
};

/**
 * Removes the `.eml` files of the files-mode outbox that mention any of `needles` (an erased candidate's address, name,
 * take-test token; case ignored): what an erasure does to the outbox (decision 842). Answers how many it removed. A
 * missing directory holds nothing.
 */
export const removeOutboxEmails = async (outboxDir: string, needles: readonly string[]): Promise<number> => {
  const wanted = needles.map((needle) => needle.trim().toLowerCase()).filter((needle) => needle.length >= 3);
  if (wanted.length === 0) return 0;
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const path = join(outboxDir, name);
    let text: string;
    try {
      text = readableEmailText(await readFile(path, 'utf8'));
    } catch {
      continue;
    }
    if (!wanted.some((needle) => text.includes(needle))) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
};
