import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryDecimal, queryInt, queryIntWithDefault } from './query.ts';

const schema = z.object({ page: queryIntWithDefault(1, 50, 1), year: queryInt(1870, 2100), rating: queryDecimal(0, 10) });
const parse = (q: Record<string, unknown>) => schema.safeParse(q);

describe('numbers in query strings', () => {
  it('reads plain decimals, and a blank or absent field as absent', () => {
    expect(parse({ page: '3', year: '1994', rating: '7.5' }).data).toEqual({ page: 3, year: 1994, rating: 7.5 });
    expect(parse({ page: '007' }).data).toEqual({ page: 7 });
    expect(parse({ page: '', year: '  ', rating: '' }).data).toEqual({ page: 1 });
    expect(parse({}).data).toEqual({ page: 1 });
    expect(parse({ rating: '10' }).data?.rating).toBe(10);
  });

  it('refuses hex, exponents, spaces, signs, decimal points in whole numbers, and values out of range, naming the field', () => {
    for (const page of ['0x10', '1e2', ' 3', '3 ', '3.0', '+3', '-1', 'Infinity', 'NaN', '0', '51', '1_0', '３']) {
      const res = parse({ page });
      expect(res.success, page).toBe(false);
      expect(res.error?.issues[0]?.path, page).toEqual(['page']);
      expect(res.error?.issues[0]?.message, page).toBe('must be a whole number from 1 to 50');
    }
    for (const rating of ['1e1', '.5', '5.', '0x1', '10.5', '-0']) {
      expect(parse({ rating }).success, rating).toBe(false);
    }
  });

  it('refuses a repeated field (an array) and non-text values', () => {
    expect(parse({ page: ['1', '2'] }).success).toBe(false);
    expect(parse({ page: 3 }).success).toBe(false);
    expect(parse({ page: true }).success).toBe(false);
  });
});
