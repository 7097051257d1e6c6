import { match } from 'ts-pattern';
import type { TestLinkStatus } from './schemas/test-link.js';

/** Spec 3.2: 1 Active and 3 Inactive, moved only by an update that names the other value. */
export type TestLinkState = 'Active' | 'Inactive';

export const testLinkStateOf = (status: TestLinkStatus): TestLinkState =>
  match(status)
    .with(1, () => 'Active' as const)
    .with(3, () => 'Inactive' as const)
    .exhaustive();

export const testLinkStatusOf = (state: TestLinkState): TestLinkStatus =>
  match(state)
    .with('Active', () => 1 as const)
    .with('Inactive', () => 3 as const)
    .exhaustive();

/** An update that omits testLinkStatus leaves the state alone (decision 16). */
export const moveTestLink = (state: TestLinkState, requested: TestLinkStatus | undefined): TestLinkState =>
  match([state, requested])
    .with(['Active', undefined], ['Inactive', undefined], ([current]) => current)
    .with(['Active', 1], ['Inactive', 1], () => 'Active' as const)
    .with(['Active', 3], ['Inactive', 3], () => 'Inactive' as const)
    .exhaustive();

/** Only an active link lets candidates in. */
export const acceptsCandidates = (state: TestLinkState): boolean => state === 'Active';
