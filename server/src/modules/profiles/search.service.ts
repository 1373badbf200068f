import type { PersonResult } from '../../../../common/contracts/people.ts';
import type { Database } from '../../db/database.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { editDistanceByTable } from '../../search/edit-distance.ts';
import { normalizeText } from '../../search/normalize.ts';
import { presentCard } from './profiles.presenter.ts';
import { followedAmong, searchCandidates } from './profiles.repository.ts';

const SEARCH_LIMIT = 20;
const CANDIDATES = 300;

/**
 * The candidates' net (LIKE patterns): the word's three-letter pieces (two-letter for words of up to 5 letters), which
 * a word with a typo still mostly shares, and a name word starting with its first letter (a swap of two letters in a
 * short word leaves no piece in common).
 */
function pieces(word: string): string[] {
  const out = new Set<string>([`${word[0]}%`, `% ${word[0]}%`]);
  const n = word.length <= 5 ? 2 : 3;
  if (word.length <= n) out.add(`%${word}%`);
  for (let i = 0; i + n <= word.length; i++) out.add(`%${word.slice(i, i + n)}%`);
  return [...out];
}

/** How well a person's normalised name and username match the query's words (lower is better), or null. */
function score(text: string, words: string[]): number | null {
  const tokens = text.split(' ');
  let total = 0;
  for (const w of words) {
    let best = Number.POSITIVE_INFINITY;
    const max = w.length <= 3 ? 0 : w.length <= 6 ? 1 : 2;
    for (const t of tokens) {
      if (t === w) best = 0;
      else if (t.startsWith(w)) best = Math.min(best, 0.5);
      else {
        const d = Math.min(editDistanceByTable(w, t, max), t.length > w.length ? editDistanceByTable(w, t.slice(0, w.length), max) + 0.5 : Number.POSITIVE_INFINITY);
        if (d <= max) best = Math.min(best, d);
      }
      if (best === 0) break;
    }
    if (!Number.isFinite(best)) return null;
    total += best;
  }
  return total;
}

/**
 * People by display name or username, typo-tolerant: the query is normalised like title search (lower case, no
 * accents or punctuation); people sharing a piece of any of its words (see `pieces`) are candidates, ranked by how
 * far each word is from a word of their name (exact, then a prefix, then one edit for words of 4 to 6 letters, two
 * beyond), then by followers. Suspended accounts, people on either side of a block and people the reader muted are
 * left out in the query (searchCandidates). `following`: whether the reader follows them (null for a visitor or oneself).
 */
export async function searchPeople(database: Database, reader: SessionUser | null, keyword: string, users?: string[]): Promise<PersonResult[]> {
  const words = normalizeText(keyword).split(' ').filter(Boolean).slice(0, 6);
  if (words.length === 0) return [];
  const patterns = [...new Set(words.flatMap(pieces))].slice(0, 40);
  if (users !== undefined && users.length === 0) return [];
  const rows = await searchCandidates(database.db, reader?.id ?? null, patterns, users, CANDIDATES);
  const best = rows
    .map((r) => ({ r, s: score(r.searchText, words) }))
    .filter((x): x is { r: (typeof rows)[number]; s: number } => x.s !== null)
    .sort((a, b) => a.s - b.s || Number(b.r.followerCount) - Number(a.r.followerCount))
    .slice(0, SEARCH_LIMIT)
    .map((x) => presentCard(x.r));
  const followed = reader ? await followedAmong(database.db, reader.id, best.map((p) => p.id)) : null;
  return best.map((p) => ({ ...p, following: followed === null || p.id === reader?.id ? null : followed.has(p.id) }));
}
