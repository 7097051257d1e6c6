import { describe, expect, it } from 'vitest';
import { named, char } from '../input/keystroke.js';
import { passed, taken } from '../input/key-decision.js';
import { historyKeys, historyRows } from './history-view.js';
import { clampTop } from './scroll-keys.js';
import { reportKeys } from './screen-keys.js';

describe('the history screen’s state', () => {
  it('h on a report opens its invitation’s history', () => {
    expect(reportKeys('Completed', 42, char('h'))).toMatchObject({ effect: { open: { screen: 'history', testInvitationId: 42 } }, passed: false });
  });

  it('scrolls by a line or ten, reloads on r, passes the rest on', () => {
    expect(historyKeys(named('down'))).toEqual(taken({ type: 'scroll', delta: 1 }));
    expect(historyKeys(named('pageUp'))).toEqual(taken({ type: 'scroll', delta: -10 }));
    expect(historyKeys(char('r'))).toEqual(taken({ type: 'reload' }));
    expect(historyKeys(char('q'))).toEqual(passed());
  });

  it('keeps the first line shown within the lines there are', () => {
    expect(clampTop(-3, 30, 10)).toBe(0);
    expect(clampTop(25, 30, 10)).toBe(20);
    expect(clampTop(5, 4, 10)).toBe(0);
  });

  it('lists each entry as when (UTC, to the second), what and by whom, oldest first', () => {
    const rows = historyRows({
      testInvitationId: 7,
      entries: [
        { at: '2026-12-01T09:00:00.000Z', by: { keyId: 3, label: 'Recruiting' }, kind: 'created', details: { via: 'api', previousInvitationId: null } },
        { at: '2026-12-01T09:30:05.120Z', by: 'candidate', kind: 'started', details: {} },
      ],
      omitted: [],
    });
    expect(rows).toEqual([
      { when: '2026-12-01 09:00:00', what: 'Invitation created (api)', by: 'Recruiting' },
      { when: '2026-12-01 09:30:05', what: 'Attempt started', by: 'Candidate' },
    ]);
  });

  it('ends with what the history no longer keeps, one line per kind (decision 634)', () => {
    const rows = historyRows({
      testInvitationId: 7,
      entries: [{ at: '2026-12-01T09:00:00.000Z', by: 'candidate', kind: 'started', details: {} }],
      omitted: [{ kind: 'greenhouse-error', count: 130 }],
    });
    expect(rows.at(-1)).toEqual({ when: '', what: '… 130 more "Greenhouse error report" entries not kept (the first and the last of each kind are)', by: '' });
  });
});
