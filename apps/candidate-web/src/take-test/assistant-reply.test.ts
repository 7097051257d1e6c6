import { describe, expect, it } from 'vitest';
import { budgetWords, replySegments } from './assistant-reply.js';

describe('replySegments', () => {
  it('splits prose and fenced code, keeping the code as written', () => {
    expect(replySegments('Try this:\n\n```js\nconst a = 1;\n  return a;\n```\nThen <b>run</b> it.')).toEqual([
      { kind: 'text', text: 'Try this:' },
      { kind: 'code', code: 'const a = 1;\n  return a;', info: 'js' },
      { kind: 'text', text: 'Then <b>run</b> it.' },
    ]);
  });

  it('runs an unclosed fence to the end (a reply still streaming)', () => {
    expect(replySegments('Look:\n~~~\nx = 1\ny')).toEqual([
      { kind: 'text', text: 'Look:' },
      { kind: 'code', code: 'x = 1\ny', info: '' },
    ]);
  });
});

describe('budgetWords', () => {
  it('says what is left, and plainly when nothing is', () => {
    expect(budgetWords(8, 30)).toBe('8 of 30 messages left');
    expect(budgetWords(0, 30)).toBe('No messages left of 30: carry on without the assistant.');
  });
});
