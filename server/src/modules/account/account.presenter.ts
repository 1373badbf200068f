import { strToU8, zipSync } from 'fflate';
import type { ApiToken } from '../../../../common/contracts/account.ts';
import { escapeHtml } from '../../lib/http/html.ts';
import { isoOf } from '../../lib/time.ts';
import type { exportCommunityPosts } from '../communities/index.ts';
import type { exportDiary, exportMarks } from '../diary/index.ts';
import type { exportGemLedger } from '../gems/index.ts';
import type { exportLists } from '../lists/index.ts';
import type { exportRatings } from '../ratings/index.ts';
import type { exportFollows } from '../social/index.ts';
import type { exportProfile } from '../user/index.ts';
import type { exportWatchlist } from '../watchlist/index.ts';

type Rows<F extends (...a: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

export interface ExportData {
  profile: NonNullable<Rows<typeof exportProfile>>;
  ratings: Rows<typeof exportRatings>;
  watchlist: Rows<typeof exportWatchlist>;
  diary: Rows<typeof exportDiary>;
  marks: Rows<typeof exportMarks>;
  lists: Rows<typeof exportLists>;
  discussions: Rows<typeof exportCommunityPosts>['discussions'];
  comments: Rows<typeof exportCommunityPosts>['comments'];
  follows: Rows<typeof exportFollows>;
  gems: Rows<typeof exportGemLedger>;
}

const bool = (v: unknown) => v === true || v === 1 || v === '1';
const parseJson = (v: string | null): unknown[] => {
  if (!v) return [];
  try {
    const parsed = JSON.parse(v);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};
const isoOrNull = (v: Date | string | null) => (v === null ? null : isoOf(v));
const day = (v: Date | string) => isoOf(v).slice(0, 10);

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(v: string | number | null | undefined): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csv = (header: string[], rows: (string | number | null)[][]) => `${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** Letterboxd's half stars (0.5 to 5) of a rating out of 10. */
export const letterboxdRating = (rating: number) => rating / 2;

/**
 * The export's files: JSON of everything (one file per kind), CSVs of ratings and the watchlist, and `letterboxd/`
 * with ratings.csv, watchlist.csv, diary.csv, watched.csv and likes/films.csv in Letterboxd's own columns (Date, Name, Year, Letterboxd URI[, Rating]; films
 * only, as Letterboxd has no series), which Reelhouse's own Letterboxd import reads back.
 */
export function exportFiles(d: ExportData, now: Date): Record<string, string> {
  const p = d.profile;
  const profile = {
    id: p.id,
    email: p.email,
    displayName: p.displayName,
    username: p.username,
    imageUrl: p.imageUrl,
    bio: p.bio,
    country: p.country,
    favouriteGenres: parseJson(p.favouriteGenres),
    topMovies: parseJson(p.topMovies),
    topShows: parseJson(p.topShows),
    createdAt: isoOf(p.createdAt),
  };
  const ratings = d.ratings.map((r) => ({
    titleId: r.titleId,
    title: r.primaryTitle,
    year: r.startYear,
    type: r.titleType,
    rating: r.rating,
    review: r.review,
    spoiler: bool(r.spoiler),
    createdAt: isoOf(r.createdAt),
    updatedAt: isoOf(r.updatedAt),
  }));
  const watchlist = d.watchlist.map((w) => ({ titleId: w.titleId, title: w.primaryTitle, year: w.startYear, type: w.titleType, addedAt: isoOf(w.createdAt) }));
  const films = (type: string) => type === 'movie';
  const diary = d.diary.map((e) => ({ titleId: e.titleId, title: e.primaryTitle, year: e.startYear, type: e.titleType, watchedOn: e.watchedOn }));
  const markRows = (mark: 'watched' | 'liked') => d.marks.filter((m) => m.mark === mark);
  const marked = (mark: 'watched' | 'liked') =>
    markRows(mark).map((m) => ({ titleId: m.titleId, title: m.primaryTitle, year: m.startYear, type: m.titleType, markedAt: isoOf(m.markedAt) }));
  // Letterboxd's watched.csv: every film watched once, dated by its first diary day, else when it was marked watched.
  const watchedFilms = new Map<string, { date: string; name: string; year: number | null }>();
  for (const e of d.diary) if (films(e.titleType) && !watchedFilms.has(e.titleId)) watchedFilms.set(e.titleId, { date: e.watchedOn, name: e.primaryTitle, year: e.startYear });
  for (const m of markRows('watched')) {
    if (films(m.titleType) && !watchedFilms.has(m.titleId)) watchedFilms.set(m.titleId, { date: day(m.markedAt), name: m.primaryTitle, year: m.startYear });
  }
  const lists = d.lists.map((l) => ({
    id: l.id,
    name: l.name,
    description: l.description,
    type: l.type,
    visibility: l.visibility,
    createdAt: isoOf(l.createdAt),
    updatedAt: isoOf(l.updatedAt),
    items: l.items.map((i) => ({ position: i.position, titleId: i.titleId, title: i.primaryTitle, year: i.startYear, note: i.note })),
  }));
  const discussions = d.discussions.map((x) => ({
    id: x.id,
    communityId: x.communityId,
    community: x.communityName,
    title: x.title,
    body: x.body,
    spoiler: bool(x.spoiler),
    createdAt: isoOf(x.createdAt),
    editedAt: isoOrNull(x.editedAt),
  }));
  const comments = d.comments
    .filter((c) => !bool(c.deleted))
    .map((c) => ({ id: c.id, discussionId: c.discussionId, communityId: c.communityId, parentId: c.parentId, text: c.text, spoiler: bool(c.spoiler), createdAt: isoOf(c.createdAt), editedAt: isoOrNull(c.editedAt) }));
  const person = (f: { id: string; username: string | null; displayName: string; createdAt: Date | string }) => ({ id: f.id, username: f.username, displayName: f.displayName, since: isoOf(f.createdAt) });
  const follows = { following: d.follows.following.map(person), followers: d.follows.followers.map(person) };
  const gems = d.gems.map((g) => ({ id: g.id, amount: g.amount, reason: g.reason, description: g.description, createdAt: isoOf(g.createdAt) }));
  const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  return {
    'README.txt':
      `Your Reelhouse data, exported ${now.toISOString()}.\r\n\r\n` +
      'profile.json, ratings.json (with reviews), watchlist.json, diary.json, watched.json (titles watched without a day), likes.json, lists.json, discussions.json, comments.json, follows.json and gems.json hold everything; ' +
      'ratings.csv, watchlist.csv and diary.csv are the same as tables (ratings out of 10). letterboxd/ratings.csv, letterboxd/watchlist.csv, letterboxd/diary.csv, letterboxd/watched.csv and letterboxd/likes/films.csv are in ' +
      "Letterboxd's own format (ratings in half stars): import them at Letterboxd, or into Reelhouse at Settings > Import.\r\n",
    'profile.json': json(profile),
    'ratings.json': json(ratings),
    'watchlist.json': json(watchlist),
    'diary.json': json(diary),
    'watched.json': json(marked('watched')),
    'likes.json': json(marked('liked')),
    'lists.json': json(lists),
    'discussions.json': json(discussions),
    'comments.json': json(comments),
    'follows.json': json(follows),
    'gems.json': json(gems),
    'ratings.csv': csv(
      ['Date', 'Title ID', 'Title', 'Year', 'Type', 'Rating', 'Review', 'Spoiler'],
      ratings.map((r) => [r.createdAt, r.titleId, r.title, r.year, r.type, r.rating, r.review, r.spoiler ? 'yes' : 'no']),
    ),
    'watchlist.csv': csv(
      ['Date', 'Title ID', 'Title', 'Year', 'Type'],
      watchlist.map((w) => [w.addedAt, w.titleId, w.title, w.year, w.type]),
    ),
    'diary.csv': csv(
      ['Watched Date', 'Title ID', 'Title', 'Year', 'Type'],
      diary.map((e) => [e.watchedOn, e.titleId, e.title, e.year, e.type]),
    ),
    'letterboxd/ratings.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'],
      d.ratings.filter((r) => films(r.titleType)).map((r) => [day(r.updatedAt), r.primaryTitle, r.startYear, '', letterboxdRating(r.rating)]),
    ),
    'letterboxd/watchlist.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI'],
      d.watchlist.filter((w) => films(w.titleType)).map((w) => [day(w.createdAt), w.primaryTitle, w.startYear, '']),
    ),
    'letterboxd/diary.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Tags', 'Watched Date'],
      d.diary.filter((e) => films(e.titleType)).map((e) => [e.watchedOn, e.primaryTitle, e.startYear, '', '', '', '', e.watchedOn]),
    ),
    'letterboxd/watched.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI'],
      [...watchedFilms.values()].sort((a, b) => a.date.localeCompare(b.date)).map((f) => [f.date, f.name, f.year, '']),
    ),
    'letterboxd/likes/films.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI'],
      markRows('liked')
        .filter((m) => films(m.titleType))
        .map((m) => [day(m.markedAt), m.primaryTitle, m.startYear, '']),
    ),
  };
}

/** The export as a ZIP. */
export function exportZip(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, body]) => [name, strToU8(body)])), { level: 6 });
}

export const presentToken = (row: { id: string; name: string; createdAt: Date | string; lastUsedAt: Date | string | null }): ApiToken => ({
  id: row.id,
  name: row.name,
  createdAt: isoOf(row.createdAt),
  lastUsedAt: isoOrNull(row.lastUsedAt),
});

// ---- RSS 2.0 --------------------------------------------------------------------------------------------------------

export interface FeedItem {
  title: string;
  link: string;
  guid: string;
  description: string;
  date: Date | string;
}

/** An RSS 2.0 document; every text escaped (escapeHtml covers XML's five). */
export function rssDocument(channel: { title: string; link: string; description: string }, items: FeedItem[]): string {
  const e = escapeHtml;
  const body = items
    .map(
      (i) =>
        `<item><title>${e(i.title)}</title><link>${e(i.link)}</link><guid isPermaLink="false">${e(i.guid)}</guid>` +
        `<pubDate>${new Date(i.date).toUTCString()}</pubDate><description>${e(i.description)}</description></item>`,
    )
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>' +
    `<title>${e(channel.title)}</title><link>${e(channel.link)}</link><description>${e(channel.description)}</description>\n${body}\n</channel></rss>\n`
  );
}
