import { describe, it, expect } from 'vitest';
import { MAX_PAGE_SIZE, pageOffset, PagingQuery } from './paging.js';

describe('PagingQuery', () => {
  it('defaults page_size to 20 and page_no to 1', () => {
    expect(PagingQuery.parse({})).toEqual({ page_size: 20, page_no: 1 });
  });

  it('reads decimal text as numbers', () => {
    expect(PagingQuery.parse({ page_size: '5', page_no: '3' })).toEqual({ page_size: 5, page_no: 3 });
  });

  it('allows a page_size of exactly 100', () => {
    expect(MAX_PAGE_SIZE).toBe(100);
    expect(PagingQuery.parse({ page_size: '100' }).page_size).toBe(100);
  });

  it('allows a large page_no', () => {
    expect(PagingQuery.parse({ page_no: '999999' }).page_no).toBe(999999);
  });

  it.each(['0', '-1', 'abc', '101', '1.5', '', ' 5', '1e2', '00'])('rejects page_size "%s"', (page_size) => {
    const parsed = PagingQuery.safeParse({ page_size });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['page_size']);
  });

  it.each(['0', '-1', 'abc', '1.5', '', '0x10'])('rejects page_no "%s"', (page_no) => {
    const parsed = PagingQuery.safeParse({ page_no });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['page_no']);
  });

  it('rejects numbers that are not query text', () => {
    expect(PagingQuery.safeParse({ page_size: 5 }).success).toBe(false);
  });

  it('names the limit in the message', () => {
    expect(PagingQuery.safeParse({ page_size: '101' }).error?.issues[0]?.message).toBe('page_size must be at most 100');
    expect(PagingQuery.safeParse({ page_no: '0' }).error?.issues[0]?.message).toBe('page_no must be at least 1');
  });
});

describe('pageOffset', () => {
  it.each([
    [20, 1, 0],
    [20, 2, 20],
    [5, 4, 15],
    [100, 10, 900],
  ])('page_size %s page_no %s -> %s', (page_size, page_no, offset) => {
    expect(pageOffset({ page_size, page_no })).toBe(offset);
  });
});
