import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { chosenHours, parseHours, reminderText } from './reminders.js';

describe('assay reminders (issue 50 item 4)', () => {
  it('reads --hours as whole hours separated by commas, and refuses anything else as a usage error', () => {
    expect(parseHours('48,4')).toEqual([48, 4]);
    expect(parseHours('24')).toEqual([24]);
    for (const bad of ['', '48, 4', '4.5', '-4', '48,,4', 'two']) expect(() => parseHours(bad)).toThrow(InvalidArgumentError);
  });

  it('takes exactly one of --hours, --off and --inherit', () => {
    expect(chosenHours({ hours: [48, 4] })).toEqual([48, 4]);
    expect(chosenHours({ off: true })).toEqual([]);
    expect(chosenHours({ inherit: true })).toBeNull();
    expect(() => chosenHours({})).toThrow(UsageError);
    expect(() => chosenHours({ hours: [4], off: true })).toThrow(UsageError);
  });

  it('says what applies and where it comes from', () => {
    expect(reminderText({ reminderHours: [48, 4], effectiveHours: [48, 4], source: 'test' }, 'Test 7')).toBe(
      "Test 7: reminders 48 h, 4 h before the window closes (the test's choice).",
    );
    expect(reminderText({ reminderHours: [], effectiveHours: [], source: 'link' }, 'Link 3 of test 7')).toBe(
      "Link 3 of test 7: reminders none before the window closes (this link's own choice).",
    );
  });
});
