import type { CandidateComparison, ComparedCandidate } from '@assay/domain/report';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { comparisonText } from '../format/comparison-rows.js';

const finished = (id: number, name: string, score: number): ComparedCandidate => ({
  testInvitationId: id,
  fullName: name,
  emailId: `${id}@example.com`,
  testStatus: 'Completed',
  reportStatus: 'Generated',
  finished: true,
  score: { score, maxScore: 6, percent: Math.round((score / 6) * 1000) / 10 },
  timeTakenMinutes: 12,
  integrityLevel: 'none',
  sections: [{ score, maxScore: 6, percent: 50 }],
  skills: [],
  marks: [score, null],
  recorded: { decision: 'shortlisted', decisionReason: 'strong', tags: [], meanRating: 4.5, ratings: 2 },
});

const comparison = (candidates: ComparedCandidate[]): CandidateComparison => ({
  testId: 7,
  sections: ['SQL'],
  skills: [],
  questions: [
    { number: 1, questionId: 11, sectionName: 'SQL' },
    { number: 2, questionId: 12, sectionName: 'SQL' },
  ],
  candidates,
});

describe('assay compare, for people', () => {
  it('puts candidates in columns and facts in rows', () => {
    const text = comparisonText(
      comparison([
        finished(4, 'Ada Lovelace', 3),
        {
          ...finished(9, 'Bob', 0),
          finished: false,
          testStatus: 'Pending',
          score: null,
          timeTakenMinutes: null,
          integrityLevel: null,
          sections: [null],
          marks: [null, null],
        },
      ]),
    );
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^ +Ada Lovelace +Bob$/);
    expect(lines.find((line) => line.startsWith('score'))).toMatch(/3\/6 50% +Pending$/);
    expect(lines.find((line) => line.startsWith('rating'))).toMatch(/4\.5 \(2\)/);
    expect(lines.find((line) => line.startsWith('Q1 SQL'))).toMatch(/3 +—$/);
    expect(lines.find((line) => line.startsWith('Q2 SQL'))).toMatch(/— +—$/);
  });

  it('fits five candidates with long names in 80 columns, cutting names with …, controls shown as pictures', () => {
    const five = [1, 2, 3, 4, 5].map((id) => finished(id, `Candidate with a long name ${id}\u001B[2J`, id));
    const lines = comparisonText(comparison(five)).split('\n');
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    expect(lines[0]).toContain('…');
    expect(lines.join('\n')).not.toContain('\u001B');
  });
});
