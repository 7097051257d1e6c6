import { describe, expect, it } from 'vitest';
import { invitationRowFixture } from '../../../test/helpers/fixtures.js';
import { recordedCells, recordedColumnsAt } from './recorded-columns.js';

describe('the invitations list’s recorded columns', () => {
  const row = invitationRowFixture({ meanRating: 4, tags: ['backend', 'sql'] });

  it('gives 80 columns none beyond the decision, 100 the mean rating, 120 the tags too', () => {
    expect(recordedColumnsAt(80)).toMatchObject({ rated: false, tags: false, headers: [] });
    expect(recordedCells(row, recordedColumnsAt(80))).toEqual([]);
    expect(recordedColumnsAt(100).headers).toEqual(['RATED']);
    expect(recordedCells(row, recordedColumnsAt(100))).toEqual(['4.0']);
    expect(recordedColumnsAt(120)).toMatchObject({ headers: ['RATED', 'TAGS'], widths: [6, 16] });
    expect(recordedCells(row, recordedColumnsAt(120))).toEqual(['4.0', 'backend,sql']);
  });

  it('shows a dash without ratings and a blank without tags', () => {
    expect(recordedCells(invitationRowFixture({}), recordedColumnsAt(120))).toEqual(['—', '']);
  });
});
