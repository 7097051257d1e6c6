import { describe, expect, it } from 'vitest';
import { GREENHOUSE_ERROR_CHARS, GREENHOUSE_ERRORS_KEPT, greenhouseErrorEntry } from './response-error.js';

describe('greenhouseErrorEntry', () => {
  it('keeps what Greenhouse said, as the docs example has it', () => {
    expect(greenhouseErrorEntry({ api_call: 'test_status', errors: ["partner_status is 'complete' but partner_profile url is missing"] })).toEqual({
      kind: 'greenhouse-error',
      details: { apiCall: 'test_status', errors: ["partner_status is 'complete' but partner_profile url is missing"], errorCount: 1 },
    });
  });

  it('keeps at most 5 errors of 200 characters, and counts them all', () => {
    const errors = Array.from({ length: 25 }, (_, index) => `${index}:${'x'.repeat(2000)}`);
    const { details } = greenhouseErrorEntry({ api_call: 'send_test', errors });
    expect(details.errors).toHaveLength(GREENHOUSE_ERRORS_KEPT);
    expect(details.errors.every((error) => error.length === GREENHOUSE_ERROR_CHARS)).toBe(true);
    expect(details.errors[0]?.startsWith('0:')).toBe(true);
    expect(details.errorCount).toBe(25);
  });

  it('an empty list is recorded as such', () => {
    expect(greenhouseErrorEntry({ api_call: 'list_tests', errors: [] }).details).toEqual({ apiCall: 'list_tests', errors: [], errorCount: 0 });
  });
});
