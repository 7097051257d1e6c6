import { describe, expect, it } from 'vitest';
import { readResultsText, resultsTextOf } from './attempt-results-text.js';

/** The reading the export used before it read in place: each part cut out, then `Number` and `JSON.parse`. */
const readBySlices = (text: string, positionOf: ReadonlyMap<number, number>, size: number) => {
  const marks = new Array<number | null>(size).fill(null);
  const cases = new Array<readonly boolean[] | null>(size).fill(null);
  for (const entry of text.split(';')) {
    const [id, mark, ...rest] = entry.split(':');
    const position = positionOf.get(Number(id));
    if (position === undefined) continue;
    marks[position] = Number(mark);
    const verdicts = rest.join(':');
    if (verdicts !== '') cases[position] = JSON.parse(verdicts) as boolean[];
  }
  return { marks, cases };
};

const read = (text: string, positionOf: ReadonlyMap<number, number>, size: number) => {
  const marks = new Array<number | null>(size).fill(null);
  const cases = new Array<readonly boolean[] | null>(size).fill(null);
  readResultsText(text, positionOf, marks, cases);
  return { marks, cases };
};

/** Marks as scoring writes them (JavaScript's shortest text) and as the backfill does (17 significant digits). */
const MARKS = [0, -0, 1, 2, 7.5, -0.25, -1 / 3, 0.1 + 0.2, 1e-7, 1e21, 123456789012345, 1234567890123456, 0.000001, 99.99, -12.125, 2 ** 53 + 2];
const TEXTS = [
  ...MARKS.map((mark) => `${mark}`),
  ...MARKS.map((mark) => mark.toPrecision(17)),
  '-0',
  '007',
  '.5',
  '5.',
  '-',
  '',
  '+3',
  ' 4',
  '1e3',
  'Infinity',
  '0.1234567890123456789',
];

describe('readResultsText', () => {
  it('reads every mark as Number reads its text: short decimals in place, the rest by Number', () => {
    const positionOf = new Map(TEXTS.map((_, index) => [index + 1, index]));
    const text = TEXTS.map((mark, index) => `${index + 1}:${mark}:`).join(';');
    expect(read(text, positionOf, TEXTS.length)).toEqual(readBySlices(text, positionOf, TEXTS.length));
    const signed = read(text, positionOf, TEXTS.length).marks;
    expect(Object.is(signed[TEXTS.indexOf('-0')], -0)).toBe(true);
  });

  it('reads verdicts as JSON.parse does, and leaves anything else to it', () => {
    const verdicts = ['[]', '[true]', '[false,true,false]', JSON.stringify(Array.from({ length: 40 }, (_, index) => index % 3 === 0))];
    const positionOf = new Map(verdicts.map((_, index) => [10 + index, index]));
    const text = verdicts.map((cases, index) => `${10 + index}:${index}:${cases}`).join(';');
    expect(read(text, positionOf, verdicts.length)).toEqual(readBySlices(text, positionOf, verdicts.length));
    for (const malformed of ['[true,]', '[tru]', '[true]]', '[true,,false]']) {
      expect(() => read(`1:1:${malformed}`, new Map([[1, 0]]), 1)).toThrow(SyntaxError);
    }
    for (const other of ['[ true]', '[1,2]', '{}']) {
      expect(read(`1:1:${other}`, new Map([[1, 0]]), 1).cases).toEqual([JSON.parse(other)]);
    }
  });

  it('reads what resultsTextOf writes, skipping questions not asked for', () => {
    const results = [
      { questionId: 53, marks: -0.5, cases: null },
      { questionId: 63, marks: 7.5, cases: [true, false, true] },
      { questionId: 99, marks: 3, cases: [false] },
      { questionId: 70, marks: -1 / 3, cases: [] },
    ];
    const positionOf = new Map([
      [53, 0],
      [63, 1],
      [70, 2],
    ]);
    expect(read(resultsTextOf(results), positionOf, 3)).toEqual({ marks: [-0.5, 7.5, -1 / 3], cases: [null, [true, false, true], []] });
  });
});
