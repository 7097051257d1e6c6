import type { CodeToken } from './code-tokens.js';

/**
 * Winnowing (Schleimer, Wilkerson and Aiken 2003, as MOSS and Dolos use it): every k consecutive tokens are hashed,
 * and of every window of `window` consecutive hashes the smallest is kept (the rightmost on a tie, once per run).
 * Any shared run of at least k + window - 1 tokens is then certain to share a kept hash, and no shared run shorter
 * than k can. Decisions 531 and 532 say why k = 12 and window = 8.
 */
export const KGRAM = 12;
export const WINDOW = 8;

/** One kept k-gram: its hash, the index of its first token, and the lines its tokens span. */
export interface Fingerprint {
  readonly hash: number;
  readonly token: number;
  readonly firstLine: number;
  readonly lastLine: number;
}

/** FNV-1a of a token's text, 32 bits: tokens are a few characters, so this is cheap and spreads well. */
const tokenHash = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
};

const MIX = 0x9e3779b1;

/** The hash of tokens [start, start + k): an order-sensitive mix of the token hashes, unsigned 32 bits. */
const kgramHash = (hashes: Uint32Array, start: number, k: number): number => {
  let hash = 0;
  for (let index = start; index < start + k; index += 1) {
    hash = Math.imul(hash ^ (hashes[index] as number), MIX);
    hash ^= hash >>> 15;
  }
  return hash >>> 0;
};

/** The winnowed fingerprints of a token stream, in token order; none for fewer than k tokens. */
export const winnow = (tokens: readonly CodeToken[], k = KGRAM, window = WINDOW): Fingerprint[] => {
  const count = tokens.length - k + 1;
  if (count <= 0) return [];
  const tokenHashes = Uint32Array.from(tokens, (token) => tokenHash(token.text));
  const grams = new Uint32Array(count);
  for (let start = 0; start < count; start += 1) grams[start] = kgramHash(tokenHashes, start, k);
  const kept: Fingerprint[] = [];
  const keep = (start: number) =>
    kept.push({
      hash: grams[start] as number,
      token: start,
      firstLine: (tokens[start] as CodeToken).line,
      lastLine: (tokens[start + k - 1] as CodeToken).line,
    });
  if (count <= window) {
    // Shorter than one window: the window is the whole stream.
    let least = 0;
    for (let index = 1; index < count; index += 1) if ((grams[index] as number) <= (grams[least] as number)) least = index;
    keep(least);
    return kept;
  }
  let chosen = -1;
  for (let end = window - 1; end < count; end += 1) {
    const begin = end - window + 1;
    if (chosen < begin) {
      // The chosen one left the window: scan it whole (rightmost smallest).
      chosen = begin;
      for (let index = begin + 1; index <= end; index += 1) if ((grams[index] as number) <= (grams[chosen] as number)) chosen = index;
      keep(chosen);
    } else if ((grams[end] as number) <= (grams[chosen] as number)) {
      chosen = end;
      keep(chosen);
    }
  }
  return kept;
};
