import { shownSkillsOf, type ReportDetails } from '@assay/domain/report';
import { formatScore } from '@assay/domain/schemas';

/**
 * The skill-wise points in one line (issue 52): "Algorithms 1/1 (100%) · HTTP 2/2 (100%) · Basics 0/1 (0%)", `~` before
 * points a person has still to grade. Null when the skills only repeat the sections (the PDF shows no table then).
 */
export const skillsLine = (details: Pick<ReportDetails, 'skills' | 'sections'>): string | null => {
  const skills = shownSkillsOf(details);
  if (skills.length === 0) return null;
  return skills
    .map(
      (skill) =>
        `${skill.skill} ${skill.awaitingReview > 0 ? '~' : ''}${formatScore(skill.points)}/${formatScore(skill.maxPoints)} (${formatScore(skill.percentage)}%)`,
    )
    .join(' · ');
};
