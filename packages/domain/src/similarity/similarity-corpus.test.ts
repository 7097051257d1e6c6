import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { codeTokens } from './code-tokens.js';
import { comparable, comparePair, SIMILARITY_THRESHOLD, similarityScore } from './compare-fingerprints.js';
import { winnow } from './winnowing.js';

/**
 * The false-positive measure of decision 533: a corpus of honest solutions written independently (several per
 * problem, five problems, Python and JavaScript; test/fixtures/similarity/<problem>/honest-*) and disguised copies
 * of some of them (copy-of-<original>.*: renamed variables, reordered functions, changed comments). No honest pair
 * may reach the threshold; every copy must.
 */
const root = new URL('../../test/fixtures/similarity/', import.meta.url);
interface Entry {
  readonly problem: string;
  readonly name: string;
  readonly language: 'python' | 'javascript';
  readonly code: string;
}
const corpus: Entry[] = readdirSync(root).flatMap((problem) =>
  readdirSync(new URL(`${problem}/`, root)).map((name) => ({
    problem,
    name,
    language: name.endsWith('.py') ? ('python' as const) : ('javascript' as const),
    code: readFileSync(new URL(`${problem}/${name}`, root), 'utf8'),
  })),
);
const prepared = new Map(corpus.map((entry) => [entry, comparable(winnow(codeTokens(entry.code, entry.language)))]));
const score = (left: Entry, right: Entry) => similarityScore(prepared.get(left)!, prepared.get(right)!);
const sameQuestion = (left: Entry, right: Entry) => left.problem === right.problem && left.language === right.language;
const isCopy = (entry: Entry) => entry.name.startsWith('copy-of-');
const originalOf = (copy: Entry) => corpus.find((entry) => sameQuestion(entry, copy) && entry.name === copy.name.slice('copy-of-'.length));

describe('the honest corpus and its disguised copies (decision 533)', () => {
  const honest = corpus.filter((entry) => !isCopy(entry));
  const honestPairs = honest.flatMap((left, index) =>
    honest
      .slice(index + 1)
      .filter((right) => sameQuestion(left, right))
      .map((right) => [left, right] as const),
  );
  const copies = corpus.filter(isCopy);

  it('is big enough to mean something', () => {
    expect(honest.length).toBeGreaterThanOrEqual(36);
    expect(honestPairs.length).toBeGreaterThanOrEqual(50);
    expect(copies.length).toBeGreaterThanOrEqual(10);
  });

  it('no two honest solutions of the same question reach the threshold', () => {
    const flagged = honestPairs.filter(([left, right]) => score(left, right) >= SIMILARITY_THRESHOLD);
    expect(flagged.map(([left, right]) => `${left.problem}/${left.name} ~ ${right.name}: ${score(left, right).toFixed(2)}`)).toEqual([]);
  });

  it('every disguised copy reaches it, with a region covering most of its original', () => {
    for (const copy of copies) {
      const original = originalOf(copy);
      expect(original, copy.name).toBeDefined();
      const { score: found, regions } = comparePair(prepared.get(original!)!, prepared.get(copy)!);
      expect(found, `${copy.problem}/${copy.name}`).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
      expect(regions.length, `${copy.problem}/${copy.name}`).toBeGreaterThan(0);
    }
  });

  it('the worst honest pair is well below the weakest copy (the margin the threshold sits in)', () => {
    const worstHonest = Math.max(...honestPairs.map(([left, right]) => score(left, right)));
    const weakestCopy = Math.min(...copies.map((copy) => score(originalOf(copy)!, copy)));
    console.info(
      `similarity corpus: ${honestPairs.length} honest pairs (worst ${worstHonest.toFixed(2)}), ${copies.length} copies (weakest ${weakestCopy.toFixed(2)})`,
    );
    expect(worstHonest).toBeLessThan(weakestCopy);
  });
});
