import { describe, expect, it } from 'vitest';
import { departureEvidenceIds, EvidenceReviewInput, evidenceIdText, knownEvidence, parseEvidenceId } from './evidence-review.js';

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

describe('evidence ids', () => {
  it('name a departure by the instant it began and a snapshot by its id, and nothing else', () => {
    expect(parseEvidenceId(`departure-${T0}`)).toEqual({ type: 'departure', leftAt: T0 });
    expect(parseEvidenceId('snapshot-12')).toEqual({ type: 'snapshot', snapshotId: 12 });
    for (const text of ['snapshot-0', 'snapshot-012', 'snapshot-', 'photo-3', 'departure-99999999999999999', 'snapshot-1x', ' snapshot-1']) {
      expect(parseEvidenceId(text)).toBeUndefined();
    }
    expect(evidenceIdText({ type: 'snapshot', snapshotId: 3 })).toBe('snapshot-3');
  });

  it('list the departures wv counts, a reload within the grace being none', () => {
    const presence = {
      head: [
        { kind: 'left', at: T0 + 1000 },
        { kind: 'returned', at: T0 + 4000 },
        { kind: 'unload', at: T0 + 10_000 },
        { kind: 'returned', at: T0 + 11_000 },
        { kind: 'left', at: T0 + 20_000 },
      ] as const,
      tail: [],
      omitted: 0,
    };
    expect(departureEvidenceIds(presence, T0 + 30_000)).toEqual([`departure-${T0 + 1000}`, `departure-${T0 + 20_000}`]);
  });

  it('take a dismissed or confirmed outcome with an optional note, refusing anything else by field', () => {
    expect(EvidenceReviewInput.parse({ outcome: 'dismissed', note: ' looked away \r\n' })).toEqual({ outcome: 'dismissed', note: ' looked away \n' });
    const refused = EvidenceReviewInput.safeParse({ outcome: 'ignored' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['outcome']);
  });

  it('know only what the attempt shows: its departures as replayed and its snapshots', () => {
    const presence = {
      head: [
        { kind: 'left', at: T0 + 1000 },
        { kind: 'returned', at: T0 + 2000 },
      ] as const,
      tail: [],
      omitted: 0,
    };
    const evidence = { presence, endedAt: T0 + 5000, snapshotIds: [4] };
    expect(knownEvidence(`departure-${T0 + 1000}`, evidence).val).toBe(`departure-${T0 + 1000}`);
    expect(knownEvidence('snapshot-4', evidence).val).toBe('snapshot-4');
    for (const eventId of [`departure-${T0 + 2000}`, 'snapshot-5', 'nonsense']) expect(knownEvidence(eventId, evidence).err?.kind).toBe('evidence-not-found');
  });

  it('name a paste or large insertion by its instant, and know only those the report lists', () => {
    expect(parseEvidenceId(`paste-${T0}`)).toEqual({ type: 'paste', at: T0 });
    expect(parseEvidenceId(`insertion-${T0}`)).toEqual({ type: 'insertion', at: T0 });
    expect(evidenceIdText({ type: 'insertion', at: T0 })).toBe(`insertion-${T0}`);
    for (const text of ['paste-0', 'pastes-1', `paste-${T0}.5`]) expect(parseEvidenceId(text)).toBeUndefined();
    const evidence = { presence: { head: [], tail: [], omitted: 0 }, endedAt: T0, snapshotIds: [], signalEventIds: [`paste-${T0 + 7}`] };
    expect(knownEvidence(`paste-${T0 + 7}`, evidence).val).toBe(`paste-${T0 + 7}`);
    // The same instant as an insertion, or a paste the report does not list, is nothing the reviewer saw.
    for (const eventId of [`insertion-${T0 + 7}`, `paste-${T0 + 8}`]) expect(knownEvidence(eventId, evidence).err?.kind).toBe('evidence-not-found');
    expect(knownEvidence(`paste-${T0 + 7}`, { ...evidence, signalEventIds: undefined }).err?.kind).toBe('evidence-not-found');
  });
});
