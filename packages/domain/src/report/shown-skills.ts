import type { ReportDetails } from './report-details.js';
import type { SkillScore } from './skill-scores.js';

/**
 * The skills worth showing apart from the sections (decision 927): none when every question counts under its section's
 * name (a skills table would repeat the sections'), none from an older server's details. The PDF's page 1 and the TUI's
 * report screen both ask this.
 */
export const shownSkillsOf = (details: Pick<ReportDetails, 'skills' | 'sections'>): readonly SkillScore[] => {
  const skills = details.skills ?? [];
  const mirrorsSections =
    skills.length === details.sections.length &&
    skills.every((skill, index) => {
      const section = details.sections[index]!;
      return skill.skill === section.sectionName && skill.points === section.score && skill.maxPoints === section.maxScore;
    });
  return mirrorsSections ? [] : skills;
};
