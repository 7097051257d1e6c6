import { describe, expect, it } from 'vitest';
import { sampleRunShare, sampleRunsBusy, scoringShare } from './sandbox-share.js';

describe('shares of the sandbox', () => {
  it('places a sample run by org, link, client address and attempt; a direct invitation by its test', () => {
    expect(sampleRunShare({ id: 7, orgId: 2, testId: 3, testLinkId: 11 }, '192.0.2.1')).toEqual({
      candidate: 'attempt:7',
      link: 'link:11',
      address: '192.0.2.1',
      org: 'org:2',
    });
    expect(sampleRunShare({ id: 8, orgId: 2, testId: 3, testLinkId: null }, '192.0.2.1').link).toBe('test:3');
  });

  it('places the scoring of an attempt by org, link and attempt', () => {
    expect(scoringShare({ id: 7, orgId: 2, testId: 3, testLinkId: null })).toEqual({ candidate: 'attempt:7', link: 'test:3', org: 'org:2' });
  });

  it('answers a refusal past the queue bound with 503.2 and whole seconds to wait, at least one', () => {
    expect(sampleRunsBusy(12_300)).toEqual({ kind: 'server-busy', message: 'Sample runs are busy right now: try again in 13 s.', retryAfterSeconds: 13 });
    expect(sampleRunsBusy(0).retryAfterSeconds).toBe(1);
  });
});
