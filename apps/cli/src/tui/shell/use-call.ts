import { AssayUserAbortError } from '@assay/client';
import { useEffect, useRef } from 'react';
import { describeFailure, type Failure } from '../../errors.js';

/**
 * Runs `call` whenever `key` changes to something other than null (the state asks for data), aborting the
 * previous call; answers and failures of an aborted call are dropped. A failure becomes a `Failure` for the
 * screen to show inline — a call never throws into React.
 */
export const useCall = <T>(
  key: string | null,
  call: (signal: AbortSignal) => Promise<T>,
  done: (value: T) => void,
  failed: (failure: Failure) => void,
): void => {
  const latest = useRef({ call, done, failed });
  latest.current = { call, done, failed };
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    latest.current.call(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) latest.current.done(value);
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !(error instanceof AssayUserAbortError)) latest.current.failed(describeFailure(error));
      },
    );
    return () => controller.abort();
  }, [key]);
};
