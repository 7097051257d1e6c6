import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { reduceMemory as reduceThreadMemory } from '@assay/reports/host';

let collect: (() => void) | undefined;

/**
 * A full garbage collection, now. Node exposes `gc` only with `--expose-gc`; the flag is set for the moment it takes
 * to fetch the function, so nothing else in the process sees a global `gc`.
 */
export const collectGarbage = (): void => {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
    setFlagsFromString('--no-expose-gc');
  }
  collect();
};

/** As far as V8 goes when told memory is low (the young generation shrunk too); a full collection without an inspector. */
export const reduceMemory = async (): Promise<void> => {
  if (!(await reduceThreadMemory())) collectGarbage();
};
