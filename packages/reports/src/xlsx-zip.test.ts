import { Readable, Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { XlsxZip } from './xlsx-zip.js';

interface ReadPart {
  readonly name: string;
  readonly data: string;
  readonly flags: number;
}

/**
 * Reads a zip as an unzipper does, from its central directory: each part's local header, its deflated data inflated
 * whole (one valid deflate stream, or inflate throws), checked against the CRC and sizes of the central directory and
 * of the data descriptor that follows the data.
 */
const readZip = (zip: Buffer): ReadPart[] => {
  const endAt = zip.length - 22;
  expect(zip.readUInt32LE(endAt)).toBe(0x06054b50);
  const count = zip.readUInt16LE(endAt + 10);
  let at = zip.readUInt32LE(endAt + 16);
  expect(at + zip.readUInt32LE(endAt + 12)).toBe(endAt);
  const parts: ReadPart[] = [];
  for (let index = 0; index < count; index++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const flags = zip.readUInt16LE(at + 8);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    at += 46 + nameLength + extraLength + zip.readUInt16LE(at + 32);
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    expect(zip.subarray(offset + 30, offset + 30 + nameLength).toString()).toBe(name);
    const dataAt = offset + 30 + nameLength + zip.readUInt16LE(offset + 28);
    const data = inflateRawSync(zip.subarray(dataAt, dataAt + compressed));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    const descriptor = dataAt + compressed;
    expect([zip.readUInt32LE(descriptor), zip.readUInt32LE(descriptor + 4), zip.readUInt32LE(descriptor + 8), zip.readUInt32LE(descriptor + 12)]).toEqual([
      0x08074b50,
      crc,
      compressed,
      size,
    ]);
    parts.push({ name, data: data.toString(), flags });
  }
  return parts;
};

/** Zips `parts` (text, or a stream of the text's chunks) into memory; resolves with the bytes once the output ended. */
const zipOf = async (parts: readonly [string, string | Readable][]): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  const output = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      // A slow reader: the zip must wait for it, not pile bytes up.
      setImmediate(done);
    },
  });
  const finished = new Promise((resolve) => output.on('finish', resolve));
  const zip = new XlsxZip(output, new Date(Date.UTC(2026, 10, 25, 12, 30, 14)));
  for (const [name, source] of parts) zip.append(source, { name });
  zip.finalize();
  await finished;
  return Buffer.concat(chunks);
};

/** ~3.4 MB of sheet-like XML: more than three pieces of the zip's deflate. */
const bigXml = Array.from({ length: 60_000 }, (_, index) => `<row r="${index + 2}"><c r="A${index + 2}" s="2"><v>${(index * 7919) % 1000}</v></c></row>`).join(
  '',
);

const inChunks = (text: string, size: number): Readable => {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
};

describe('XlsxZip', () => {
  it('writes every part in order, deflated, with its CRC and sizes, a part of several pieces and an empty one included', async () => {
    const zip = await zipOf([
      ['xl/theme/theme1.xml', '<a:theme>é</a:theme>'],
      ['/_rels/.rels', '<Relationships/>'],
      ['/xl/worksheets/sheet1.xml', inChunks(bigXml, 65_536)],
      ['xl/empty.xml', ''],
      ['xl/worksheets/sheet2.xml', inChunks('<worksheet/>', 3)],
    ]);
    const parts = readZip(zip);
    expect(parts.map((part) => part.name)).toEqual([
      'xl/theme/theme1.xml',
      '_rels/.rels',
      'xl/worksheets/sheet1.xml',
      'xl/empty.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    expect(parts.map((part) => part.data)).toEqual(['<a:theme>é</a:theme>', '<Relationships/>', bigXml, '', '<worksheet/>']);
    // Sizes in a data descriptor, names in UTF-8.
    expect(parts.every((part) => part.flags === 0x0808)).toBe(true);
    // Level 1 on XML: the pieces cost little in size.
    expect(zip.length).toBeLessThan(bigXml.length / 5);
  });

  it('writes an empty zip when no part is appended', async () => {
    expect(readZip(await zipOf([]))).toEqual([]);
  });
});
