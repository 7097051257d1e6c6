import { describe, expect, it } from 'vitest';
import type { HistoryEvent, StoredHistoryEntry } from './history-events.js';
import { invitationHistoryOf } from './invitation-history.js';
import { completedWindowsOf, exportEntriesOf, firstCompletionOf, type TestExport } from './test-exports.js';

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const panel = { keyId: 4, label: 'Panel A' };
const entry = (at: number, event: HistoryEvent): StoredHistoryEntry => ({ at, by: 'candidate', event });
const submitted = (at: number) => entry(at, { kind: 'submitted', details: {} });
const reset = (at: number) => ({ at, by: panel, event: { kind: 'reset', details: {} } }) satisfies StoredHistoryEntry;
const excel = (at: number, by = panel): TestExport => ({ at, by, format: 'excel' });

describe('completedWindowsOf', () => {
  it('opens a window at each submission and closes it at the next reset', () => {
    expect(completedWindowsOf(T0 + 50, [submitted(T0 + 10), reset(T0 + 20), submitted(T0 + 50)])).toEqual([
      { from: T0 + 10, until: T0 + 20 },
      { from: T0 + 50, until: null },
    ]);
  });

  it('takes the row’s completion for an invitation completed before its history was kept', () => {
    expect(completedWindowsOf(T0, [])).toEqual([{ from: T0, until: null }]);
    expect(firstCompletionOf(null, [])).toBeNull();
    expect(firstCompletionOf(T0 + 50, [submitted(T0 + 10), reset(T0 + 20), submitted(T0 + 50)])).toBe(T0 + 10);
  });

  it('has no window for an invitation never completed, or reset since', () => {
    expect(completedWindowsOf(null, [entry(T0, { kind: 'started', details: {} })])).toEqual([]);
    expect(completedWindowsOf(null, [submitted(T0), reset(T0 + 5)])).toEqual([{ from: T0, until: T0 + 5 }]);
  });
});

describe('exportEntriesOf', () => {
  it('names the exports made while the invitation was Completed, and no other', () => {
    const stored = [submitted(T0 + 10), reset(T0 + 20), submitted(T0 + 50)];
    const exports = [excel(T0), excel(T0 + 10), excel(T0 + 15), excel(T0 + 20), excel(T0 + 30), excel(T0 + 60)];
    expect(exportEntriesOf(T0 + 50, stored, exports).map(({ at }) => at - T0)).toEqual([10, 15, 60]);
  });

  it('says what a per-invitation entry said: a report-downloaded excel entry by the exporting key', () => {
    expect(exportEntriesOf(T0, [submitted(T0)], [excel(T0 + 1)])).toEqual([
      { at: T0 + 1, by: panel, event: { kind: 'report-downloaded', details: { format: 'excel' } } },
    ]);
  });

  it('does not repeat an export already stored on the invitation (an export made before migration 036)', () => {
    const stored = [submitted(T0), { at: T0 + 5, by: panel, event: { kind: 'report-downloaded', details: { format: 'excel' } } } satisfies StoredHistoryEntry];
    const other = { keyId: 9, label: 'Other' };
    expect(exportEntriesOf(T0, stored, [excel(T0 + 5), excel(T0 + 5, other)]).map(({ by }) => by)).toEqual([other]);
  });
});

describe('invitationHistoryOf with the test’s exports', () => {
  it('places the derived entries in time order among the stored ones', () => {
    const history = invitationHistoryOf(
      { id: 5, createdAt: T0, previousInvitationId: null, completedAt: T0 + 10 },
      [submitted(T0 + 10), reset(T0 + 30)],
      [excel(T0 + 20), excel(T0 + 40)],
    );
    expect(history.entries.map(({ kind }) => kind)).toEqual(['created', 'submitted', 'report-downloaded', 'reset']);
  });
});
