import { describe, expect, it } from 'vitest';
import { skillsLine } from './skills-text.js';

const skill = (name: string, points: number, maxPoints: number, awaitingReview = 0) => ({
  skill: name,
  points,
  maxPoints,
  percentage: maxPoints === 0 ? 0 : Math.round((points / maxPoints) * 1000) / 10,
  questions: 1,
  awaitingReview,
});
const section = (sectionName: string, score: number, maxScore: number) => ({ sectionName, score, maxScore }) as never;

describe('skillsLine', () => {
  it('lists each skill, ~ before points still to be graded', () => {
    const details = { sections: [section('Basics', 3, 4)], skills: [skill('Algorithms', 1, 1), skill('HTTP', 1.5, 2, 1), skill('Basics', 0, 1)] };
    expect(skillsLine(details)).toBe('Algorithms 1/1 (100%) · HTTP ~1.5/2 (75%) · Basics 0/1 (0%)');
  });

  it('is null when the skills repeat the sections, or an older server sent none', () => {
    expect(skillsLine({ sections: [section('Basics', 3, 4)], skills: [skill('Basics', 3, 4)] })).toBeNull();
    expect(skillsLine({ sections: [section('Basics', 3, 4)] })).toBeNull();
  });
});
