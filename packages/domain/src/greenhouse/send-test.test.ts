import { describe, expect, it } from 'vitest';
import { InvitationStatus } from '../invitation-status.js';
import { decideGreenhouseSend, greenhouseEmailsLink } from './send-test.js';

describe('decideGreenhouseSend', () => {
  it('registers the first send of an application and test', () => {
    expect(decideGreenhouseSend(undefined)).toBe('register');
  });

  const expected: Record<InvitationStatus, 'register' | 'keep'> = {
    Pending: 'keep',
    Reset: 'keep',
    'In progress': 'keep',
    Completed: 'keep',
    // A cancel in Assay, then "Send Test" again: a new invitation under the same interview.
    Cancelled: 'register',
  };
  for (const status of InvitationStatus.options) {
    it(`sent again while its invitation is ${status}: ${expected[status]}`, () => {
      expect(decideGreenhouseSend({ status })).toBe(expected[status]);
    });
  }
});

describe('greenhouseEmailsLink', () => {
  it('emails the link while the test can be taken, never after', () => {
    expect(InvitationStatus.options.filter(greenhouseEmailsLink)).toEqual(['Pending', 'In progress', 'Reset']);
  });
});
