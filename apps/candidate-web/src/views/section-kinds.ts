import type { CandidateQuestion } from '@assay/domain/candidate';
import type { SectionType } from '@assay/domain/schemas';

/** What a kind of question is called in a section's label. */
const KIND_NAMES: Record<CandidateQuestion['type'], string> = {
  single_choice: 'multiple choice',
  multiple_choice: 'multiple choice',
  short_answer: 'short answer',
  free_text: 'essay',
  coding: 'coding',
};

/**
 * A section's label by what it holds (decision 666): "Multiple choice", "Essay", "Multiple choice, short answer
 * and essay". Before the questions are known (a landing), a general section is only "Questions": its type says
 * nothing about choices, short answers or essays. Pure.
 */
export function sectionKindLabel(type: SectionType, questionTypes: readonly CandidateQuestion['type'][] | null): string {
  if (questionTypes === null || questionTypes.length === 0) return type === 'Coding Questions' ? 'Coding' : 'Questions';
  const kinds = [...new Set(questionTypes.map((each) => KIND_NAMES[each]))];
  const listed = kinds.length === 1 ? kinds[0]! : `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)!}`;
  return listed.charAt(0).toUpperCase() + listed.slice(1);
}
