import { describe, expect, it } from 'vitest';
import { QuestionDefinition, TestDefinition } from '../schemas/test-definition.js';
import { poolExposuresOf } from '../item-analysis/pool-exposures.js';
import { exposureIdentityOf, retirementNoteOf, retirementPlanOf } from './exposure-cap.js';

const hash = (question: QuestionDefinition): string => question.text.replace(/\W/g, '').toLowerCase();
const choice = (text: string, key?: string) => ({
  type: 'single_choice' as const,
  text,
  ...(key === undefined ? {} : { key }),
  options: [{ text: 'yes', correct: true }, { text: 'no' }],
});
const test = (pool: { draw?: number; exposureCap?: number }, count = 4) =>
  TestDefinition.parse({
    testName: 'Capped',
    sections: [
      { sectionName: 'Fixed', sectionType: 'general', duration: 5, questions: [choice('Fixed one')] },
      {
        sectionName: 'Pool',
        sectionType: 'general',
        duration: 5,
        ...pool,
        questions: Array.from({ length: count }, (_, place) => choice(`Pooled ${place + 1}`, place === 0 ? 'first' : undefined)),
      },
    ],
  });

describe('exposure identity', () => {
  it('is the key when the question has one, else its content hash', () => {
    expect(exposureIdentityOf(QuestionDefinition.parse(choice('Hello', 'greet')), hash)).toBe('key:greet');
    expect(exposureIdentityOf(QuestionDefinition.parse(choice('Hello')), hash)).toBe('hash:hello');
  });
});

describe('the definition check', () => {
  it('refuses a cap on a section without draw, naming the field', () => {
    const parsed = TestDefinition.safeParse({
      testName: 'x',
      sections: [{ sectionName: 'S', sectionType: 'general', duration: 5, exposureCap: 3, questions: [choice('a')] }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['sections', 0, 'exposureCap'], message: expect.stringContaining('needs draw') });
  });
});

describe('retirement at the cap', () => {
  it('retires a question shown to its cap and leaves the others and fixed sections alone', () => {
    const definition = test({ draw: 2, exposureCap: 3 });
    const plan = retirementPlanOf(
      definition,
      new Map([
        ['hash:pooled2', 3],
        ['key:first', 2],
        ['hash:fixedone', 9],
      ]),
      hash,
    );
    expect(plan.retired).toEqual([{ identity: 'hash:pooled2', label: 'Pooled 2', sectionName: 'Pool', exposures: 3, exposureCap: 3 }]);
    expect(plan.definition.sections[1]?.questions.map((question) => question.text)).toEqual(['Pooled 1', 'Pooled 3', 'Pooled 4']);
    expect(plan.definition.sections[0]).toBe(definition.sections[0]);
    expect(plan.keptAtFloor).toEqual([]);
    expect(retirementNoteOf(plan.retired)).toBe('retired question Pooled 2 (shown 3 times, cap 3) from Pool');
  });

  it('changes nothing under the cap, or without one', () => {
    const under = test({ draw: 2, exposureCap: 3 });
    expect(retirementPlanOf(under, new Map([['hash:pooled2', 2]]), hash)).toEqual({ definition: under, retired: [], keptAtFloor: [] });
    const uncapped = test({ draw: 2 });
    expect(retirementPlanOf(uncapped, new Map([['hash:pooled2', 1000]]), hash).retired).toEqual([]);
  });

  it('keeps the pool at its draw: the most shown leave first, the rest at the cap are kept and said', () => {
    const definition = test({ draw: 2, exposureCap: 3 });
    const counts = new Map([
      ['key:first', 3],
      ['hash:pooled2', 5],
      ['hash:pooled3', 4],
    ]);
    const plan = retirementPlanOf(definition, counts, hash);
    expect(plan.retired.map((question) => question.label)).toEqual(['Pooled 2', 'Pooled 3']);
    expect(plan.keptAtFloor).toEqual(['key:first']);
    expect(plan.definition.sections[1]?.questions).toHaveLength(2);
    expect(TestDefinition.safeParse(plan.definition).success).toBe(true);
  });

  it('retires nothing from a pool already at its draw', () => {
    const definition = test({ draw: 2, exposureCap: 1 }, 2);
    const plan = retirementPlanOf(
      definition,
      new Map([
        ['key:first', 7],
        ['hash:pooled2', 7],
      ]),
      hash,
    );
    expect(plan.retired).toEqual([]);
    expect(plan.keptAtFloor).toEqual(['key:first', 'hash:pooled2']);
  });
});

describe('what the test screen reads of a capped pool', () => {
  it('names each question’s state and the retired ones with when', () => {
    const definition = test({ draw: 2, exposureCap: 3 }, 3);
    const pools = poolExposuresOf(
      definition,
      [[1], [11, 12, 13]],
      [
        { identity: 'key:first', label: 'first', exposures: 3, retiredAt: null, retiredFrom: null },
        { identity: 'hash:pooled3', label: 'Pooled 3', exposures: 1, retiredAt: null, retiredFrom: null },
        { identity: 'hash:gone', label: 'Gone', exposures: 3, retiredAt: Date.UTC(2026, 0, 2), retiredFrom: 'Pool' },
      ],
      hash,
    );
    expect(pools).toEqual([
      {
        sectionName: 'Pool',
        draw: 2,
        exposureCap: 3,
        retired: 1,
        note: null,
        questions: [
          { label: 'first', questionId: 11, exposures: 3, state: 'retiring', retiredAt: null },
          { label: 'Pooled 2', questionId: 12, exposures: 0, state: 'asked', retiredAt: null },
          { label: 'Pooled 3', questionId: 13, exposures: 1, state: 'asked', retiredAt: null },
          { label: 'Gone', questionId: null, exposures: 3, state: 'retired', retiredAt: '2026-01-02T00:00:00.000Z' },
        ],
      },
    ]);
  });

  it('says "cap reached, still asked" when the pool would fall below its draw', () => {
    const definition = test({ draw: 2, exposureCap: 3 }, 2);
    const [pool] = poolExposuresOf(
      definition,
      [[1], [11, 12]],
      [{ identity: 'key:first', label: 'first', exposures: 4, retiredAt: null, retiredFrom: null }],
      hash,
    );
    expect(pool?.note).toBe('cap reached, still asked: the pool would fall below its draw');
    expect(pool?.questions[0]?.state).toBe('cap-reached-still-asked');
  });
});
