import type { QuestionDefinition, SectionDefinition, TestDefinition } from '../schemas/test-definition.js';

/**
 * The exposure cap of a pool (issue 62 item 5; decisions 1496–1499): each question of a section with `draw` and
 * `exposureCap` is shown to at most that many started attempts, then retired: the next version of the test no longer
 * has it, so later attempts cannot draw it and running ones keep the version they were drawn from.
 */

/** Turns a question into its content hash (the AI check's `questionVersionOf`): the shell's, the domain does no hashing. */
export type ContentHash = (question: QuestionDefinition) => string;

/**
 * What a question's exposures are counted under across the test's versions: its author's `key`, else its content
 * hash, so an unchanged question keeps its count when another question of the test changes (decision 1497).
 */
export const exposureIdentityOf = (question: QuestionDefinition, contentHash: ContentHash): string =>
  question.key === undefined ? `hash:${contentHash(question)}` : `key:${question.key}`;

/** How a person recognises the question in a list: its key, else the start of its text. */
export const exposureLabelOf = (question: QuestionDefinition): string => {
  if (question.key !== undefined) return question.key;
  const firstLine = question.text.trim().split('\n')[0] ?? '';
  return firstLine.length > 60 ? `${firstLine.slice(0, 59)}…` : firstLine;
};

/** A question a start retires: which, from which pool, and how often it was shown. */
export interface RetiredQuestion {
  readonly identity: string;
  readonly label: string;
  readonly sectionName: string;
  readonly exposures: number;
  readonly exposureCap: number;
}

/** What the rule reads of a section: its pool settings and its questions. */
export type PoolShape = Pick<SectionDefinition, 'sectionName' | 'draw' | 'exposureCap' | 'questions'>;

/** What a start finds of the capped pools of the version it would take. */
export interface RetirementPlan<D extends { readonly sections: readonly PoolShape[] } = TestDefinition> {
  /** The next version's definition: the current one without the retired questions (the same object when none is). */
  readonly definition: D;
  readonly retired: readonly RetiredQuestion[];
  /** Questions at their cap that stay asked: retiring them would leave their pool fewer questions than its draw. */
  readonly keptAtFloor: readonly string[];
}

const isCapped = <S extends PoolShape>(section: S): section is S & { draw: number; exposureCap: number } =>
  section.draw !== undefined && section.exposureCap !== undefined;

/**
 * The questions to retire now: in each capped pool, those shown to at least its cap, the most shown first (then in
 * the authored order), as long as the pool keeps at least `draw` questions; the rest of those at their cap are kept
 * and said (decision 1498). Pure: the counts are read by the caller.
 */
export const retirementPlanOf = <D extends { readonly sections: readonly PoolShape[] }>(
  definition: D,
  exposures: ReadonlyMap<string, number>,
  contentHash: ContentHash,
): RetirementPlan<D> => {
  const retired: RetiredQuestion[] = [];
  const keptAtFloor: string[] = [];
  const sections = definition.sections.map((section): D['sections'][number] => {
    if (!isCapped(section)) return section;
    const atCap = section.questions
      .map((question, place) => ({ question, place, identity: exposureIdentityOf(question, contentHash) }))
      .map((entry) => ({ ...entry, exposures: exposures.get(entry.identity) ?? 0 }))
      .filter((entry) => entry.exposures >= section.exposureCap)
      .sort((a, b) => b.exposures - a.exposures || a.place - b.place);
    const room = section.questions.length - section.draw;
    const leaving = atCap.slice(0, Math.max(0, room));
    for (const entry of atCap.slice(leaving.length)) keptAtFloor.push(entry.identity);
    if (leaving.length === 0) return section;
    for (const entry of leaving) {
      retired.push({
        identity: entry.identity,
        label: exposureLabelOf(entry.question),
        sectionName: section.sectionName,
        exposures: entry.exposures,
        exposureCap: section.exposureCap,
      });
    }
    const gone = new Set(leaving.map((entry) => entry.question));
    return { ...section, questions: section.questions.filter((question) => !gone.has(question)) };
  });
  return { definition: retired.length === 0 ? definition : { ...definition, sections }, retired, keptAtFloor };
};

/** Why the version was made, as the versions list says it. */
export const retirementNoteOf = (retired: readonly RetiredQuestion[]): string =>
  `retired ${retired.map((question) => `question ${question.label} (shown ${question.exposures} times, cap ${question.exposureCap}) from ${question.sectionName}`).join('; ')}`;

/** The pooled questions an attempt was drawn, under their identities: what its start adds to the exposure counts. */
export const drawnExposuresOf = (
  pooled: readonly { readonly definition: QuestionDefinition }[],
  contentHash: ContentHash,
): { identity: string; label: string }[] =>
  pooled.map(({ definition }) => ({ identity: exposureIdentityOf(definition, contentHash), label: exposureLabelOf(definition) }));
