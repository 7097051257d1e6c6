import { describe, expect, it } from 'vitest';
import { newAccessKey, newInvitationToken } from '../src/random-keys.js';

describe('random keys', () => {
  it('draws URL-safe tokens and access keys of their lengths, never the same twice', () => {
    const tokens = Array.from({ length: 20_000 }, newInvitationToken);
    const keys = Array.from({ length: 20_000 }, newAccessKey);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set([...tokens, ...keys]).size).toBe(40_000);
  });
});
