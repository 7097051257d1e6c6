import { match } from 'ts-pattern';

/**
 * Test names by id, for screens that are handed only ids (the live completions). The catalogue is read once
 * and kept; an id it does not hold (a test imported since) reads it again, once per such id. An id still
 * missing after that belongs to a test that is gone: only then does the screen fall back to the id.
 */
export interface TestNames {
  names: ReadonlyMap<number, string>;
  /** Ids the last read of the catalogue did not have. */
  gone: ReadonlySet<number>;
  /** A read is under way (its key, while there is one). */
  reading: number | null;
  reads: number;
  /** Reads that answered: ids that arrived during one are looked at again after it. */
  answered: number;
}

export type TestNamesEvent =
  | { type: 'need'; ids: readonly number[] }
  | { type: 'read'; names: ReadonlyMap<number, string>; asked: readonly number[] }
  | { type: 'failed' };

export const initialTestNames = (): TestNames => ({ names: new Map(), gone: new Set(), reading: null, reads: 0, answered: 0 });

const unknown = (state: TestNames, ids: readonly number[]): number[] => ids.filter((id) => !state.names.has(id) && !state.gone.has(id));

export const testNamesReducer = (state: TestNames, event: TestNamesEvent): TestNames =>
  match<TestNamesEvent, TestNames>(event)
    .with({ type: 'need' }, ({ ids }) =>
      state.reading === null && unknown(state, ids).length > 0 ? { ...state, reading: state.reads + 1, reads: state.reads + 1 } : state,
    )
    .with({ type: 'read' }, ({ names, asked }) => ({
      ...state,
      names,
      gone: new Set(asked.filter((id) => !names.has(id))),
      reading: null,
      answered: state.answered + 1,
    }))
    // A failed read leaves the ids as they were; the next event that names a new one tries again.
    .with({ type: 'failed' }, () => ({ ...state, reading: null }))
    .exhaustive();

/** What a test is called on screen: its name; its id while the name is being read or when the test is gone. */
export const testLabel = (state: TestNames, testId: number): string =>
  state.names.get(testId) ?? (state.gone.has(testId) ? `test ${testId} (gone)` : `test ${testId}`);
