import { describe, expect, it } from 'vitest';
import { printedLines } from './printed-pieces.js';

describe('printedLines', () => {
  it('keeps each line with its trailing whitespace and newline apart', () => {
    expect(printedLines('14\n9 \n')).toEqual([
      { text: '14', trailing: '', newline: true },
      { text: '9', trailing: ' ', newline: true },
    ]);
  });

  it('knows a last line without a newline, blank lines, tabs and \\r', () => {
    expect(printedLines('a\n\nb\t\r\nc')).toEqual([
      { text: 'a', trailing: '', newline: true },
      { text: '', trailing: '', newline: true },
      { text: 'b', trailing: '\t\r', newline: true },
      { text: 'c', trailing: '', newline: false },
    ]);
    expect(printedLines('')).toEqual([]);
    expect(printedLines('  ')).toEqual([{ text: '', trailing: '  ', newline: false }]);
  });

  it('puts every character back in order', () => {
    const text = 'x  \ny\n\n z\t';
    expect(
      printedLines(text)
        .map((line) => line.text + line.trailing + (line.newline ? '\n' : ''))
        .join(''),
    ).toBe(text);
  });
});
