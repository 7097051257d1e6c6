import { describe, expect, it } from 'vitest';
import { SNAPSHOT_IMAGE_LIMITS, checkDeclaredImage, checkSnapshotBytes, sniffImageType } from './snapshot-image-rules.js';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((char) => char.charCodeAt(0)) : part)));

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'rest');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR');
const WEBP = bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 ');

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their magic numbers', () => {
    expect(sniffImageType(JPEG)).toBe('jpeg');
    expect(sniffImageType(PNG)).toBe('png');
    expect(sniffImageType(WEBP)).toBe('webp');
  });

  it.each([
    ['GIF', bytes('GIF89a', [1, 0, 1, 0])],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<html><script>alert(1)</script>')],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['a PNG signature cut short', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['nothing', bytes()],
  ])('knows no %s', (_, input) => {
    expect(sniffImageType(input)).toBeUndefined();
  });
});

describe('checkSnapshotBytes', () => {
  it('answers the sniffed type', () => {
    expect(checkSnapshotBytes(JPEG)).toEqual({ val: 'jpeg' });
  });

  it('refuses 400.12 over the byte limit, even for a real type', () => {
    const large = new Uint8Array(SNAPSHOT_IMAGE_LIMITS.maxBytes + 1);
    large.set(JPEG);
    expect(checkSnapshotBytes(large).err?.kind).toBe('image-not-accepted');
    expect(checkSnapshotBytes(large.subarray(0, SNAPSHOT_IMAGE_LIMITS.maxBytes)).val).toBe('jpeg');
  });

  it('refuses 400.12 for other types', () => {
    expect(checkSnapshotBytes(bytes('GIF89a')).err?.kind).toBe('image-not-accepted');
  });
});

describe('checkDeclaredImage', () => {
  it('accepts a header that agrees with the bytes and declares a modest size', () => {
    expect(checkDeclaredImage('png', { format: 'png', width: 640, height: 480 }).val).toBe(true);
    expect(checkDeclaredImage('jpeg', { format: 'jpeg', width: 4096, height: 3072 }).val).toBe(true);
  });

  it('refuses a header of another format than the bytes start as (a polyglot or a disguise)', () => {
    expect(checkDeclaredImage('png', { format: 'jpeg', width: 10, height: 10 }).err?.kind).toBe('image-not-accepted');
    expect(checkDeclaredImage('jpeg', { format: undefined, width: 10, height: 10 }).err?.kind).toBe('image-not-accepted');
  });

  it.each([
    [60_000, 60_000],
    [4097, 1],
    [1, 4097],
    [4096, 4096],
  ])('refuses a declared %i×%i', (width, height) => {
    expect(checkDeclaredImage('png', { format: 'png', width, height }).err?.kind).toBe('image-not-accepted');
  });

  it('refuses a header without a size', () => {
    expect(checkDeclaredImage('png', { format: 'png', width: 0, height: 10 }).err?.kind).toBe('image-not-accepted');
    expect(checkDeclaredImage('webp', { format: 'webp', width: undefined, height: undefined }).err?.kind).toBe('image-not-accepted');
  });
});
