import { describe, expect, it } from 'vitest';
import { candidateOfUnsubscribeToken, unsubscribeToken, unsubscribeUrl } from './unsubscribe-token.js';

const KEY = 'k'.repeat(43);

describe('unsubscribe tokens', () => {
  it('name the candidate they were signed for', () => {
    expect(candidateOfUnsubscribeToken(KEY, unsubscribeToken(KEY, 42))).toBe(42);
  });

  it('refuse another key, another candidate, and malformed text', () => {
    const token = unsubscribeToken(KEY, 42);
    expect(candidateOfUnsubscribeToken('other', token)).toBeUndefined();
    expect(candidateOfUnsubscribeToken(KEY, token.replace(/^42\./, '43.'))).toBeUndefined();
    for (const bad of ['', '42', '42.', '0.abc', `042.${token.split('.')[1]}`, `${token}x`]) expect(candidateOfUnsubscribeToken(KEY, bad)).toBeUndefined();
  });

  it('make the page URL under the public URL', () => {
    expect(unsubscribeUrl('https://assay.example', 'a.b')).toBe('https://assay.example/unsubscribe/a.b');
  });
});
