import { describe, expect, it } from 'vitest';
import type { ReportStatus } from '../schemas/report.js';
import type { AcceptedGrade, Grade } from './grade.js';
import { gradeChange, reportAfterGrade } from './record-grade.js';

const KEY = 7;
const criteria = [
  { criterion: 'Correctness', marks: 5 },
  { criterion: 'Clarity', marks: 2 },
];
const accepted: AcceptedGrade = { marks: 7, criteria, comment: 'Good' };
const stored = (changes: Partial<Grade> = {}): Grade => ({
  marks: 7,
  criteria: criteria.map((entry) => ({ ...entry })),
  comment: 'Good',
  gradedBy: { keyId: KEY, label: 'Panel A' },
  gradedAt: '2026-11-25T13:00:00',
  ...changes,
});

describe('gradeChange', () => {
  it('is the first grade when the answer has none', () => {
    expect(gradeChange(undefined, accepted, KEY)).toBe('first');
  });

  it('records nothing for the same grade again by the same key (a retried PUT), whenever and by whatever label', () => {
    expect(gradeChange(stored(), accepted, KEY)).toBe('unchanged');
    expect(gradeChange(stored({ gradedAt: '2026-11-26T09:00:00', gradedBy: { keyId: KEY, label: 'Renamed' } }), accepted, KEY)).toBe('unchanged');
    const plain: AcceptedGrade = { marks: 0, criteria: [], comment: null };
    expect(gradeChange(stored({ marks: 0, criteria: [], comment: null }), plain, KEY)).toBe('unchanged');
  });

  it('regrades when anything differs: the key, the marks, a criterion’s marks or name, their number, the comment', () => {
    const differing: [string, Grade, AcceptedGrade][] = [
      ['another key', stored({ gradedBy: { keyId: KEY + 1, label: 'Panel A' } }), accepted],
      ['the marks', stored({ marks: 6 }), accepted],
      ['a criterion’s marks', stored({ criteria: [{ criterion: 'Correctness', marks: 4 }, criteria[1]!] }), accepted],
      ['a criterion’s name', stored({ criteria: [{ criterion: 'Style', marks: 5 }, criteria[1]!] }), accepted],
      ['criteria given now', stored({ criteria: [] }), accepted],
      ['criteria left out now', stored(), { ...accepted, criteria: [] }],
      ['the comment', stored({ comment: 'Fine' }), accepted],
      ['a comment left out now', stored(), { ...accepted, comment: null }],
    ];
    for (const [what, current, next] of differing) expect([what, gradeChange(current, next, KEY)]).toEqual([what, 'regrade']);
  });
});

describe('reportAfterGrade', () => {
  const none = { final: false, rescore: false, release: false };

  it('the last grade makes the score final: Generated, rescored, the held announcements released', () => {
    for (const change of ['first', 'regrade'] as const) {
      expect(reportAfterGrade(change, 0, 'In progress')).toEqual({ reportStatus: 'Generated', final: true, rescore: true, release: true });
    }
  });

  it('a regrade of a Generated report rescores it and releases nothing (the announcements went with the last grade)', () => {
    expect(reportAfterGrade('regrade', 0, 'Generated')).toEqual({ reportStatus: 'Generated', final: true, rescore: true, release: false });
  });

  it('while answers still await a grade the report stays In progress, with no score', () => {
    for (const change of ['first', 'regrade'] as const) {
      expect(reportAfterGrade(change, 1, 'In progress')).toEqual({ reportStatus: 'In progress', ...none });
      expect(reportAfterGrade(change, 3, 'In progress')).toEqual({ reportStatus: 'In progress', ...none });
    }
  });

  it('the same grade again changes nothing: the report as it was, its score shown only when Generated', () => {
    const cases: [number, ReportStatus, boolean][] = [
      [0, 'Generated', true],
      [2, 'In progress', false],
    ];
    for (const [awaiting, before, final] of cases) {
      expect(reportAfterGrade('unchanged', awaiting, before)).toEqual({ reportStatus: before, final, rescore: false, release: false });
    }
  });
});
