/** Pure helpers shared by the catalogue importers. */

const COMBINING_MARKS = /\p{M}+/gu;

/** Lower-case and accent-free: NFD, then combining marks removed ('Amélie' -> 'amelie'). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** What search reads: folded primary title, then the original title when it differs. */
export function searchTextOf(primaryTitle: string, originalTitle: string | null | undefined): string {
  const primary = foldText(primaryTitle);
  const original = originalTitle ? foldText(originalTitle) : '';
  return original && original !== primary ? `${primary} ${original}` : primary;
}

/** Key for joining id-less sources on title + year: folded, alphanumerics only ('Léon: The Professional' -> 'leontheprofessional'). */
export function matchKeyOf(title: string): string {
  return foldText(title).replace(/&/g, 'and').replace(/[^\p{L}\p{N}]+/gu, '');
}

/** IMDb's genre names, the display form used across the catalogue. */
const GENRES = [
  'Action', 'Adult', 'Adventure', 'Animation', 'Biography', 'Comedy', 'Crime', 'Documentary', 'Drama', 'Family',
  'Fantasy', 'Film-Noir', 'Game-Show', 'History', 'Horror', 'Music', 'Musical', 'Mystery', 'News', 'Reality-TV',
  'Romance', 'Sci-Fi', 'Short', 'Sport', 'Talk-Show', 'Thriller', 'War', 'Western',
];
const GENRE_BY_KEY = new Map<string, string | null>(GENRES.map((g) => [g.toLowerCase().replace(/[^a-z]/g, ''), g]));
// JustWatch's vocabulary, mapped onto IMDb's; 'european' is a region, not a genre.
for (const [k, v] of Object.entries({
  documentation: 'Documentary',
  scifi: 'Sci-Fi',
  sciencefiction: 'Sci-Fi',
  reality: 'Reality-TV',
  biography: 'Biography',
  european: null,
  noir: 'Film-Noir',
  sports: 'Sport',
  talk: 'Talk-Show',
  gameshow: 'Game-Show',
} as Record<string, string | null>)) {
  GENRE_BY_KEY.set(k, v);
}

/** One genre in display form, or null when it is not a genre ('unknown', 'european'). */
export function displayGenre(raw: string): string | null {
  const key = raw.toLowerCase().replace(/[^a-z]/g, '');
  if (!key || key === 'unknown' || key === 'n') return null;
  const known = GENRE_BY_KEY.get(key);
  if (known !== undefined) return known;
  const clean = raw.trim();
  return clean.charAt(0).toUpperCase() + clean.slice(1);
}

/** Genres from any source's list format: 'Drama,Sci-Fi', 'Action|Adventure', "['drama', 'crime']", 'Crime, Drama'. */
export function parseGenres(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const out: string[] = [];
  for (const part of raw.replace(/^\s*\[|\]\s*$/g, '').split(/[,|]/)) {
    const g = displayGenre(part.replace(/['"]/g, ''));
    if (g && !out.includes(g)) out.push(g);
  }
  return out;
}

/** A trimmed string, or null for blanks and the placeholders sources use for "missing". */
export function cleanText(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  const s = String(raw).replace(/\u00a0/g, ' ').trim();
  if (!s || s === '\\N' || s === 'Unknown' || s === '[Unknown]' || s === '[]' || s === 'N/A' || s === 'null') return null;
  return s;
}

/** A number from '28,341,469', '108795.0', '142 min', 7.9; null when absent or not a number. */
export function parseNumber(raw: unknown): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const s = String(raw).replace(/[,$\s]|min$/g, '').replace(/;$/, '');
  if (!s || s === '\\N') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

export function parseInteger(raw: unknown): number | null {
  const n = parseNumber(raw);
  return n === null ? null : Math.round(n);
}

/** A plausible year (1870 to 2100), else null. */
export function parseYear(raw: unknown): number | null {
  const n = parseInteger(raw);
  return n !== null && n >= 1870 && n <= 2100 ? n : null;
}

const MONTHS: Record<string, string> = {
  jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06',
  jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12',
};

/** 'Jun 12 1998' or '1998-06-12' -> '1998-06-12'; null otherwise. */
export function parseReleaseDate(raw: unknown): string | null {
  const s = cleanText(raw);
  if (!s) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(s);
  if (m) {
    const month = MONTHS[m[1].toLowerCase()];
    if (month) return `${m[3]}-${month}-${m[2].padStart(2, '0')}`;
  }
  return null;
}

/** The tconst inside a value such as 'http://www.imdb.com/title/tt0499549/?ref_=fn_tt_tt_1'. */
export function imdbIdOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = /tt\d{7,}/.exec(raw);
  return m ? m[0] : null;
}

/** Numeric order of tconsts (tt9999999 < tt10000000). */
export function tconstNumber(tconst: string): number {
  return Number.parseInt(tconst.slice(2), 10);
}

/**
 * IMDb image URLs carry a resize directive after '._V1_' (e.g. '_UX67_CR0,0,67,98_AL_');
 * without it IMDb serves the full poster.
 */
export function fullSizePoster(url: string | null): string | null {
  if (!url || !/^https?:\/\//.test(url)) return null;
  return url.replace(/\._V1_[^/]*\.(jpg|jpeg|png|webp)$/i, '._V1_.$1');
}

export { popularityOf } from '../../search/popularity.ts';
