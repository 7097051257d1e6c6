import { z } from 'zod';
import { singleLineText } from './text-fields.js';

/** At most this many skills on one question (decision 923). */
export const MAX_QUESTION_SKILLS = 10;
/** A skill's name: 1 to this many printable characters, trimmed (decision 923). */
export const MAX_SKILL_LENGTH = 60;

/** Skills are one skill whatever their case: "SQL" and "sql" merge (decision 923). */
export const skillKeyOf = (skill: string): string => skill.toLocaleLowerCase('en-US');

/**
 * What a question tests, for the skill-wise report (issue 52): optional and without a default, so a definition
 * without skills parses and is stored exactly as before; a question without them counts under its section's name.
 */
export const QuestionSkills = z
  .array(singleLineText('skills', MAX_SKILL_LENGTH), { error: 'skills must be a list of skill names' })
  .max(MAX_QUESTION_SKILLS, { error: `a question has at most ${MAX_QUESTION_SKILLS} skills` })
  .refine((skills) => new Set(skills.map(skillKeyOf)).size === skills.length, {
    error: 'a question names each skill once (skills are compared without regard to case)',
  })
  .optional()
  .meta({
    description: `What the question tests, for the skill-wise report: up to ${MAX_QUESTION_SKILLS} names of 1 to ${MAX_SKILL_LENGTH} characters each, trimmed, compared without regard to case ("SQL" and "sql" are one skill). Without it the question counts under its section's name.`,
  });

/** The skills a question counts under: its own, or its section's name when it names none. */
export const skillsOfQuestion = (skills: readonly string[] | undefined, sectionName: string): readonly string[] =>
  skills === undefined || skills.length === 0 ? [sectionName] : skills;
