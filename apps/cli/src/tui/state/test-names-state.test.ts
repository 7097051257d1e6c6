import { describe, expect, it } from 'vitest';
import { initialTestNames, testLabel, testNamesReducer } from './test-names-state.js';

describe('test names for ids', () => {
  it('reads the catalogue once for the ids it is asked about, and labels each test by its name', () => {
    const asked = testNamesReducer(initialTestNames(), { type: 'need', ids: [1, 2] });
    expect(asked.reading).toBe(1);
    expect(testLabel(asked, 1)).toBe('test 1');
    // Asked again while reading: still one read.
    expect(testNamesReducer(asked, { type: 'need', ids: [1, 2, 3] }).reading).toBe(1);
    const read = testNamesReducer(asked, {
      type: 'read',
      names: new Map([
        [1, 'Algorithms'],
        [2, 'SQL'],
      ]),
      asked: [1, 2],
    });
    expect(testLabel(read, 2)).toBe('SQL');
    // Known ids need no read.
    expect(testNamesReducer(read, { type: 'need', ids: [2, 1] })).toBe(read);
  });

  it('reads again for a test it does not know, and falls back to the id only when the test is gone', () => {
    const known = testNamesReducer(testNamesReducer(initialTestNames(), { type: 'need', ids: [1] }), {
      type: 'read',
      names: new Map([[1, 'Algorithms']]),
      asked: [1],
    });
    const again = testNamesReducer(known, { type: 'need', ids: [1, 9] });
    expect(again.reading).toBe(2);
    const gone = testNamesReducer(again, { type: 'read', names: new Map([[1, 'Algorithms']]), asked: [1, 9] });
    expect(testLabel(gone, 9)).toBe('test 9 (gone)');
    // A gone test is not read for again and again.
    expect(testNamesReducer(gone, { type: 'need', ids: [1, 9] })).toBe(gone);
  });

  it('a failed read leaves the ids unnamed, for the next event to read again', () => {
    const failed = testNamesReducer(testNamesReducer(initialTestNames(), { type: 'need', ids: [1] }), { type: 'failed' });
    expect(failed.reading).toBeNull();
    expect(testLabel(failed, 1)).toBe('test 1');
    expect(testNamesReducer(failed, { type: 'need', ids: [1, 2] }).reading).toBe(2);
  });
});
