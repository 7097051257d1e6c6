import { describe, it, expect } from 'vitest';
import { ProctoringEventInput, SnapshotInput } from './candidate-api-events.js';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success, JSON.stringify(value).slice(0, 120)).toBe(true);
const refuses = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success, JSON.stringify(value).slice(0, 120)).toBe(false);

describe('ProctoringEventInput', () => {
  it.each<[string, unknown]>([
    ['left, with Z', { type: 'left', at: '2026-12-01T09:00:00Z' }],
    ['returned, with Z and milliseconds', { type: 'returned', at: '2026-12-01T09:00:05.123Z' }],
    ['left, with a positive offset', { type: 'left', at: '2026-12-01T14:30:00+05:30' }],
    ['returned, with a negative offset', { type: 'returned', at: '2026-12-01T04:00:00-05:00' }],
  ])('accepts %s', (_label, body) => {
    expect(ProctoringEventInput.parse(body)).toEqual(body);
  });

  it.each<[string, unknown]>([
    ['another type', { type: 'blur', at: '2026-12-01T09:00:00Z' }],
    ['an upper-case type', { type: 'LEFT', at: '2026-12-01T09:00:00Z' }],
    ['no type', { at: '2026-12-01T09:00:00Z' }],
    ['no at', { type: 'left' }],
    ['a date-time without zone', { type: 'left', at: '2026-12-01T09:00:00' }],
    ['a date only', { type: 'left', at: '2026-12-01' }],
    ['an impossible month', { type: 'left', at: '2026-13-01T09:00:00Z' }],
    ['an impossible hour', { type: 'left', at: '2026-12-01T25:00:00Z' }],
    ['words', { type: 'returned', at: 'just now' }],
    ['epoch milliseconds', { type: 'returned', at: 1_796_115_600_000 }],
  ])('refuses %s', (_label, body) => {
    refuses(ProctoringEventInput, body);
  });

  it('names the allowed types in its message', () => {
    const parsed = ProctoringEventInput.safeParse({ type: 'blur', at: '2026-12-01T09:00:00Z' });
    expect(parsed.error?.issues[0]?.message).toBe(
      'type must be "left", "returned", "unload", "section", "camera-off", "question", "paste", "insertion" or "keystroke"',
    );
  });
});

describe('SnapshotInput', () => {
  const jpeg = 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwg';
  const PREFIX = 'data:image/jpeg;base64,';

  it.each<[string, string]>([
    ['a small jpeg', jpeg],
    ['a jpeg with padding', `${PREFIX}QUJD==`],
    ['a png', 'data:image/png;base64,iVBORw0KGgo='],
    ['a webp', 'data:image/webp;base64,UklGRg=='],
    ['exactly 700 000 characters', PREFIX + 'A'.repeat(700_000 - PREFIX.length)],
  ])('accepts %s', (_label, image) => {
    accepts(SnapshotInput, { image });
  });

  it.each<[string, unknown]>([
    ['an http URL', 'https://example.com/snapshot.jpg'],
    ['a gif', 'data:image/gif;base64,R0lGODlh'],
    ['an svg', 'data:image/svg+xml;base64,PHN2Zz4='],
    ['a text data URL', 'data:text/plain;base64,aGVsbG8='],
    ['a data URL that is not base64', 'data:image/jpeg,raw'],
    ['an empty payload', PREFIX],
    ['characters outside base64', `${PREFIX}abc$def`],
    ['a trailing newline', `${jpeg}\n`],
    ['bare base64', '/9j/4AAQSkZJRg=='],
    ['one character too many', PREFIX + 'A'.repeat(700_001 - PREFIX.length)],
    ['a megabyte', PREFIX + 'A'.repeat(1_000_000)],
    ['a number', 42],
  ])('refuses %s', (_label, image) => {
    refuses(SnapshotInput, { image });
  });

  it('refuses a body without image', () => {
    refuses(SnapshotInput, {});
  });
});
