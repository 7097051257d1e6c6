import { describe, expect, it } from 'vitest';
import { ReplyHold, type ReplyHoldMode } from './reply-hold.js';

/** Feeds the pieces, answering what was released, whether holding began and where. */
const feed = (mode: ReplyHoldMode, pieces: readonly string[]) => {
  const hold = new ReplyHold(mode);
  let released = '';
  let startedAt: number | undefined;
  pieces.forEach((piece, index) => {
    const step = hold.feed(piece);
    released += step.release;
    if (step.startedHolding) startedAt = index;
  });
  return { released: released + hold.flush(), startedAt, holding: hold.holding };
};

describe('ReplyHold', () => {
  it('releases prose as it comes, and holds from a fence on, even one split across pieces', () => {
    expect(feed('prose-then-hold', ['Think ', 'about the ', 'empty list.'])).toEqual({
      released: 'Think about the empty list.',
      startedAt: undefined,
      holding: false,
    });
    const split = feed('prose-then-hold', ['Here:\n\n`', '`', '`js\nfunction sum() {}\n```\nDone.']);
    expect(split).toEqual({ released: 'Here:\n\n', startedAt: 2, holding: true });
    expect(feed('prose-then-hold', ['Use ~~~ blocks'])).toMatchObject({ released: 'Use ', holding: true });
  });

  it('holds a line indented as code, and keeps back only a line’s leading spaces while they could become code', () => {
    expect(feed('prose-then-hold', ['Try:\n', '  ', '  return 0;'])).toEqual({ released: 'Try:\n', startedAt: 2, holding: true });
    expect(feed('prose-then-hold', ['Try:\n', '  ', 'a list'])).toEqual({ released: 'Try:\n  a list', startedAt: undefined, holding: false });
    expect(feed('prose-then-hold', ['\treturn 0;'])).toMatchObject({ released: '', holding: true });
    // A backtick or two at the end waits for the next piece: a single one is inline code, prose.
    const hold = new ReplyHold('prose-then-hold');
    expect(hold.feed('call `').release).toBe('call ');
    expect(hold.feed('sum` now').release).toBe('`sum` now');
  });

  it('releases nothing before the check when holding all, and everything when passing all', () => {
    expect(feed('hold-all', ['The answer ', 'is GET.'])).toEqual({ released: '', startedAt: undefined, holding: true });
    expect(feed('pass-all', ['```js\n', 'code\n```'])).toEqual({ released: '```js\ncode\n```', startedAt: undefined, holding: false });
  });
});
