import { describe, expect, it } from 'vitest';
import { char, named, type Keystroke } from '../input/keystroke.js';
import { KeyRouter } from './keyboard.js';

describe('KeyRouter', () => {
  const setUp = () => {
    let target: string | null = 'a';
    const frame: Keystroke[] = [];
    const router = new KeyRouter(
      () => target,
      (stroke) => frame.push(stroke),
    );
    return { router, frame, goTo: (next: string | null) => (target = next) };
  };

  it('gives keys to the screen on top, and what it passes to the frame', () => {
    const { router, frame } = setUp();
    const seen: Keystroke[] = [];
    router.listen('a', (stroke) => {
      seen.push(stroke);
      return stroke.type === 'char';
    });
    router.mount('a');
    router.route(char('x'));
    router.route(named('escape'));
    expect(seen).toEqual([char('x'), named('escape')]);
    expect(frame).toEqual([named('escape')]);
  });

  it('holds the keys after one that opens a screen until that screen has mounted, then sends them to it in order', () => {
    const { router, goTo } = setUp();
    const onB: Keystroke[] = [];
    router.listen('a', (stroke) => {
      if (stroke.type === 'key' && stroke.name === 'return') goTo('b');
      return true;
    });
    router.mount('a');
    router.route(named('return'));
    router.route(char('l'));
    router.route(char('m'));
    expect(onB).toEqual([]);
    router.listen('b', (stroke) => onB.push(stroke) > 0);
    router.mount('b');
    expect(onB).toEqual([char('l'), char('m')]);
  });

  it('sends every key to the frame while it takes them all (the help), and to it when a screen has no handler', () => {
    const { router, frame, goTo } = setUp();
    router.mount('a');
    router.route(char('q'));
    goTo(null);
    router.route(char('?'));
    expect(frame).toEqual([char('q'), char('?')]);
  });
});
