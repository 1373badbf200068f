import { z } from 'zod';

/**
 * Numbers in query strings. They arrive as text and are read only as plain decimals: "3" and "7.5", not "0x10",
 * "1e2", " 3", "3.0" (for a whole number) or "Infinity", which a coercing number would take. A blank field counts
 * as absent ("non-empty filter fields as query"). JSON bodies carry real numbers and never use these.
 */

/** An empty or blank query field counts as absent. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const WHOLE = /^\d{1,15}$/;
const DECIMAL = /^\d{1,15}(\.\d{1,15})?$/;

const decimalText = (pattern: RegExp, min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .regex(pattern, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));

/** A whole number from min to max written in digits; absent (or blank) is undefined. */
export const queryInt = (min: number, max: number, message = `must be a whole number from ${min} to ${max}`) =>
  z.preprocess(blankToUndefined, decimalText(WHOLE, min, max, message).optional());

/** The same with a default for an absent or blank field. */
export const queryIntWithDefault = (min: number, max: number, fallback: number, message = `must be a whole number from ${min} to ${max}`) =>
  z.preprocess(blankToUndefined, decimalText(WHOLE, min, max, message).default(fallback));

/** A number from min to max written in digits, with an optional decimal part ("7.5"); absent (or blank) is undefined. */
export const queryDecimal = (min: number, max: number, message = `must be a number from ${min} to ${max}`) =>
  z.preprocess(blankToUndefined, decimalText(DECIMAL, min, max, message).optional());
