import { describe, expect, it } from 'vitest';
import { codeTokens } from './code-tokens.js';
import { comparable, comparePair, isComparable, SIMILARITY_THRESHOLD, similarityScore } from './compare-fingerprints.js';
import { winnow } from './winnowing.js';

const prepare = (code: string, ignored?: ReadonlySet<number>) => comparable(winnow(codeTokens(code, 'python')), ignored);

const first = `def area(shape):
    if shape["kind"] == "circle":
        return 3.14159 * shape["r"] ** 2
    if shape["kind"] == "square":
        return shape["side"] * shape["side"]
    return shape["w"] * shape["h"]


def total_area(shapes):
    total = 0
    for s in shapes:
        total += area(s)
    return total
`;
// The same two functions, swapped, renamed and with a comment: the lines move, the regions follow them.
const second = `# helpers
def sum_all(items):
    acc = 0
    for it in items:
        acc += size(it)
    return acc


def size(f):
    if f["kind"] == "circle":
        return 3.14159 * f["r"] ** 2
    if f["kind"] == "square":
        return f["side"] * f["side"]
    return f["w"] * f["h"]
`;

describe('comparePair', () => {
  it('scores a reordered, renamed copy above the threshold and finds the moved function on its new lines', () => {
    const { score, regions } = comparePair(prepare(first), prepare(second));
    expect(score).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
    expect(regions).toContainEqual({ left: { from: 1, to: 6 }, right: { from: 9, to: 14 } });
  });

  it('ignores the starter code every candidate was given', () => {
    const starter = first;
    const ignored = new Set(winnow(codeTokens(starter, 'python')).map((print) => print.hash));
    expect(similarityScore(prepare(first, ignored), prepare(second, ignored))).toBe(0);
  });

  it('does not compare a submission too small to say anything', () => {
    expect(isComparable(prepare('def f(a, b):\n    return a + b\n'))).toBe(false);
    expect(similarityScore(prepare('def f(a, b):\n    return a + b\n'), prepare('def g(x, y):\n    return x + y\n'))).toBe(0);
  });
});
