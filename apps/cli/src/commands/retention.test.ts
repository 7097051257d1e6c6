import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { parseDays, retentionChange, retentionText } from './retention.js';

describe('assay retention (issue 51 item 2)', () => {
  it('reads a period as whole days or "keep", and refuses anything else as a usage error', () => {
    expect(parseDays('365')).toBe(365);
    expect(parseDays('keep')).toBe('keep');
    for (const bad of ['', '1.5', '-3', 'forever', '365d', '123456']) expect(() => parseDays(bad)).toThrow(InvalidArgumentError);
  });

  it('sends only the periods given, and at least one', () => {
    expect(retentionChange({ endedDays: 400, unstartedDays: 'keep' })).toEqual({ endedDays: 400, unstartedDays: null });
    expect(() => retentionChange({})).toThrow(UsageError);
  });

  it('says each period in words', () => {
    expect(retentionText({ endedDays: 365, mediaDays: 1, unstartedDays: null })).toBe(
      [
        'Ended invitations erased:       365 days after they ended (completed, expired or cancelled)',
        'Snapshots and playback deleted: 1 day after the attempt ended (scores kept)',
        'Unstarted invitations erased:   kept (no rule)',
      ].join('\n'),
    );
  });
});
