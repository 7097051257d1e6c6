import { describe, it, expect } from 'vitest';
import type { TestLinkStatus } from './schemas/test-link.js';
import { acceptsCandidates, moveTestLink, testLinkStateOf, testLinkStatusOf, type TestLinkState } from './test-link-status.js';

describe('moveTestLink', () => {
  it.each<[TestLinkState, TestLinkStatus | undefined, TestLinkState]>([
    ['Active', undefined, 'Active'],
    ['Active', 1, 'Active'],
    ['Active', 3, 'Inactive'],
    ['Inactive', undefined, 'Inactive'],
    ['Inactive', 1, 'Active'],
    ['Inactive', 3, 'Inactive'],
  ])('%s with requested %s -> %s', (state, requested, next) => {
    expect(moveTestLink(state, requested)).toBe(next);
  });
});

describe('testLinkStateOf / testLinkStatusOf', () => {
  it('maps 1 to Active and 3 to Inactive', () => {
    expect(testLinkStateOf(1)).toBe('Active');
    expect(testLinkStateOf(3)).toBe('Inactive');
    expect(testLinkStatusOf('Active')).toBe(1);
    expect(testLinkStatusOf('Inactive')).toBe(3);
  });

  it.each<TestLinkStatus>([1, 3])('status %s round-trips through its state', (status) => {
    expect(testLinkStatusOf(testLinkStateOf(status))).toBe(status);
  });

  it.each<TestLinkState>(['Active', 'Inactive'])('state %s round-trips through its status', (state) => {
    expect(testLinkStateOf(testLinkStatusOf(state))).toBe(state);
  });
});

describe('acceptsCandidates', () => {
  it('only an active link lets candidates in', () => {
    expect(acceptsCandidates('Active')).toBe(true);
    expect(acceptsCandidates('Inactive')).toBe(false);
  });
});
