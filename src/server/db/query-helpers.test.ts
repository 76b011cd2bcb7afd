import { describe, expect, it } from 'vitest';
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from '#shared/constants';
import { containsPattern, pageWindow } from '#server/db/query-helpers';

describe('pageWindow', () => {
  it('reads offset as the 1-based page', () => {
    expect(pageWindow(1, 4)).toEqual({ page: 1, limit: 4, skip: 0, beyondEnd: false });
    expect(pageWindow(3, 4)).toEqual({ page: 3, limit: 4, skip: 8, beyondEnd: false });
  });
  it('counts a page below 1 as 1 and defaults the limit', () => {
    expect(pageWindow(0, undefined)).toEqual({ page: 1, limit: PAGE_SIZE, skip: 0, beyondEnd: false });
    expect(pageWindow(-9, 4).page).toBe(1);
    expect(pageWindow(undefined, Number.NaN).limit).toBe(PAGE_SIZE);
  });
  it('caps the limit and answers pages past MAX_PAGE empty', () => {
    expect(pageWindow(1, 1e9).limit).toBe(MAX_PAGE_SIZE);
    expect(pageWindow(1, 0).limit).toBe(1);
    expect(pageWindow(MAX_PAGE + 1, 4).beyondEnd).toBe(true);
    expect(pageWindow(Number.POSITIVE_INFINITY, 4).beyondEnd).toBe(true);
  });
});

describe('containsPattern', () => {
  it('takes LIKE wildcards and the escape character literally', () => {
    expect(containsPattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});
