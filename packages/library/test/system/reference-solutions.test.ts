import { afterAll, describe, expect, it } from 'vitest';
import { type CodingQuestion, QuestionDefinition } from '@assay/domain/schemas';
import { codingRunRequest } from '@assay/jobs';
import { Sandbox } from '@assay/sandbox';
import { loadLibrary } from '../../src/index.js';

/**
 * Every reference solution of the library against every hidden test of its item, in the jail, as scoring runs them
 * (issue 62 item 1): an item whose own answer fails its tests, or a language whose harness misreads the signature, is
 * caught here rather than by a candidate.
 */
const { items } = loadLibrary();
const coding = items.filter((item) => item.question.type === 'coding');

describe('the library’s reference solutions pass their hidden tests', () => {
  const sandbox = new Sandbox({ workers: 1 });
  afterAll(() => sandbox.close());

  it('has coding items, each with its references', () => {
    expect(coding.length).toBeGreaterThan(0);
    for (const item of coding) expect(item.referenceSolutions?.length, item.id).toBeGreaterThan(0);
  });

  for (const item of coding) {
    for (const reference of item.referenceSolutions ?? []) {
      it(`${item.id} in ${reference.language}`, { timeout: 180_000 }, async () => {
        const question = QuestionDefinition.parse(item.question) as CodingQuestion;
        const outcome = await sandbox.run(codingRunRequest(question, reference.code, reference.language, 'hiddenTests'), { lane: 'scoring' });
        expect(outcome.fault).toBeUndefined();
        const failed = outcome.results.flatMap((result, index) => (result.passed ? [] : [`hidden test ${index + 1}: ${JSON.stringify(result).slice(0, 300)}`]));
        expect(failed).toEqual([]);
        expect(outcome.results).toHaveLength(question.hiddenTests.length);
      });
    }
  }
});
