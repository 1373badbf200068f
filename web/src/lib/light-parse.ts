import type { Parser } from './api-client';

/**
 * Shape checks for replies read on the first screens (top bar, home), where
 * loading zod would cost ~24 KB. They check the fields the screen relies on;
 * the server already validates every reply against the zod contract.
 */
type Check = (value: unknown) => boolean;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const isString: Check = (v) => typeof v === 'string';
export const isNullableString: Check = (v) => v === null || typeof v === 'string';
export const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);

export function hasFields(checks: Record<string, Check>): Check {
  return (value) => isRecord(value) && Object.entries(checks).every(([key, check]) => check(value[key]));
}

/** An array whose every item passes `item`. */
export function arrayParser<T>(item: Check): Parser<T[]> {
  return {
    safeParse: (value) => (Array.isArray(value) && value.every(item) ? { success: true, data: value as T[] } : { success: false }),
  };
}

export function objectParser<T>(check: Check): Parser<T> {
  return { safeParse: (value) => (check(value) ? { success: true, data: value as T } : { success: false }) };
}

/** Spec 3 "Media search result" as the search box and poster rows read it. */
export const isMediaResult = hasFields({ id: isString, type: isString, title: isString, primaryImage: isNullableString, releaseDate: isNullableString });

/** Spec 3 "Media item (home)". */
export const isHomeMediaItem = hasFields({
  id: isString,
  title: isString,
  primaryImage: hasFields({ url: isNullableString }),
  titleType: hasFields({ isSeries: (v) => typeof v === 'boolean' }),
  ratings: hasFields({ voteCount: isNumber }),
  tag: isString,
});
