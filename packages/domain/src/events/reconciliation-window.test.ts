import { describe, expect, it } from 'vitest';
import { reconciliationWindow } from './reconciliation-window.js';

const NOW = Date.parse('2026-11-25T10:00:00Z');

describe('reconciliationWindow', () => {
  it('reads the date-times with their offsets', () => {
    expect(reconciliationWindow({ from: '2026-11-25T09:00:00+01:00', to: '2026-11-25T09:30:00Z' }, NOW).val).toEqual({
      from: Date.parse('2026-11-25T08:00:00Z'),
      to: Date.parse('2026-11-25T09:30:00Z'),
    });
  });

  it('reaches the present, this millisecond included, when to is left out', () => {
    expect(reconciliationWindow({ from: '2026-11-25T09:00:00Z' }, NOW).val?.to).toBe(NOW + 1);
    expect(reconciliationWindow({ from: '2026-11-25T10:00:00Z' }, NOW).val).toEqual({ from: NOW, to: NOW + 1 });
  });

  it('refuses a window that ends where or before it starts with 400.4', () => {
    const refusal = { kind: 'invalid-query', message: 'to must be after from' };
    expect(reconciliationWindow({ from: '2026-11-25T09:00:00Z', to: '2026-11-25T09:00:00Z' }, NOW).err).toEqual(refusal);
    expect(reconciliationWindow({ from: '2026-11-25T09:00:00Z', to: '2026-11-25T08:00:00Z' }, NOW).err).toEqual(refusal);
    expect(reconciliationWindow({ from: '2026-11-25T10:00:00.001Z' }, NOW).err).toEqual(refusal);
  });
});
