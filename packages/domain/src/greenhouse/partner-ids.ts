import { UNISSUED_ID, idOfWellFormed, isWellFormedId } from '../ids.js';
import type { TestSummary } from '../schemas/test.js';
import type { GreenhouseTestList } from './greenhouse-wire.js';

/**
 * The id Greenhouse echoes back (`partner_test_id`, `partner_interview_id`) as the number Assay stores, or undefined:
 * anything but one of Assay's ids names nothing, and answers 404 like an unknown id (decision 450), never 400, since
 * Greenhouse only ever sends what Assay gave it.
 */
export const partnerIdOf = (text: string): number | undefined => {
  if (!isWellFormedId(text)) return undefined;
  const id = idOfWellFormed(text);
  return id === UNISSUED_ID ? undefined : id;
};

/** The tests Greenhouse offers to send: the org's Active ones (an Inactive test cannot be taken), in import order. */
export const greenhouseTestList = (tests: readonly Pick<TestSummary, 'testId' | 'testName' | 'testStatus'>[]): GreenhouseTestList =>
  tests.filter((test) => test.testStatus === 'Active').map((test) => ({ partner_test_id: String(test.testId), partner_test_name: test.testName }));
