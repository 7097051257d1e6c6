import { createHash } from 'node:crypto';
import { ASSISTANT_SYSTEM_PROMPTS, DEFAULT_AI_SETTINGS, unversionedAiSnapshotOf, type AttemptAiSnapshot, type UnversionedAiSnapshot } from '@assay/domain/ai';
import type { TestRecord } from '@assay/domain';
import type { Store } from '@assay/store';

/**
 * The policy version (decision 1160): the first 12 hex digits of the SHA-256 of the snapshot and the system prompts'
 * words, so the same settings under changed prompts are a new version.
 */
export const policyVersionOf = (snapshot: UnversionedAiSnapshot): string =>
  createHash('sha256')
    .update(JSON.stringify({ snapshot, prompts: ASSISTANT_SYSTEM_PROMPTS }))
    .digest('hex')
    .slice(0, 12);

/** The test (its settings) and the version a starting attempt takes (its sections). */
type TestVersionIds = Pick<TestRecord, 'id' | 'contentId'>;

/** The test's AI policy as it stands now: what an attempt starting now fixes, and what the landing page tells. */
export const liveAiSnapshotOf = async (store: Store, orgId: number, test: TestVersionIds): Promise<UnversionedAiSnapshot> => {
  const [settings, subject, sections] = await Promise.all([
    store.testSettings.get(orgId, test.id),
    store.testSettings.subject(orgId, test.id),
    store.tests.sections(test.contentId),
  ]);
  // The definition's sections and the stored ones are in the same order (their positions).
  const ordered = [...sections].sort((a, b) => a.position - b.position);
  return unversionedAiSnapshotOf(
    settings?.aiSettings ?? DEFAULT_AI_SETTINGS,
    ordered.map((section, index) => ({ id: section.id, aiPolicy: subject?.sections[index]?.aiPolicy })),
  );
};

/** The snapshot an attempt starting now is given, with its version. */
export const aiSnapshotAtStart = async (store: Store, orgId: number, test: TestVersionIds): Promise<AttemptAiSnapshot> => {
  const snapshot = await liveAiSnapshotOf(store, orgId, test);
  return { ...snapshot, version: policyVersionOf(snapshot) };
};
