/** Browsing: the titles passing a filter, in one of the orders a directory page offers. */

import type { SegmentCore } from './segment.ts';
import type { Segment } from './segment-search.ts';
import { type BrowseFilter, type BrowseSort, type SearchPageResult, TYPE_CODE } from './types.ts';

/**
 * The prior's weight in the highest-rated order, in IMDb votes (IMDb's own Top 250 uses as many): a title's own rating
 * counts half at this many votes, and 9.8 from 12 votes stays near the mean instead of topping every list.
 */
export const RATING_PRIOR_VOTES = 25_000;

/** The weighted rating of a title with no rating (or no votes): below every rated title. */
export const UNRATED = -1;

/** The mean IMDb rating of a segment's rated titles (the prior, C, of weightedRating); 6 for a segment without any. */
export function meanRating(seg: SegmentCore): number {
  let sum = 0;
  let count = 0;
  for (let d = 0; d < seg.n; d++) {
    if (seg.votes[d] > 0 && Number.isFinite(seg.rating[d])) {
      sum += seg.rating[d];
      count++;
    }
  }
  return count ? sum / count : 6;
}

/** A browse's filter is answered from the titles it allows when they are under this share of all titles (see fewCandidates). */
const FEW_CANDIDATES_SHARE = 16;

/** Browsing by several genres reads genre groups (Segment.masks) for up to this many titles. */
const GROUP_SCAN_MAX = 100;

/**
 * Bayesian weighted rating, v/(v+m)*R + m/(v+m)*C with m = RATING_PRIOR_VOTES and C the catalogue's mean rating, as
 * IMDb's Top 250 computes it: the highest-rated order lists every title, and one rated by few people does not lead.
 * A title without a rating, or without votes, is UNRATED.
 */
export function weightedRating(rating: number, votes: number, mean: number): number {
  if (!Number.isFinite(rating) || votes <= 0) return UNRATED;
  return (votes / (votes + RATING_PRIOR_VOTES)) * rating + (RATING_PRIOR_VOTES / (votes + RATING_PRIOR_VOTES)) * mean;
}

/**
 * The titles a browse's filter allows, when they are few (under a FEW_CANDIDATES_SHARE of the segment): the titles of
 * each year in the range, or of the rarest genre asked, whichever are fewer; else null.
 */
function fewCandidates(seg: Segment, mask: number, yearFrom: number | undefined, yearTo: number | undefined): Int32Array[] | null {
  let best: Int32Array[] | null = null;
  let size = seg.n / FEW_CANDIDATES_SHARE;
  if (yearFrom !== undefined || yearTo !== undefined) {
    const lists: Int32Array[] = [];
    let total = 0;
    for (const [y, list] of seg.yearPostings) {
      if (y < (yearFrom ?? 0) || y > (yearTo ?? 99999)) continue;
      lists.push(list);
      total += list.length;
      if (total >= size) break;
    }
    if (total < size) {
      best = lists;
      size = total;
    }
  }
  for (let m = mask; m !== 0; m &= m - 1) {
    const list = seg.genrePostings[31 - Math.clz32(m & -m)];
    if (list !== undefined && list.length < size) {
      best = [list];
      size = list.length;
    }
  }
  return best;
}

/** A segment's documents of these ids, as a bitset. */
function docsOf(seg: Segment, ids: ReadonlySet<string>): Uint32Array {
  const docs = new Uint32Array((seg.n >>> 5) + 1);
  for (const id of ids) {
    const d = seg.docOf(id);
    if (d >= 0) docs[d >>> 5] |= 1 << (d & 31);
  }
  return docs;
}

interface Ordered {
  seg: Segment;
  doc: number;
}

function scan(seg: Segment, f: BrowseFilter, sort: BrowseSort, want: number, hidden: Uint32Array | null, only: Uint32Array | null): Ordered[] {
    const out: Ordered[] = [];
    const type = f.type ? TYPE_CODE[f.type] : -1;
    const mask = (f.genreMask ?? 0) >>> 0;
    const yearFrom = f.yearFrom ?? -1;
    const yearTo = f.yearTo ?? 99999;
    const ratingMin = f.ratingMin ?? -1;
    const votesMin = f.votesMin ?? 0;
    const check = (d: number) => {
      if (type >= 0 && seg.type[d] !== type) return false;
      if ((seg.genreMask[d] & mask) >>> 0 !== mask) return false;
      const y = seg.year[d];
      if ((yearFrom > 0 || yearTo < 99999) && (y === 0 || y < yearFrom || y > yearTo)) return false;
      if (ratingMin > 0 && !(seg.rating[d] >= ratingMin)) return false;
      if (votesMin > 0 && seg.votes[d] < votesMin) return false;
      if (hidden !== null && (hidden[d >>> 5] & (1 << (d & 31))) !== 0) return false;
      if (only !== null && (only[d >>> 5] & (1 << (d & 31))) === 0) return false;
      if (f.excludeId !== undefined && seg.ids.equals(d, f.excludeId)) return false;
      return true;
    };
    // A filter that few titles pass (a few years, a rare genre): those titles, checked, then put in the sort's order,
    // instead of walking the order (or every title) for a page that may lie near its end.
    // By popularity without years, the walks below stop as soon as a page is full (a genre's list is in popularity
    // order), so they are not replaced: the similar titles of a title page are such a browse.
    const few = sort === 'popularity' && f.yearFrom === undefined && f.yearTo === undefined ? null : fewCandidates(seg, mask, f.yearFrom, f.yearTo);
    if (few !== null) {
      const found: number[] = [];
      const rank = seg.rankIn(sort);
      if (rank === null) {
        // Popularity is document order, which each list is in: a list's first `want` titles that pass are enough.
        for (const list of few) {
          let taken = 0;
          for (let i = 0; i < list.length && taken < want; i++) {
            if (check(list[i])) {
              found.push(list[i]);
              taken++;
            }
          }
        }
        found.sort((a, b) => a - b);
      } else {
        for (const list of few) for (let i = 0; i < list.length; i++) if (check(list[i])) found.push(list[i]);
        found.sort((a, b) => rank[a] - rank[b]);
      }
      for (let i = 0; i < found.length && i < want; i++) out.push({ seg, doc: found[i] });
      return out;
    }
    const order = seg.order(sort);
    if (order) {
      for (let i = 0; i < order.length && out.length < want; i++) if (check(order[i])) out.push({ seg, doc: order[i] });
      return out;
    }
    // Popularity, two genres or more, a page's worth: the first titles of each genre group holding them all.
    if ((mask & (mask - 1)) !== 0 && want <= GROUP_SCAN_MAX) {
      const found: number[] = [];
      const { masks, maskStart, maskDocs } = seg;
      for (let g = 0; g < masks.length; g++) {
        if ((masks[g] & mask) >>> 0 !== mask) continue;
        let taken = 0;
        for (let i = maskStart[g]; i < maskStart[g + 1] && taken < want; i++) {
          if (check(maskDocs[i])) {
            found.push(maskDocs[i]);
            taken++;
          }
        }
      }
      found.sort((a, b) => a - b);
      for (let i = 0; i < found.length && i < want; i++) out.push({ seg, doc: found[i] });
      return out;
    }
    // Popularity: walk the rarest genre's postings when a genre is asked, else every document.
    let list: Int32Array | null = null;
    if (mask) {
      let m = mask;
      while (m) {
        const b = 31 - Math.clz32(m);
        m &= ~(1 << b);
        const p = seg.genrePostings[b];
        if (p && (!list || p.length < list.length)) list = p;
      }
      list ??= new Int32Array(0);
    }
    if (list) {
      for (let i = 0; i < list.length && out.length < want; i++) if (check(list[i])) out.push({ seg, doc: list[i] });
    } else {
      for (let d = 0; d < seg.n && out.length < want; d++) if (check(d)) out.push({ seg, doc: d });
    }
    return out;
  }

/**
 * The page of titles passing a filter in a sort order, from the segments (each with its hidden documents). Popularity:
 * most popular first; rating: the weighted rating (weightedRating), then more votes, unrated titles last; year:
 * newest first, then popularity; title: alphabetical. Each id's score is the figure sorted on (see SearchPageResult).
 */
export function browseSegments(parts: { seg: Segment; hidden: Uint32Array | null }[], filter: BrowseFilter, sort: BrowseSort, offset: number, limit: number): SearchPageResult {
  const want = offset + limit + 1;
  const scanned = parts.map(({ seg, hidden }) => scan(seg, filter, sort, want, hidden, filter.onlyIds ? docsOf(seg, filter.onlyIds) : null));
  let all = scanned[0];
  if (scanned.length > 1) {
    const key = ({ seg, doc }: Ordered) => {
      if (sort === 'rating') return -seg.weighted[doc] - seg.votes[doc] / 1e10;
      if (sort === 'year') return -seg.year[doc];
      if (sort === 'title') return seg.titleKey[doc];
      return 0;
    };
    all = scanned.flat().sort((a, b) => key(a) - key(b) || b.seg.pop[b.doc] - a.seg.pop[a.doc]);
  }
  const page = all.slice(offset, offset + limit);
  const scoreOf = ({ seg, doc }: Ordered, i: number) => {
    if (sort === 'rating') return Math.round(seg.weighted[doc] * 1000) / 1000;
    if (sort === 'year') return seg.year[doc];
    if (sort === 'title') return -(offset + i);
    return seg.pop[doc];
  };
  return { ids: page.map((o) => o.seg.ids.at(o.doc)), scores: page.map(scoreOf), hasMore: all.length > offset + limit };
}
