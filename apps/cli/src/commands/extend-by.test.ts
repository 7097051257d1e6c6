import { describe, expect, it } from 'vitest';
import { extendedExpiry, parseSpan } from './extend-by.js';

describe('assay invitations extend: --by and --until', () => {
  it('reads spans in minutes, hours, days and weeks, and refuses anything else', () => {
    expect(parseSpan('90m')).toBe(90 * 60_000);
    expect(parseSpan('3d')).toBe(3 * 86_400_000);
    expect(parseSpan('2w')).toBe(14 * 86_400_000);
    for (const bad of ['3', '0d', '-1d', '3 days', '1.5d', '400d', '']) expect(() => parseSpan(bad), bad).toThrow(/span like/);
  });

  it('--until wins as given; --by counts from now, to the second', () => {
    const now = Date.UTC(2026, 10, 26, 16, 0, 0, 700);
    expect(extendedExpiry('2026-12-04T18:00:00', undefined, now)).toBe('2026-12-04T18:00:00');
    expect(extendedExpiry(undefined, parseSpan('3d'), now)).toBe('2026-11-29T16:00:00');
    expect(extendedExpiry(undefined, undefined, now)).toBeUndefined();
  });
});
