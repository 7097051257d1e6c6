import { describe, expect, it } from 'vitest';
import { expiryOf, readExtendInput } from './extend-input.js';

describe("the TUI's extend prompt", () => {
  it('reads a span as the CLI does, and a date with or without seconds', () => {
    expect(readExtendInput(' 3d ')).toEqual({ input: { kind: 'span', ms: 3 * 86_400_000 } });
    expect(readExtendInput('12h')).toEqual({ input: { kind: 'span', ms: 12 * 3_600_000 } });
    expect(readExtendInput('2w')).toEqual({ input: { kind: 'span', ms: 14 * 86_400_000 } });
    expect(readExtendInput('2026-12-04 18:00')).toEqual({ input: { kind: 'date', typed: '2026-12-04 18:00' } });
    for (const bad of ['', '3', '0d', '400d', 'tomorrow', '2026-12-04', '04.12.2026 18:00']) expect(readExtendInput(bad), bad).toHaveProperty('error');
  });

  it('counts a span from now, to the second, and reads a date in the link’s zone', () => {
    const now = Date.UTC(2026, 10, 26, 16, 0, 0, 700);
    expect(expiryOf({ kind: 'span', ms: 3 * 86_400_000 }, 'Europe/Berlin', now)).toBe('2026-11-29T16:00:00');
    expect(expiryOf({ kind: 'date', typed: '2026-12-04 18:00' }, 'Europe/Berlin', now)).toBe('2026-12-04T17:00:00');
    expect(expiryOf({ kind: 'date', typed: '2026-12-04 18:00' }, 'UTC', now)).toBe('2026-12-04T18:00:00');
    // 02:30 on the day Berlin's clocks go forward does not exist there.
    expect(expiryOf({ kind: 'date', typed: '2027-03-28 02:30' }, 'Europe/Berlin', now)).toBeUndefined();
  });
});
