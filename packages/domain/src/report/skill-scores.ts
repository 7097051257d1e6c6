import { z } from 'zod';
import { skillKeyOf, skillsOfQuestion } from '../schemas/question-skills.js';
import { percentOf } from './verdict.js';

/** One skill of an attempt's skill-wise report (issue 52): `GET …/details` `skills`, the PDF's first page, the workbook. */
export const SkillScore = z
  .object({
    skill: z.string().meta({ description: 'The skill as the test first spells it; a question without skills counts under its section name.' }),
    points: z.number().meta({ description: "Marks earned on the questions asked that test this skill (negative marks included), like a section's score." }),
    maxPoints: z.number().meta({ description: "Those questions' marks: out of the questions this candidate was asked (a pool's draw)." }),
    percentage: z.number().meta({ description: 'points of maxPoints, 0–100 with one decimal; never below 0.' }),
    questions: z.int().nonnegative().meta({ description: 'The questions asked that test this skill.' }),
    awaitingReview: z.int().nonnegative().meta({
      description: "Of those, written answers awaiting a person's grade: until graded the points are provisional, as the section's are (decision 926).",
    }),
  })
  .meta({ id: 'SkillScore' });
export type SkillScore = z.infer<typeof SkillScore>;

/**
 * A question as `skillScoresOf` reads it: one the candidate was asked (for a pool, one of their draw), with what it
 * earned. `points` is the same per-question result the section scores add up (0 before scoring).
 */
export interface SkillQuestion {
  /** The question definition's `skills`; absent or empty: the question counts under `sectionName`. */
  readonly skills?: readonly string[] | undefined;
  readonly sectionName: string;
  readonly marks: number;
  readonly points: number;
  /** A written answer whose marks await a person's grade. */
  readonly awaitingReview?: boolean;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * Per-skill points and percentages of an attempt, in the order the skills first appear among the questions. A
 * question counts fully under each of its skills, so skills overlap and their points need not add up to the score
 * (decision 925); skills differing only in case are one, spelt as first seen (decision 923).
 */
export const skillScoresOf = (questions: readonly SkillQuestion[]): SkillScore[] => {
  const skills = new Map<string, { skill: string; points: number; maxPoints: number; questions: number; awaitingReview: number }>();
  for (const question of questions) {
    for (const skill of skillsOfQuestion(question.skills, question.sectionName)) {
      const key = skillKeyOf(skill);
      const entry = skills.get(key) ?? { skill, points: 0, maxPoints: 0, questions: 0, awaitingReview: 0 };
      entry.points += question.points;
      entry.maxPoints += question.marks;
      entry.questions += 1;
      if (question.awaitingReview) entry.awaitingReview += 1;
      skills.set(key, entry);
    }
  }
  return [...skills.values()].map((entry) => {
    const points = round2(entry.points);
    const maxPoints = round2(entry.maxPoints);
    return { ...entry, points, maxPoints, percentage: percentOf(points, maxPoints) };
  });
};
