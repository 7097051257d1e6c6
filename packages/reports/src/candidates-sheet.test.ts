import { describe, expect, it } from 'vitest';
import { candidateReport, jane, raj, workbookTest } from '../test/workbook-files.js';
import { ATTEMPTED_ON_COLUMN, candidateCells, candidateHeadings } from './candidates-sheet.js';

describe('the Candidates sheet’s columns', () => {
  it('are the report’s fields, the integrity summary, then a score and a max column per test section', () => {
    expect(candidateHeadings(workbookTest)).toEqual([
      'testInvitationId',
      'fullName',
      'emailId',
      'testStatus',
      'reportStatus',
      'attemptedOn',
      'timeTaken',
      'score',
      'totalScore',
      'wv',
      'tv',
      'integrity',
      'departures (confirmed/dismissed/unreviewed)',
      'pastes or insertions (confirmed/dismissed/unreviewed)',
      'similar answers (confirmed/dismissed/unreviewed)',
      'snapshots (confirmed/dismissed/unreviewed)',
      'Aptitude score',
      'Aptitude max',
      'Coding score',
      'Coding max',
      // Issue 50's, after the sections' so that no earlier column moves (decision 820).
      'percent',
      'percentile',
      'verdict',
      'extraTimePercent',
      'testLinkId',
      'testLinkName',
      'reattemptOf',
      // Issue 60's, after every earlier one (decision 1261).
      'assistantMessages',
      'assistantInsertedChars',
      'followUps',
      // Issue 61's, after every earlier one (decision 1414).
      'decision',
      'decisionReason',
      'tags',
      'meanRating',
      'ratings',
      // Issue 62 item 4's, last (decision 1489).
      'testVersion',
    ]);
    expect(candidateHeadings(workbookTest)[ATTEMPTED_ON_COLUMN - 1]).toBe('attemptedOn');
  });

  it('hold numbers as numbers, the attempt as a date, and section scores matched by name', () => {
    expect(candidateCells(workbookTest, jane)).toEqual([
      1001,
      'Jane Doe',
      'jane.doe@example.com',
      'Completed',
      'Generated',
      new Date(Date.UTC(2026, 3, 30, 9, 15, 0)),
      42,
      37.5,
      50,
      2,
      35,
      'Confirmed',
      '0/1/1',
      '1/0/0',
      '0/0/0',
      '0/0/0',
      15,
      20,
      22.5,
      30,
      75,
      62,
      'Strong',
      25,
      31,
      'Campus drive',
      990,
      // No AI snapshot: empty, not 0.
      null,
      null,
      null,
      // Nothing recorded (decision 1414).
      null,
      null,
      null,
      null,
      null,
      // No version given (decision 1489).
      null,
    ]);
  });

  it('leave the score cells empty where there is no score: Pending, In progress, Reset, Cancelled, unscored (decision 799)', () => {
    for (const testStatus of ['Pending', 'In progress', 'Reset', 'Cancelled'] as const) {
      const cells = candidateCells(workbookTest, { ...jane, report: { ...jane.report, testStatus, score: '0' } });
      expect({ testStatus, score: cells[7], sections: cells.slice(16, 20), reading: cells.slice(20, 23) }).toEqual({
        testStatus,
        score: null,
        sections: [null, 20, null, 30],
        reading: [null, null, null],
      });
      expect(cells[8]).toBe(50);
    }
    const unscored = candidateCells(workbookTest, { ...jane, report: { ...jane.report, score: '0' }, shown: { scoreStatus: 'unscored', score: null } });
    expect(unscored[7]).toBeNull();
    expect(candidateCells(workbookTest, jane)[7]).toBe(37.5);
  });

  it('leave what is not there empty: no attempt, a section without an entry', () => {
    expect(candidateCells(workbookTest, raj)).toEqual([
      1002,
      'Raj =SUM(A1)',
      'raj@example.com',
      'In progress',
      'Pending',
      null,
      0,
      // In progress: no score yet, so empty rather than 0 or marks so far (decision 799).
      null,
      50,
      0,
      0,
      // A row without a summary leaves its cells empty.
      null,
      null,
      null,
      null,
      null,
      null,
      20,
      null,
      null,
      // No score: no percent, percentile or verdict; invited directly, first attempt, no accommodation told.
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      // Nothing recorded: no decision, reason, tags or mean, and no ratings.
      null,
      null,
      null,
      null,
      null,
      // No version given.
      null,
    ]);
  });

  it('end with the assistant’s messages, the characters inserted from it and the follow-ups asked (decision 1261)', () => {
    const aiUse = { assistantMessages: 4, assistantInsertedChars: 230, followUps: 2 };
    const cells = candidateCells(workbookTest, { ...jane, aiUse });
    expect(cells.slice(-9, -6)).toEqual([4, 230, 2]);
    expect(cells.slice(0, -9)).toEqual(candidateCells(workbookTest, jane).slice(0, -9));
  });

  it('end with what the hiring team recorded, and every earlier column keeps its place (decision 1414)', () => {
    const recorded = { decision: 'shortlisted' as const, decisionReason: 'strong SQL', tags: ['backend', 'remote'], meanRating: 4.5, ratings: 2 };
    const headings = candidateHeadings(workbookTest);
    const cells = candidateCells(workbookTest, { ...jane, recorded });
    expect(headings.slice(-6, -1)).toEqual(['decision', 'decisionReason', 'tags', 'meanRating', 'ratings']);
    expect(cells.slice(-6, -1)).toEqual(['shortlisted', 'strong SQL', 'backend, remote', 4.5, 2]);
    // The columns a sheet read before issue 61 are where they were: the same headings, the same cells.
    expect(headings.indexOf('followUps')).toBe(headings.length - 7);
    expect(headings.indexOf('percent')).toBe(20);
    expect(cells.slice(0, -6)).toEqual(candidateCells(workbookTest, jane).slice(0, -6));
    expect(candidateCells(workbookTest, { ...jane, recorded: { ...recorded, tags: [], meanRating: null, ratings: 0 } }).slice(-4, -1)).toEqual([null, null, 0]);
  });

  it('end with the test version the attempt was taken on, every earlier column in its place (decision 1489)', () => {
    const headings = candidateHeadings(workbookTest);
    const cells = candidateCells(workbookTest, { ...jane, testVersion: 3 });
    expect(headings.at(-1)).toBe('testVersion');
    expect(cells.at(-1)).toBe(3);
    expect(cells.slice(0, -1)).toEqual(candidateCells(workbookTest, jane).slice(0, -1));
  });

  it('keep non-numeric score text as text and blank scores as empty cells', () => {
    expect(candidateCells(workbookTest, { ...jane, report: candidateReport({ score: 'n/a', totalScore: ' ' }) }).slice(7, 9)).toEqual(['n/a', null]);
  });

  it('give the n-th section of a repeated name the n-th entry of that name', () => {
    const twice = { ...workbookTest, sections: [workbookTest.sections[1]!, workbookTest.sections[1]!] };
    const sections = [
      { sectionName: 'Coding', sectionScore: 10, candidateScore: 1 },
      { sectionName: 'Coding', sectionScore: 20, candidateScore: 2 },
    ];
    expect(candidateCells(twice, { ...jane, sections }).slice(16, 20)).toEqual([1, 10, 2, 20]);
  });

  it('show a provisional score as the marks so far, marked as such, and a final one as a number (decision 653)', () => {
    const waiting = {
      ...jane,
      report: { ...jane.report, reportStatus: 'In progress' as const, score: '0' },
      shown: { scoreStatus: 'provisional' as const, score: 12.5 },
    };
    expect(candidateCells(workbookTest, waiting)[7]).toBe('12.5 (provisional)');
    // Its percent is marked too; a provisional score has no percentile or verdict (decision 820).
    const reading = { percent: 25, percentile: null, verdict: null };
    expect(candidateCells(workbookTest, { ...waiting, reading }).slice(20, 23)).toEqual(['25 (provisional)', null, null]);
    expect(candidateCells(workbookTest, { ...jane, shown: { scoreStatus: 'final', score: 37.5 } })[7]).toBe(37.5);
  });
});

describe('a terminated attempt on the Candidates sheet (issue 52)', () => {
  it('says "Terminated" with the count that ended it in the status column', () => {
    const terminated = { ...jane, report: { ...jane.report, endReason: 'terminated' as const, wv: 3 } };
    expect(candidateCells(workbookTest, terminated)[3]).toBe('Terminated (3 window violations)');
    expect(candidateCells(workbookTest, jane)[3]).toBe('Completed');
  });

  it('names the image limit when the camera ended it (decision 974)', () => {
    const byCamera = { ...jane, report: { ...jane.report, endReason: 'terminated' as const, wv: 1 }, iv: 3, terminatedBy: 'image' as const };
    expect(candidateCells(workbookTest, byCamera)[3]).toBe('Terminated (3 image violations)');
  });
});
