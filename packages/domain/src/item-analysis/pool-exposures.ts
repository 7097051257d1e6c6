import { z } from 'zod';
import { Id } from '../ids.js';
import { type ContentHash, exposureIdentityOf, exposureLabelOf, type PoolShape, retirementPlanOf } from '../test-versions/exposure-cap.js';

/** What the item analysis says of a question under a pool's exposure cap (issue 62 item 5, decision 1498). */
export const CapState = z.enum(['asked', 'retiring', 'cap-reached-still-asked', 'retired']).meta({
  description:
    'asked: under its cap; retiring: at its cap, the next start retires it; cap-reached-still-asked: at its cap but kept, the pool would fall below its draw; retired: no longer drawn.',
});
export type CapState = z.infer<typeof CapState>;

/** The sentence the API, the CLI and the TUI say of a question kept at its cap. */
export const KEPT_AT_FLOOR_TEXT = 'cap reached, still asked: the pool would fall below its draw';

export const PoolQuestionExposure = z
  .object({
    label: z.string().meta({ description: 'The question’s key, else the start of its text.' }),
    questionId: Id.nullable().meta({ description: 'Its id in the analysed version; null once retired (later versions no longer have it).' }),
    exposures: z.int().nonnegative().meta({ description: 'Started attempts shown it, over every version of the test (what the cap counts).' }),
    state: CapState,
    retiredAt: z.iso.datetime().nullable().meta({ description: 'When a start found it at its cap and retired it.' }),
  })
  .meta({ id: 'PoolQuestionExposure' });
export type PoolQuestionExposure = z.infer<typeof PoolQuestionExposure>;

export const PoolExposure = z
  .object({
    sectionName: z.string(),
    draw: z.int().positive(),
    exposureCap: z.int().positive(),
    retired: z.int().nonnegative().meta({ description: 'Questions of the pool retired at the cap.' }),
    note: z
      .string()
      .nullable()
      .meta({ description: `"${KEPT_AT_FLOOR_TEXT}" when a question at its cap is kept; else null.` }),
    questions: z.array(PoolQuestionExposure).meta({ description: 'The pool’s questions in the analysed version, then its retired ones, oldest first.' }),
  })
  .meta({ id: 'PoolExposure' });
export type PoolExposure = z.infer<typeof PoolExposure>;

/** A question's stored exposure count (the store's, per test and identity). */
export interface ExposureCount {
  readonly identity: string;
  readonly label: string;
  readonly exposures: number;
  readonly retiredAt: number | null;
  /** The pool it was retired from (its section's name then). */
  readonly retiredFrom: string | null;
}

/**
 * The capped pools of a version as the test screen shows them: each question with its count and whether it is asked,
 * kept at its cap (the pool would fall below its draw) or retired (then named under the pool it left).
 */
export const poolExposuresOf = (
  definition: { readonly sections: readonly PoolShape[] },
  questionIds: readonly (readonly number[])[],
  counts: readonly ExposureCount[],
  contentHash: ContentHash,
): PoolExposure[] => {
  const byIdentity = new Map(counts.map((count) => [count.identity, count]));
  const plan = retirementPlanOf(definition, new Map(counts.map((count) => [count.identity, count.exposures])), contentHash);
  const retiring = new Set(plan.retired.map((question) => question.identity));
  return definition.sections.flatMap((section, sectionPlace) => {
    if (section.draw === undefined || section.exposureCap === undefined) return [];
    const cap = section.exposureCap;
    const asked = section.questions.map((question, place): PoolQuestionExposure => {
      const identity = exposureIdentityOf(question, contentHash);
      const exposures = byIdentity.get(identity)?.exposures ?? 0;
      return {
        label: exposureLabelOf(question),
        questionId: questionIds[sectionPlace]?.[place] ?? null,
        exposures,
        state: retiring.has(identity) ? 'retiring' : exposures >= cap ? 'cap-reached-still-asked' : 'asked',
        retiredAt: null,
      };
    });
    const inVersion = new Set(section.questions.map((question) => exposureIdentityOf(question, contentHash)));
    const retired = counts
      .filter((count) => count.retiredAt !== null && count.retiredFrom === section.sectionName && !inVersion.has(count.identity))
      .sort((a, b) => (a.retiredAt ?? 0) - (b.retiredAt ?? 0))
      .map(
        (count): PoolQuestionExposure => ({
          label: count.label,
          questionId: null,
          exposures: count.exposures,
          state: 'retired',
          retiredAt: new Date(count.retiredAt ?? 0).toISOString(),
        }),
      );
    return [
      {
        sectionName: section.sectionName,
        draw: section.draw,
        exposureCap: cap,
        retired: retired.length,
        note: asked.some((question) => question.state === 'cap-reached-still-asked') ? KEPT_AT_FLOOR_TEXT : null,
        questions: [...asked, ...retired],
      },
    ];
  });
};
