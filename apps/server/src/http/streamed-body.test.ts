import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bulkCsvReader } from '../services/bulk-csv.js';
import { bulkJsonReader } from '../services/bulk-json.js';
import { type ChunkReader, readBodyInChunks, SLICE_BYTES } from './streamed-body.js';

/** What a socket brings at most in one chunk (Node's default highWaterMark for a socket). */
const SOCKET_CHUNK = 64 * 1024;

const emailOf = (index: number) => `cand${index}@example.com`;
const csvOf = (count: number) =>
  `\uFEFFemail,name,extraTimePercent\r\n${Array.from({ length: count }, (_, index) => `${emailOf(index)},"Doe, Jane ${index}",${index % 3 ? '' : '25'}\r\n`).join('')}`;
const jsonOf = (count: number) => JSON.stringify(Array.from({ length: count }, (_, index) => ({ email: emailOf(index), name: `Jane "${index}" Doe` })));

/** A deterministic stream of chunk sizes (a small LCG): socket chunks of every size, not only round ones. */
const seededSizes = (seed: number, max: number) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return 1 + (state % max);
  };
};

type Chunking = { name: string; sizes: () => () => number; pause: 'none' | 'turn' | 'timer' };
const chunkings: Chunking[] = [
  { name: 'one chunk', sizes: () => () => Number.MAX_SAFE_INTEGER, pause: 'none' },
  { name: 'socket-sized chunks, a timer between', sizes: () => () => SOCKET_CHUNK, pause: 'timer' },
  { name: 'slice-sized chunks', sizes: () => () => SLICE_BYTES, pause: 'turn' },
  { name: 'a slice and a byte', sizes: () => () => SLICE_BYTES + 1, pause: 'turn' },
  { name: 'a slice less a byte', sizes: () => () => SLICE_BYTES - 1, pause: 'none' },
  { name: 'random sizes up to two socket chunks', sizes: () => seededSizes(7, 2 * SOCKET_CHUNK), pause: 'turn' },
  { name: 'random small sizes', sizes: () => seededSizes(11, 3 * SLICE_BYTES), pause: 'timer' },
];

const pauseFor = (pause: Chunking['pause']) =>
  pause === 'none' ? undefined : new Promise<void>((resolve) => (pause === 'turn' ? setImmediate(resolve) : setTimeout(resolve, 1)));

/** `body` fed through readBodyInChunks as a request body arriving in the chunking's pieces; answers what the reader made. */
const readThrough = async <T>(body: string, reader: ChunkReader<T>, chunking: Chunking): Promise<T> => {
  const bytes = Buffer.from(body);
  const stream = new PassThrough();
  const request = { routeOptions: { bodyLimit: 16 * 1024 * 1024 }, headers: { 'content-length': String(bytes.length) } } as unknown as FastifyRequest;
  const result = new Promise<T>((resolve, reject) =>
    readBodyInChunks(request, stream, reader, (error, parsed) => (error ? reject(error) : resolve(parsed as T))),
  );
  const nextSize = chunking.sizes();
  for (let at = 0; at < bytes.length; ) {
    const size = Math.min(nextSize(), bytes.length - at);
    stream.write(bytes.subarray(at, at + size));
    at += size;
    await pauseFor(chunking.pause);
  }
  stream.end();
  return result;
};

const expectEveryRow = (rows: unknown, count: number) => {
  const emails = (rows as { email: string }[]).map((row) => row.email);
  expect(emails.length).toBe(count);
  expect(emails[0]).toBe(emailOf(0));
  expect(emails.at(-1)).toBe(emailOf(count - 1));
  expect(emails.every((email, index) => email === emailOf(index))).toBe(true);
};

/** Row counts whose body ends just before, on and just after each multiple of `boundary` up to `upTo` bytes. */
const countsAround = (bodyOf: (count: number) => string, boundary: number, upTo: number) => {
  // A body grows with its rows: each edge's last count is found by halving (each row is well over 30 bytes).
  const most = Math.ceil(upTo / 30);
  const lengthOf = (count: number) => Buffer.byteLength(bodyOf(count));
  const counts = new Set<number>();
  for (let edge = boundary; edge <= upTo; edge += boundary) {
    let low = 1;
    let high = most;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (lengthOf(middle) <= edge) low = middle;
      else high = middle - 1;
    }
    for (const near of [low - 1, low, low + 1, low + 2]) if (near >= 1) counts.add(near);
  }
  return [...counts];
};

// The sizes the review found cut short or refused (1,326 / 1,700 / 2,000 / 3,000 / 5,000 rows), the limit itself,
// and counts whose bodies end on each side of the slice and socket-chunk boundaries.
const REPORTED = [1326, 1628, 1700, 2000, 3000, 4542, 5000, 10_000];

describe.each([
  { kind: 'CSV', bodyOf: csvOf, reader: () => bulkCsvReader() as ChunkReader<unknown> },
  { kind: 'JSON', bodyOf: jsonOf, reader: () => bulkJsonReader() },
])('a $kind bulk file read as it arrives (issue 59, point 1)', ({ bodyOf, reader }) => {
  const crossing = [...countsAround(bodyOf, SLICE_BYTES, 12 * SLICE_BYTES), ...countsAround(bodyOf, SOCKET_CHUNK, 6 * SOCKET_CHUNK)];

  it.each(chunkings)('reads every row of every size from 1 to 300 rows: $name', async (chunking) => {
    for (let count = 1; count <= 300; count += 1) expectEveryRow(await readThrough(bodyOf(count), reader(), chunking), count);
  });

  it.each(chunkings)('reads every row at sizes that cross slice and socket-chunk boundaries: $name', async (chunking) => {
    for (const count of crossing) expectEveryRow(await readThrough(bodyOf(count), reader(), chunking), count);
  });

  it.each(chunkings)('reads every row of the sizes the review found cut short, up to 10,000: $name', async (chunking) => {
    for (const count of REPORTED) expectEveryRow(await readThrough(bodyOf(count), reader(), chunking), count);
  });
});
