import { describe, it, expect } from 'vitest';
import { describeStatus, httpStatusOf, statusCatalogue, statusCodes } from './status-codes.js';

describe('status codes', () => {
  it('the catalogue contains the spec codes 200.1 and 403.4', () => {
    expect(statusCodes).toContain('200.1');
    expect(statusCodes).toContain('403.4');
    expect(describeStatus('200.1')).toBe('Request succeeded');
    expect(describeStatus('403.4')).toBe('Operation on resource cannot be performed');
  });

  it('statusCodes lists every catalogue entry once', () => {
    expect(statusCodes).toEqual(Object.keys(statusCatalogue));
    expect(new Set(statusCodes).size).toBe(statusCodes.length);
  });

  it('maps the spec codes to their class', () => {
    expect(httpStatusOf('200.1')).toBe(200);
    expect(httpStatusOf('403.4')).toBe(403);
  });

  it.each(statusCodes)('%s has the form <class>.<subcode>, a description, and its class as HTTP status', (code) => {
    expect(code).toMatch(/^\d{3}\.\d+$/);
    expect(describeStatus(code)).toBe(statusCatalogue[code]);
    expect(describeStatus(code).length).toBeGreaterThan(0);
    const prefix = Number(code.split('.')[0]);
    expect(httpStatusOf(code)).toBe(prefix);
    expect(httpStatusOf(code)).toBeGreaterThanOrEqual(200);
    expect(httpStatusOf(code)).toBeLessThan(600);
  });
});
