import type { Key } from 'ink';
import { describe, expect, it } from 'vitest';
import { char, keystrokesOf, named } from './keystroke.js';

/** What Ink's useInput reports for a read: no flag set unless named. */
const key = (flags: Partial<Key> = {}): Key => ({
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
  ...flags,
});

describe('keystrokesOf: what a read from the terminal means, key by key', () => {
  it.each([
    ['↑', key({ upArrow: true }), named('up')],
    ['↓', key({ downArrow: true }), named('down')],
    ['←', key({ leftArrow: true }), named('left')],
    ['→', key({ rightArrow: true }), named('right')],
    ['PgUp', key({ pageUp: true }), named('pageUp')],
    ['PgDn', key({ pageDown: true }), named('pageDown')],
    ['Home', key({ home: true }), named('home')],
    ['End', key({ end: true }), named('end')],
    ['Enter', key({ return: true }), named('return')],
    ['Esc', key({ escape: true, meta: true }), named('escape')],
    ['Tab', key({ tab: true }), named('tab')],
    ['Shift+Tab', key({ tab: true, shift: true }), named('backTab')],
    ['Backspace (BS)', key({ backspace: true }), named('backspace')],
    ['Backspace (DEL, which Ink names delete)', key({ delete: true }), named('backspace')],
  ])('%s', (_name, flags, stroke) => expect(keystrokesOf('', flags)).toEqual([stroke]));

  it('reads Ctrl with a letter, and drops Alt combinations', () => {
    expect(keystrokesOf('s', key({ ctrl: true }))).toEqual([{ type: 'ctrl', letter: 's' }]);
    expect(keystrokesOf('x', key({ meta: true }))).toEqual([]);
  });

  it('splits a chunk of several keys into one keystroke each', () => {
    expect(keystrokesOf('hello', key())).toEqual([...'hello'].map(char));
    expect(keystrokesOf('q@ex.co\tQuinn', key())).toEqual([...[...'q@ex.co'].map(char), named('tab'), ...[...'Quinn'].map(char)]);
    expect(keystrokesOf('ok\r', key())).toEqual([char('o'), char('k'), named('return')]);
    // Typed ahead, before raw mode: the terminal's line discipline has made Enter a LF.
    expect(keystrokesOf('/fund\n', key())).toEqual([...[...'/fund'].map(char), named('return')]);
  });

  it('treats every DEL or BS inside a chunk as a Backspace, never as text', () => {
    expect(keystrokesOf('\u007F\u007F', key())).toEqual([named('backspace'), named('backspace')]);
    expect(keystrokesOf('ab\u007F\b\u007F', key())).toEqual([char('a'), char('b'), named('backspace'), named('backspace'), named('backspace')]);
  });

  it('reads a Ctrl+letter inside a chunk as that key (text typed, then Ctrl+S at once)', () => {
    expect(keystrokesOf('Ada\u0013', key())).toEqual([char('A'), char('d'), char('a'), { type: 'ctrl', letter: 's' }]);
    expect(keystrokesOf('\u0001x\u001A', key())).toEqual([{ type: 'ctrl', letter: 'a' }, char('x'), { type: 'ctrl', letter: 'z' }]);
  });

  it('drops every other control character, and keeps what is printable', () => {
    expect(keystrokesOf('a\u0000b\u001Fc\u009B', key())).toEqual([char('a'), char('b'), char('c')]);
    expect(keystrokesOf('é😀', key())).toEqual([char('é'), char('😀')]);
  });
});
