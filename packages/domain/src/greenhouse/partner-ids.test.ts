import { describe, expect, it } from 'vitest';
import { greenhouseTestList, partnerIdOf } from './partner-ids.js';

describe('partnerIdOf', () => {
  it('reads an id Assay gave out', () => {
    expect(partnerIdOf('12345')).toBe(12345);
  });

  it.each(['', '0', '007', '-1', '1.5', 'abc', ' 1', '9007199254740993', '99999999999999999999'])('names nothing for %j', (text) => {
    expect(partnerIdOf(text)).toBeUndefined();
  });
});

describe('greenhouseTestList', () => {
  it('lists the Active tests with string ids, in order', () => {
    expect(
      greenhouseTestList([
        { testId: 3, testName: 'Backend', testStatus: 'Active' },
        { testId: 4, testName: 'Retired', testStatus: 'Inactive' },
        { testId: 7, testName: 'Frontend', testStatus: 'Active' },
      ]),
    ).toEqual([
      { partner_test_id: '3', partner_test_name: 'Backend' },
      { partner_test_id: '7', partner_test_name: 'Frontend' },
    ]);
  });
});
