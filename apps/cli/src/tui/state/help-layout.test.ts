import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { HINTS, type KeyHint } from '../hints.js';
import { helpLayout, helpLines } from './help-layout.js';
import type { InvitationMoveName } from './invitation-moves.js';

const ALL_MOVES: InvitationMoveName[] = ['cancel', 'reattempt', 'resend', 'extend', 'erase'];

const long = {
  keys: 'd',
  label: 'decide',
  help: 'shortlist, advance, reject, put on hold or clear, with an optional reason that the history keeps for the hiring team',
};

describe('the help at the terminal’s size (issue 61: garbled at 80×24)', () => {
  it('wraps an explanation under its key, cutting no word and no line past 80 columns', () => {
    const lines = helpLines([long, { keys: 'q/Esc', label: 'back' }], 80);
    expect(lines).toEqual([
      { keys: 'd', text: 'shortlist, advance, reject, put on hold or clear, with an optional' },
      { keys: '', text: 'reason that the history keeps for the hiring team' },
      { keys: 'q/Esc', text: 'back' },
    ]);
    for (const line of lines) expect(2 + 12 + stringWidth(line.text)).toBeLessThanOrEqual(80);
    expect(lines.map((line) => line.text).join(' ')).toBe(`${long.help} back`);
  });

  it('gives keys wider than their column a line of their own', () => {
    expect(helpLines([{ keys: 'PgUp PgDn Home End', label: 'move by a page, to the first or last row' }], 80)).toEqual([
      { keys: 'PgUp PgDn Home End', text: '' },
      { keys: '', text: 'move by a page, to the first or last row' },
    ]);
  });

  it('shows all of a help that fits, and a window one line short of the room of one that does not', () => {
    expect(helpLayout([long], 80, 20)).toMatchObject({ shown: 2, overflow: 0 });
    const many = Array.from({ length: 30 }, (_, index) => ({ keys: String(index), label: `key ${index}` }));
    // 20 rows: the title, a blank, 15 keys, the window's line, a blank, the closing line.
    expect(helpLayout(many, 80, 20)).toMatchObject({ shown: 15, overflow: 15 });
  });

  it('lays out every screen’s keys at 80 columns with no line wider than the terminal', () => {
    const entries: unknown[] = Object.values(HINTS);
    const lists = entries.flatMap((value): KeyHint[][] =>
      Array.isArray(value) ? [value as KeyHint[]] : typeof value === 'function' ? [] : [[value as KeyHint]],
    );
    // The lists made per key and per row, with everything offered: the longest helps there are.
    lists.push(
      HINTS.invitations(ALL_MOVES, { decide: true, annotate: true }),
      HINTS.report(ALL_MOVES, true),
      HINTS.notes({ write: true, own: true }),
      HINTS.retention(true),
      HINTS.reminders(true),
      HINTS.testSettings(true),
    );
    expect(lists.length).toBeGreaterThan(20);
    for (const hints of lists) {
      for (const line of helpLines(hints, 80)) expect(2 + Math.max(12, stringWidth(line.keys) + 1) + stringWidth(line.text)).toBeLessThanOrEqual(80);
    }
  });
});
