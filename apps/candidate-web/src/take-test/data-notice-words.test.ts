import { describe, expect, it } from 'vitest';
import { holderWords, retentionWords } from './data-notice-words.js';

describe('the data notice in words (issue 51 item 4)', () => {
  it('names the holder', () => {
    expect(holderWords('Acme Hiring')).toMatch(/^Acme Hiring holds what this test records about you/);
  });

  it('states the retention in days, or sends the candidate to the holder when none is set', () => {
    expect(retentionWords({ holder: 'Acme', retentionDays: 180 })).toBe(
      'It is kept for 180 days after your invitation ends (you finish, it expires or it is cancelled), then erased.',
    );
    expect(retentionWords({ holder: 'Acme', retentionDays: 1 })).toMatch(/^It is kept for 1 day after/);
    expect(retentionWords({ holder: 'Acme', retentionDays: null })).toBe('How long it is kept is up to Acme: ask them.');
  });
});
