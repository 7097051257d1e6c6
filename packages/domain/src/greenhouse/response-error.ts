import type { HistoryEvent } from '../history/history-events.js';
import type { GreenhouseResponseErrorInput } from './greenhouse-wire.js';

/**
 * How many of the error strings, and how much of each, one history entry keeps (decision 636; 20 × 1,000 before).
 * Greenhouse's errors are one sentence each ("partner_status is 'complete' but partner_profile url is missing").
 */
export const GREENHOUSE_ERRORS_KEPT = 5;
export const GREENHOUSE_ERROR_CHARS = 200;

/**
 * The history entry of a response_error: what the caller says Greenhouse could not use, bounded (the first 5 errors,
 * 200 characters each) with the count of what was sent; the history keeps the first and last 10 such entries
 * (HISTORY_BOUNDS), so reports cannot grow an invitation's history without end.
 */
export const greenhouseErrorEntry = (
  report: Pick<GreenhouseResponseErrorInput, 'api_call' | 'errors'>,
): Extract<HistoryEvent, { kind: 'greenhouse-error' }> => ({
  kind: 'greenhouse-error',
  details: {
    apiCall: report.api_call,
    errors: report.errors.slice(0, GREENHOUSE_ERRORS_KEPT).map((error) => error.slice(0, GREENHOUSE_ERROR_CHARS)),
    errorCount: report.errors.length,
  },
});
