/** Text normalisation shared by the search index and the queries it answers. */

const FOLD: Record<string, string> = { æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd', ı: 'i' };
const ASCII = /^[\x20-\x7e]*$/;

/** Lower-case, accent-free, apostrophes dropped ("Schindler's" -> "schindlers"), '&' read as 'and', other punctuation a space. */
export function normalizeText(input: string): string {
  let s = input.toLowerCase();
  if (ASCII.test(s)) {
    return s
      .replace(/&/g, ' and ')
      .replace(/['`]/g, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  }
  s = s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[æœßøđłþðı]/g, (c) => FOLD[c] ?? c);
  return s
    .replace(/&/g, ' and ')
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function tokenize(input: string, maxTokens = 32): string[] {
  const n = normalizeText(input);
  if (!n) return [];
  const out = n.split(' ');
  return out.length > maxTokens ? out.slice(0, maxTokens) : out;
}

/** How a clicked search is counted: trimmed, lower-case, single spaces (accents kept for display). */
export function searchQueryKey(input: string): string {
  return input.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 200);
}
