import { describe, expect, it } from 'vitest';
import { bulkJobProgress, invitationEmailRunAt } from './bulk-job-progress.js';
import { bulkFileKeyText } from './bulk-file-identity.js';

describe('bulkJobProgress', () => {
  it('is queued until a worker starts, running while rows wait, finished when none do', () => {
    expect(bulkJobProgress({ total: 10, invited: 0, alreadyInvited: 0, refused: 2, started: false })).toEqual({ state: 'queued', pending: 8, percent: 20 });
    expect(bulkJobProgress({ total: 10, invited: 3, alreadyInvited: 1, refused: 2, started: true })).toEqual({ state: 'running', pending: 4, percent: 60 });
    expect(bulkJobProgress({ total: 10, invited: 7, alreadyInvited: 1, refused: 2, started: true })).toEqual({ state: 'finished', pending: 0, percent: 100 });
  });

  it('finishes a file whose rows were all refused without a worker', () => {
    expect(bulkJobProgress({ total: 2, invited: 0, alreadyInvited: 0, refused: 2, started: false }).state).toBe('finished');
  });
});

describe('invitationEmailRunAt', () => {
  it('lets perMinute emails go in each minute', () => {
    expect([0, 599, 600, 1199, 1200].map((index) => invitationEmailRunAt(index, 1000, 600))).toEqual([1000, 1000, 61_000, 61_000, 121_000]);
  });
});

describe('bulkFileKeyText', () => {
  it('is the same for the same rows however they were written, and differs per org, test and content', () => {
    const csvRows = [{ email: ' A@Example.com', name: 'Ann ', extraTimePercent: '10' }];
    const jsonRows = [{ email: 'a@example.com', name: 'Ann', extraTimePercent: 10 }];
    expect(bulkFileKeyText(1, 2, csvRows)).toBe(bulkFileKeyText(1, 2, jsonRows));
    expect(bulkFileKeyText(1, 3, csvRows)).not.toBe(bulkFileKeyText(1, 2, csvRows));
    expect(bulkFileKeyText(9, 2, csvRows)).not.toBe(bulkFileKeyText(1, 2, csvRows));
    expect(bulkFileKeyText(1, 2, [{ ...jsonRows[0], name: 'Anna' }])).not.toBe(bulkFileKeyText(1, 2, jsonRows));
  });
});
