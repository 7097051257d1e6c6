import { describe, expect, it } from 'vitest';
import { spreadsheetCell } from './spreadsheet-cell.js';

describe('spreadsheetCell', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","click")', `'=HYPERLINK("https://evil.example","click")`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "' =1+1"],
    ['\r=1+1', "' =1+1"],
    [' =1+1', "' =1+1"],
  ])('prefixes %j, which starts like a formula, with an apostrophe', (text, cell) => {
    expect(spreadsheetCell(text)).toBe(cell);
  });

  it('leaves ordinary text as it is, and shows controls the way the workbook does', () => {
    expect(spreadsheetCell('ada@example.com')).toBe('ada@example.com');
    expect(spreadsheetCell('Ada = Lovelace')).toBe('Ada = Lovelace');
    expect(spreadsheetCell('Ada\u202E ecalevoL')).toBe('Ada ecalevoL');
    expect(spreadsheetCell('a\nb')).toBe('a b');
  });
});
