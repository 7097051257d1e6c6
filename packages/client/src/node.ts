import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import type { FileDownload } from './core/file-download.js';

export interface SavedFile {
  path: string;
  bytes: number;
}

/**
 * Streams a download (`client.reports.pdf(id)`, `client.reports.excel(testId)`) into a file. It is written
 * beside the target and renamed when complete, so a broken download never leaves a half file at `path`.
 */
export const saveToFile = async (download: FileDownload | Promise<FileDownload>, path: string): Promise<SavedFile> => {
  const file = await download;
  const partial = `${path}.${randomBytes(4).toString('hex')}.part`;
  let bytes = 0;
  const counted = Readable.fromWeb(file.stream as NodeReadableStream<Uint8Array>).on('data', (chunk: Uint8Array) => {
    bytes += chunk.byteLength;
  });
  try {
    await pipeline(counted, createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { path, bytes };
};
