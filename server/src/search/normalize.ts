/** Text normalisation shared by the search index and the queries it answers. */

const FOLD: Record<string, string> = { æ: 'ae', œ: 'oe', ß: 'ss', ø: 'o', đ: 'd', ł: 'l', þ: 'th', ð: 'd', ı: 'i' };
const ASCII = /^[\x20-\x7e]*$/;

/**
 * Initials written with dots or stars, each a single letter ("L.A.", "S.W.A.T.", "M*A*S*H", "K.G.F", "E.T."): fans
 * type them as one word ("la confidential", "swat", "mash", "kgf", "et"), so titles are indexed with them as one
 * (and letter by letter as well, see SegmentBuilder). A query keeps what was typed: "l.a" still on its way to "l.a.".
 */
const INITIALS = /(?<![a-z0-9])[a-z](?:[.*][a-z](?![a-z0-9]))+(?:\.(?![a-z0-9]))?/g;
const INITIALS_ANY = /(?<![\p{L}\p{N}])\p{L}(?:[.*]\p{L}(?![\p{L}\p{N}]))+(?:\.(?![\p{L}\p{N}]))?/gu;
const INITIAL_MARKS = /[.*]/g;
const joined = (m: string) => m.replace(INITIAL_MARKS, '');

/**
 * Lower-case, accent-free, apostrophes dropped ("Schindler's" -> "schindlers"), '&' read as 'and', other punctuation a
 * space; with `joinInitials`, initials as one word ("L.A." -> "la", else "l a").
 */
export function normalizeText(input: string, joinInitials = false): string {
  let s = input.toLowerCase();
  const marked = joinInitials && (s.includes('.') || s.includes('*'));
  if (ASCII.test(s)) {
    if (marked) s = s.replace(INITIALS, joined);
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
  if (marked) s = s.replace(INITIALS_ANY, joined);
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
