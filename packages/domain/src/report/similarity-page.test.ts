import { describe, expect, it } from 'vitest';
import type { QuestionRecord, SectionRecord } from '../records/test.js';
import { askedQuestionNumbers, SimilarityPageQuery, similarityPageOf } from './similarity-page.js';

describe('similarityPageOf: every pair of an attempt, page by page (decision 822)', () => {
  const pair = (pairId: number, questionId: number, score: number) => ({ pairId, questionId, score });
  const pairs = [pair(4, 7, 0.6), pair(2, 8, 0.9), pair(3, 7, 0.9), pair(1, 7, 0.75), pair(5, 7, 0.5)];
  const query = (fields: Record<string, string>) => SimilarityPageQuery.parse(fields);

  it('sorts by score, highest first, then by pair id, and pages', () => {
    expect(similarityPageOf(pairs, query({ page_size: '2' }))).toEqual({ page: [pair(2, 8, 0.9), pair(3, 7, 0.9)], pairsCount: 5 });
    expect(similarityPageOf(pairs, query({ page_size: '2', page_no: '3' }))).toEqual({ page: [pair(5, 7, 0.5)], pairsCount: 5 });
  });

  it('keeps one question when asked, and a page past the last is empty with the count', () => {
    expect(similarityPageOf(pairs, query({ questionId: '8' })).page).toEqual([pair(2, 8, 0.9)]);
    expect(similarityPageOf(pairs, query({ questionId: '7', page_no: '2' }))).toEqual({ page: [], pairsCount: 4 });
  });

  it('refuses a page size over 100 and a question id that is not one', () => {
    expect(SimilarityPageQuery.safeParse({ page_size: '101' }).success).toBe(false);
    expect(SimilarityPageQuery.safeParse({ questionId: '0' }).success).toBe(false);
  });
});

describe('askedQuestionNumbers', () => {
  it("numbers a fixed test's questions section by section, as the report does", () => {
    const sections = [{ id: 2 }, { id: 1 }] as SectionRecord[];
    const questions = [
      { id: 10, sectionId: 1 },
      { id: 20, sectionId: 2 },
      { id: 21, sectionId: 2 },
    ] as QuestionRecord[];
    const numberOf = askedQuestionNumbers(sections, questions, null);
    expect([20, 21, 10, 99].map(numberOf)).toEqual([1, 2, 3, null]);
  });
});
