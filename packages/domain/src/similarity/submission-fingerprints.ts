import { z } from 'zod';
import { ALL_LANGUAGES, languageProfile } from '../languages/registry.js';
import type { CodingLanguage } from '../schemas/coding-language.js';
import { codeTokens } from './code-tokens.js';
import { type ComparableSubmission, isComparable, MIN_FINGERPRINTS, SIMILARITY_THRESHOLD } from './compare-fingerprints.js';
import { type Fingerprint, winnow } from './winnowing.js';

/**
 * What is kept of a submission to compare it later (migration 033): its kept hashes with their token index and
 * lines, never the code again (the code stays in the answer). `family` says which submissions it is compared with
 * (stored as text, so a new family needs no migration): the language its profile names as `tokens.comparedWith`
 * (TypeScript's answers are compared with JavaScript's: one tokenizer), else its own. A profile's `comparedWith` is a
 * registered language (registry.test.ts).
 */
const familyOf = (language: CodingLanguage): CodingLanguage => (languageProfile(language).tokens.comparedWith as CodingLanguage | undefined) ?? language;
const FAMILIES = [...new Set(ALL_LANGUAGES.map(familyOf))] as [CodingLanguage, ...CodingLanguage[]];
export const TokenFamily = z.enum(FAMILIES);
export type TokenFamily = z.infer<typeof TokenFamily>;

export const tokenFamily = (language: CodingLanguage): TokenFamily => familyOf(language);

/** Stored form: [hash, token, firstLine, lastLine] per kept hash, JSON (a 200-line answer keeps ~120). */
export const StoredPrints = z.array(
  z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), z.number().int().positive(), z.number().int().positive()]),
);
export type StoredPrints = z.infer<typeof StoredPrints>;

export const fingerprintsOf = (code: string, language: CodingLanguage): Fingerprint[] => winnow(codeTokens(code, language));

export const storedPrints = (prints: readonly Fingerprint[]): StoredPrints => prints.map((print) => [print.hash, print.token, print.firstLine, print.lastLine]);

export const printsOfStored = (stored: StoredPrints): Fingerprint[] =>
  stored.map(([hash, token, firstLine, lastLine]) => ({ hash, token, firstLine, lastLine }));

/** The hashes of the starter code the question gave in this language: no evidence of anything, so never compared. */
export const starterHashes = (starterCode: string, language: CodingLanguage): Set<number> =>
  new Set(fingerprintsOf(starterCode, language).map((print) => print.hash));

/** One earlier submission of the question as the incremental pass reads it: its distinct kept hashes (starter code removed). */
export interface EarlierSubmission<Key> {
  readonly key: Key;
  readonly hashes: ArrayLike<number>;
}

export interface ScoredEarlier<Key> {
  readonly key: Key;
  /** 0–1, two decimals. */
  readonly score: number;
}

/**
 * The incremental pass (issue 34: "recomputed incrementally as submissions arrive"): a new submission against every
 * earlier one of the same question and family, by their distinct hashes alone (a set lookup per hash: no fingerprint
 * positions are read for the pairs below the threshold). The caller reads the positions of the few at or above it and
 * works out their regions with `matchRegions`.
 */
export const scoreAgainstEarlier = <Key>(subject: ComparableSubmission, earlier: readonly EarlierSubmission<Key>[]): ScoredEarlier<Key>[] => {
  if (!isComparable(subject)) return [];
  const found: ScoredEarlier<Key>[] = [];
  for (const { key, hashes } of earlier) {
    if (hashes.length < MIN_FINGERPRINTS) continue;
    let shared = 0;
    for (let index = 0; index < hashes.length; index += 1) if (subject.distinct.has(hashes[index] as number)) shared += 1;
    const score = (2 * shared) / (subject.distinct.size + hashes.length);
    if (score >= SIMILARITY_THRESHOLD) found.push({ key, score: Math.round(score * 100) / 100 });
  }
  return found;
};
