import { KGRAM, WINDOW, type Fingerprint } from './winnowing.js';

/**
 * How alike two submissions are, and where (issue 34, item 1). The score is the Dice coefficient of their distinct
 * kept hashes (2·shared / (a + b), 0–1), after dropping the hashes of the question's starter code: code every
 * candidate was given is no evidence. The regions are the shared runs, each a line range in both submissions.
 * Decision 533 sets the threshold, 534 the smallest submission compared.
 */
export const SIMILARITY_THRESHOLD = 0.5;
/** Fewer distinct kept hashes than this (after the starter code's) and a submission is too small to compare. */
export const MIN_FINGERPRINTS = 6;
/** At most this many regions are kept of a pair: the longest ones. */
export const MAX_REGIONS = 12;

export interface LineRange {
  readonly from: number;
  readonly to: number;
}
export interface MatchRegion {
  readonly left: LineRange;
  readonly right: LineRange;
}
export interface PairComparison {
  readonly score: number;
  readonly regions: MatchRegion[];
}

/** A submission made ready for many comparisons: its fingerprints and its distinct hashes, starter code removed. */
export interface ComparableSubmission {
  readonly prints: readonly Fingerprint[];
  readonly distinct: ReadonlySet<number>;
}

export const comparable = (prints: readonly Fingerprint[], ignored: ReadonlySet<number> = new Set()): ComparableSubmission => {
  const kept = prints.filter((print) => !ignored.has(print.hash));
  return { prints: kept, distinct: new Set(kept.map((print) => print.hash)) };
};

/** Whether a submission has enough of its own to compare at all. */
export const isComparable = (submission: ComparableSubmission): boolean => submission.distinct.size >= MIN_FINGERPRINTS;

/** The Dice score of two submissions alone (cheap: what the incremental pass computes for every stored one). */
export const similarityScore = (left: ComparableSubmission, right: ComparableSubmission): number => {
  if (!isComparable(left) || !isComparable(right)) return 0;
  const [small, large] = left.distinct.size <= right.distinct.size ? [left.distinct, right.distinct] : [right.distinct, left.distinct];
  let shared = 0;
  for (const hash of small) if (large.has(hash)) shared += 1;
  return (2 * shared) / (left.distinct.size + right.distinct.size);
};

interface Fragment {
  diagonal: number;
  lastToken: number;
  left: { from: number; to: number };
  right: { from: number; to: number };
  prints: number;
}

const touches = (a: LineRange, b: LineRange) => a.from <= b.to + 1 && b.from <= a.to + 1;

/** Region merging: fragments whose line ranges touch on both sides are one region. */
const mergeRegions = (regions: MatchRegion[]): MatchRegion[] => {
  const merged: MatchRegion[] = [];
  for (const region of [...regions].sort((a, b) => a.left.from - b.left.from || a.right.from - b.right.from)) {
    const into = merged.find((kept) => touches(kept.left, region.left) && touches(kept.right, region.right));
    if (into) {
      const index = merged.indexOf(into);
      merged[index] = {
        left: { from: Math.min(into.left.from, region.left.from), to: Math.max(into.left.to, region.left.to) },
        right: { from: Math.min(into.right.from, region.right.from), to: Math.max(into.right.to, region.right.to) },
      };
    } else merged.push(region);
  }
  return merged;
};

/**
 * The shared runs of two submissions: matching kept hashes paired up, grouped along a diagonal (the same token
 * offset between the two, allowing a gap of one window: a line added in between splits nothing), each group a
 * region of lines on both sides. A run needs two kept hashes to count (one may be chance).
 */
export const matchRegions = (left: ComparableSubmission, right: ComparableSubmission): MatchRegion[] => {
  const byHash = new Map<number, Fingerprint[]>();
  for (const print of right.prints) {
    const list = byHash.get(print.hash);
    if (list) list.length < 8 && list.push(print);
    else byHash.set(print.hash, [print]);
  }
  const pairs: { a: Fingerprint; b: Fingerprint }[] = [];
  for (const a of left.prints) for (const b of byHash.get(a.hash) ?? []) pairs.push({ a, b });
  pairs.sort((x, y) => x.b.token - x.a.token - (y.b.token - y.a.token) || x.a.token - y.a.token);
  const fragments: Fragment[] = [];
  let open: Fragment | undefined;
  for (const { a, b } of pairs) {
    const diagonal = b.token - a.token;
    if (open && open.diagonal === diagonal && a.token - open.lastToken <= KGRAM + WINDOW) {
      open.lastToken = a.token;
      open.left.to = Math.max(open.left.to, a.lastLine);
      open.right.to = Math.max(open.right.to, b.lastLine);
      open.prints += 1;
      continue;
    }
    open = { diagonal, lastToken: a.token, left: { from: a.firstLine, to: a.lastLine }, right: { from: b.firstLine, to: b.lastLine }, prints: 1 };
    fragments.push(open);
  }
  const regions = mergeRegions(fragments.filter((fragment) => fragment.prints >= 2).map(({ left: l, right: r }) => ({ left: { ...l }, right: { ...r } })));
  return regions
    .sort((x, y) => y.left.to - y.left.from - (x.left.to - x.left.from) || x.left.from - y.left.from)
    .slice(0, MAX_REGIONS)
    .sort((x, y) => x.left.from - y.left.from);
};

/** Score and regions of one pair. */
export const comparePair = (left: ComparableSubmission, right: ComparableSubmission): PairComparison => ({
  score: similarityScore(left, right),
  regions: matchRegions(left, right),
});
