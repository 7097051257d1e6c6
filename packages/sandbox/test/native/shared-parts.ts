import { runInJail } from '../../src/native/jail.js';
import type { NativeContext } from '../../src/native/native-language.js';

/**
 * The parts of a NativeContext a module test does not exercise as the sandbox would: shared builds built in the real
 * jail under their own uid (as the sandbox builds them), waits taken as they come, phases dropped.
 */
export const sharedParts: Pick<NativeContext, 'shared' | 'waitShared' | 'phase'> = {
  shared: (build) => build.get(runInJail),
  waitShared: (work) => work,
  phase: () => {},
};
