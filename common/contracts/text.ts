import { z } from 'zod';

/**
 * Control characters: NUL and the other C0 codes but tab, line feed and carriage return (a textarea sends \r\n; the
 * services store \n), and DEL. Plain text never holds them, and PostgreSQL refuses NUL in text outright, so every
 * text field, query string and path id of a request is checked here, once, and answers 400 naming the field.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_MESSAGE = 'must be plain text without control characters';

/** Whether a text holds no control character. */
export const isPlainText = (v: string): boolean => !CONTROL_CHARACTERS.test(v);

/**
 * A request's text: `z.string()` that refuses control characters. Use it for every text field, query string and path
 * parameter of a request (limits, trimming and patterns chain on it as on `z.string()`).
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isPlainText, CONTROL_MESSAGE);
