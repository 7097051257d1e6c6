import type { HistoryEvent } from '../history/history-events.js';
import type { GreenhouseResponseErrorInput } from './greenhouse-wire.js';

/** How many of Greenhouse's error strings, and how much of each, one history entry keeps (decision 456). */
export const GREENHOUSE_ERRORS_KEPT = 20;
export const GREENHOUSE_ERROR_CHARS = 1000;

/**
 * The history entry of a response_error: what Greenhouse could not use, bounded (the first 20 errors, 1,000 characters
 * each) so a report cannot grow an invitation's history without end, with the count of what was sent.
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
