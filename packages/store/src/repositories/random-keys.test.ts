import { describe, expect, it } from 'vitest';
import { newAccessKey, newInvitationToken } from './random-keys.js';

describe('random keys', () => {
  it('draws URL-safe tokens and access keys with their random parts whole, never the same twice', () => {
    const tokens = Array.from({ length: 20_000 }, newInvitationToken);
    const keys = Array.from({ length: 20_000 }, newAccessKey);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-z]{8}[A-Za-z0-9_-]{43}$/);
    for (const key of keys) expect(key).toMatch(/^[0-9a-z]{8}[A-Za-z0-9_-]{22}$/);
    expect(new Set([...tokens, ...keys]).size).toBe(40_000);
    expect(new Set(tokens.map((token) => token.slice(8, 16))).size).toBeGreaterThan(19_990);
  });

  it('draws every symbol of the random part from all 64, the last one too (no padding, no leftover bits)', () => {
    const draws = { token: Array.from({ length: 5_000 }, newInvitationToken), key: Array.from({ length: 5_000 }, newAccessKey) };
    for (const keys of Object.values(draws)) {
      for (const position of [8, 20, keys[0]!.length - 1]) expect(new Set(keys.map((key) => key[position])).size).toBe(64);
    }
  });

  it('sort by the time they were made, so new keys share the last pages of their index', async () => {
    const first = newAccessKey();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = newAccessKey();
    expect(first.slice(0, 8) < second.slice(0, 8)).toBe(true);
    expect(Number.parseInt(second.slice(0, 8), 36)).toBeLessThanOrEqual(Date.now());
  });
});
