import { checkSize, dateOf, describe, type ExportFile, ImportFileError, type ImportItem, textOf } from './imports.parse.ts';

/**
 * Trakt's export: a ZIP of JSON files, each an array of entries as Trakt's API gives them.
 *
 * - ratings-movies.json, ratings-shows.json: `{ rated_at, rating (1-10), type, movie | show: { title, year, ids } }`;
 *   ratings-seasons.json and ratings-episodes.json (and season, episode or person entries of watchlists and lists) are
 *   reported as not placed, with the reason: the catalogue has whole titles only
 * - watchlist-movies.json, watchlist-shows.json: `{ listed_at, type, movie | show }`
 * - lists-lists.json: `{ name, description, ids: { slug } }`, and each list's entries in lists-<slug>.json:
 *   `{ rank, listed_at, type, movie | show }`
 * - history-*.json: `{ watched_at, type: movie | episode, movie | show }`: each play is a diary entry on its day (an
 *   episode's play logs its show)
 * - watched-*.json and the rest: read (malformed JSON is refused) but not imported (history has the days).
 *
 * `ids` carries `imdb` (tt…) and `tmdb`; titles are matched by them first. An entry is named by its number in the file.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const base = (name: string) => name.replace(/^.*\//, '').toLowerCase();

function jsonOf(file: ExportFile): unknown {
  const text = textOf(file);
  try {
    return JSON.parse(text);
  } catch {
    const at = jsonErrorOffset(text);
    const line = at === null ? null : text.slice(0, at).split('\n').length;
    throw new ImportFileError(file.name, line, 'is not well-formed JSON.');
  }
}

/**
 * Where JSON text first goes wrong (an offset), or null: a small scan of JSON's grammar, run only on text JSON.parse
 * refused, so the message can name the line (Node's own message does not always say where).
 */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '"') {
      string();
      return;
    }
    const m = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) fail();
    else i += m[0].length;
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail();
      i += text[i] === '\\' ? 2 : 1;
    }
    if (i >= text.length) fail();
    i++;
  };
  try {
    value();
    ws();
    return i < text.length ? i : null;
  } catch (at) {
    return typeof at === 'number' ? Math.min(at, text.length) : null;
  }
}

function entriesOf(file: ExportFile): Json[] {
  const data = jsonOf(file);
  if (!Array.isArray(data)) throw new ImportFileError(file.name, null, 'must hold a JSON array of entries.');
  return data.map((e, i) => {
    if (!isObject(e)) throw new ImportFileError(file.name, i + 1, 'is not an object.', 'entry');
    return e;
  });
}

/** The title an entry is about: a movie or a show with a title; seasons and episodes are null. */
function titleOf(file: string, n: number, e: Json): Omit<ImportItem, 'kind' | 'file' | 'line'> | null {
  const type = typeof e.type === 'string' ? e.type : e.movie ? 'movie' : e.show ? 'show' : '';
  if (type === 'season' || type === 'episode' || type === 'person') return null;
  const t = type === 'movie' ? e.movie : type === 'show' ? e.show : undefined;
  if (!isObject(t)) throw new ImportFileError(file, n, 'has no movie or show.', 'entry');
  if (typeof t.title !== 'string' || t.title.trim() === '') throw new ImportFileError(file, n, 'has no title.', 'entry');
  const year = t.year === null || t.year === undefined ? null : Number(t.year);
  if (year !== null && !(Number.isInteger(year) && year > 1800 && year < 3000)) throw new ImportFileError(file, n, 'has a year that is not a year.', 'entry');
  const ids = isObject(t.ids) ? t.ids : {};
  const imdbId = typeof ids.imdb === 'string' && /^tt\d{5,}$/.test(ids.imdb) ? ids.imdb : null;
  const tmdbId = typeof ids.tmdb === 'number' && Number.isInteger(ids.tmdb) ? ids.tmdb : null;
  const title = t.title.trim();
  return { title, year, text: describe(title, year), imdbId, tmdbId, type: type === 'movie' ? 'movie' : 'tvSeries' };
}

const stamp = (v: unknown) => (typeof v === 'string' ? v : null);

const EPISODE_REASON = 'The catalogue has no seasons or episodes: Reelhouse rates, lists and logs whole shows (an episode watched logs its show).';
const PERSON_REASON = 'A person: Reelhouse lists titles only.';

/** An entry about a season, an episode or a person, kept in the report as not placed: its text, and why. */
function unplaced(e: Json): Pick<ImportItem, 'title' | 'year' | 'text' | 'type' | 'skip'> {
  const show = isObject(e.show) ? e.show : {};
  const showName = typeof show.title === 'string' && show.title.trim() ? show.title.trim() : 'A show';
  const showYear = typeof show.year === 'number' && Number.isInteger(show.year) ? show.year : null;
  const two = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) ? String(n).padStart(2, '0') : '??');
  if (e.type === 'person') {
    const person = isObject(e.person) && typeof e.person.name === 'string' ? e.person.name : 'A person';
    return { title: person, year: null, text: person, type: null, skip: PERSON_REASON };
  }
  let what: string;
  if (e.type === 'season') {
    const season = isObject(e.season) ? e.season : {};
    what = `season ${season.number ?? '?'}`;
  } else {
    const ep = isObject(e.episode) ? e.episode : {};
    what = `S${two(ep.season)}E${two(ep.number)}${typeof ep.title === 'string' && ep.title ? ` “${ep.title}”` : ''}`;
  }
  return { title: showName, year: showYear, text: `${describe(showName, showYear)} ${what}`.slice(0, 300), type: 'tvSeries', skip: EPISODE_REASON };
}

export function parseTrakt(files: ExportFile[]): ImportItem[] {
  const items: ImportItem[] = [];
  const json = files.filter((f) => f.name.toLowerCase().endsWith('.json'));
  const listMeta = json.find((f) => /^lists?(-lists)?\.json$/.test(base(f.name)));
  const lists = new Map<string, { name: string; description: string | null }>();
  if (listMeta) {
    entriesOf(listMeta).forEach((e, i) => {
      const ids = isObject(e.ids) ? e.ids : {};
      const slug = typeof ids.slug === 'string' ? ids.slug : null;
      if (typeof e.name !== 'string' || e.name.trim() === '' || !slug) throw new ImportFileError(listMeta.name, i + 1, 'is a list without a name or slug.', 'entry');
      lists.set(slug.toLowerCase(), { name: e.name.trim().slice(0, 100), description: typeof e.description === 'string' && e.description.trim() ? e.description.trim() : null });
    });
  }
  for (const f of json) {
    if (f === listMeta) continue;
    const name = base(f.name);
    if (!/^(ratings|watchlist|lists-|history|watched)/.test(name) && !f.name.toLowerCase().startsWith('lists/')) {
      // Profile, settings, collection and the rest: only checked to be well-formed.
      jsonOf(f);
      continue;
    }
    const entries = entriesOf(f);
    if (name.startsWith('ratings')) {
      entries.forEach((e, i) => {
        const t = titleOf(f.name, i + 1, e);
        if (!t) {
          items.push({ ...unplaced(e), kind: 'rating', file: f.name, line: i + 1 });
          return;
        }
        const rating = e.rating;
        if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 10) {
          throw new ImportFileError(f.name, i + 1, 'has a rating that is not a whole number from 1 to 10.', 'entry');
        }
        items.push({ ...t, kind: 'rating', file: f.name, line: i + 1, rating, date: dateOf(f.name, i + 1, stamp(e.rated_at), 'entry') });
      });
    } else if (name.startsWith('watchlist')) {
      entries.forEach((e, i) => {
        const t = titleOf(f.name, i + 1, e);
        if (t) items.push({ ...t, kind: 'watchlist', file: f.name, line: i + 1, date: dateOf(f.name, i + 1, stamp(e.listed_at), 'entry') });
        else items.push({ ...unplaced(e), kind: 'watchlist', file: f.name, line: i + 1 });
      });
    } else if (name.startsWith('lists-') || f.name.toLowerCase().startsWith('lists/')) {
      const slug = name.replace(/^lists-/, '').replace(/\.json$/, '');
      const meta = lists.get(slug) ?? { name: slug.slice(0, 100), description: null };
      let position = 0;
      entries.forEach((e, i) => {
        const t = titleOf(f.name, i + 1, e);
        if (t) items.push({ ...t, kind: 'list', file: f.name, line: i + 1, list: { key: `trakt:${slug}`, name: meta.name, description: meta.description, position: position++ } });
        else items.push({ ...unplaced(e), kind: 'list', file: f.name, line: i + 1 });
      });
    } else if (name.startsWith('history')) {
      entries.forEach((e, i) => {
        const t = titleOf(f.name, i + 1, e.type === 'episode' && isObject(e.show) ? { type: 'show', show: e.show } : e);
        const day = dateOf(f.name, i + 1, stamp(e.watched_at), 'entry');
        if (t && day) items.push({ ...t, kind: 'diary', file: f.name, line: i + 1, text: `${t.text} on ${day.slice(0, 10)}`, date: day.slice(0, 10) });
      });
    } else {
      // Watched: checked, not imported.
      for (const [i, e] of entries.entries()) titleOf(f.name, i + 1, e);
    }
  }
  checkSize('the export', items);
  return items;
}

export function looksLikeTrakt(files: ExportFile[]): boolean {
  return files.length > 0 && files.some((f) => f.name.toLowerCase().endsWith('.json'));
}
