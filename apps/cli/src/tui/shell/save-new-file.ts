import type { FileDownload } from '@assay/client';
import { saveToFile, type SavedFile } from '@assay/client/node';
import { randomBytes } from 'node:crypto';
import { link, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { numberedPath } from '../state/download-state.js';

const MOST_NUMBERS = 1_000;

const isTaken = (error: unknown) => error instanceof Error && 'code' in error && error.code === 'EEXIST';

/**
 * Saves a download under `path`, or `name (1).ext`, `name (2).ext`… when that is taken: never over a file. The
 * download goes to a hidden file beside the target first, then is hard-linked to the first free name (a link
 * fails when the name exists, so a file that appears meanwhile is not overwritten either). Answers the
 * absolute path written.
 */
export const saveAsNewFile = async (download: Promise<FileDownload>, path: string): Promise<SavedFile> => {
  const target = resolve(path);
  const hidden = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString('hex')}.download`);
  const saved = await saveToFile(download, hidden);
  try {
    for (let taken = 0; ; taken += 1) {
      const candidate = numberedPath(target, taken);
      try {
        await link(hidden, candidate);
        return { path: candidate, bytes: saved.bytes };
      } catch (error) {
        if (!isTaken(error) || taken >= MOST_NUMBERS) throw error;
      }
    }
  } finally {
    await rm(hidden, { force: true });
  }
};
