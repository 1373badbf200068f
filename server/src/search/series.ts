/** A series of films in order of year, for a sequel's number no title has ("harry potter 3"). */

import type { Hit } from './hits.ts';
import { ARTICLES, isSequelNumeral, numeralForms } from './query.ts';
import type { Segment } from './segment-search.ts';
import { TYPE_CODE } from './types.ts';

/** How much less popular than the best known title of a series its other titles may be, on the log scale (a tenth of the votes). */
export const SERIES_SPREAD = 1;
/** The most years between a film and a sequel named by one word more (The Matrix Reloaded, four years on). */
const SEQUEL_YEARS = 8;
/** How much better known than a series' first film another may be, on the log scale (about a quarter more votes). */
const FIRST_FILM_SPREAD = 0.1;
/** The most years between a film and a sequel with a subtitle (Top Gun: Maverick, thirty-six years on). */
const SUBTITLE_YEARS = 40;

  /**
   * Hits for words and a sequel's number that no title has with them ("harry potter 3"), with the series' `n`th film
   * first when the words name a series of films: in order of year, they are its films in order. "harry potter 3" gives
   * Harry Potter and the Prisoner of Azkaban, "avatar 2" Avatar: The Way of Water, "batman 2" Batman Returns. The
   * films considered are those that begin with the words (past an article), of known years, each at least a tenth as
   * popular as the best known of them (SERIES_SPREAD: not the making-of). They are a series when
   * - the first of them is the words alone (Avatar, The Matrix): then the series is that film and those that add a
   *   subtitle (Avatar: The Way of Water) or one word a few years after the film before (The Matrix Reloaded, Batman
   *   Returns), and not the others (The Mask of Zorro is no sequel to The Mask);
   * - or they all go on with the same two words or more ("harry potter and the ...", "pirates of the caribbean ...").
   * Not for series (a number after a show's name is most often its season), and not when one of the films has a number
   * right after the words ("alien 2" with Alien 3, "toy story 4" with Toy Story 2): its numbers say which is which.
   */
export function seriesFilms(hits: readonly Hit[], words: readonly string[], n: number, articleTyped = false): Hit[] | null {
    if (n < 1 || hits.length < n || hits[0].seg.type[hits[0].doc] !== TYPE_CODE.movie) return null;
    const films: { h: Hit; at: number }[] = [];
    let top = Number.NEGATIVE_INFINITY;
    let ids: number[] = [];
    let idsOf: Segment | null = null;
    for (const h of hits) {
      const seg = h.seg;
      if (seg.type[h.doc] !== TYPE_CODE.movie || seg.year[h.doc] <= 0) continue;
      if (seg !== idsOf) {
        ids = words.map((w) => seg.exactId(w));
        idsOf = seg;
      }
      const at = seg.wordsEnd(h.doc, ids);
      if (at < 0) continue;
      films.push({ h, at });
      if (seg.pop[h.doc] > top) top = seg.pop[h.doc];
    }
    const known = films.filter(({ h }) => h.seg.pop[h.doc] >= top - SERIES_SPREAD);
    if (known.length < n) return null;
    type Film = (typeof known)[number];
    const rest = ({ h, at }: Film) => h.seg.tokStart[h.doc] + h.seg.primaryLen[h.doc] - at;
    const word = ({ h, at }: Film, i: number) => h.seg.vocab.at(h.seg.toks[at + i]);
    // A subtitle right after the words, or after one word more ("The Twilight Saga: New Moon").
    // A subtitle right after the words, or after one word more that two films or more have so, the series' own name
    // ("The Twilight Saga: New Moon", "The Twilight Saga: Eclipse"; not "Ghost Rider: Spirit of Vengeance" after Ghost).
    const headMore = ({ h, at }: Film) => h.seg.headLen[h.doc] - (at - h.seg.tokStart[h.doc]);
    const sagaWords = new Map<string, number>();
    for (const f of known) if (headMore(f) === 1) sagaWords.set(word(f, 0), (sagaWords.get(word(f, 0)) ?? 0) + 1);
    const subtitled = (f: Film) => {
      const more = headMore(f);
      return more === 0 || (more === 1 && (sagaWords.get(word(f, 0)) ?? 0) >= 2);
    };
    const year = ({ h }: Film) => h.seg.year[h.doc];
    for (const f of known) if (rest(f) > 0 && isSequelNumeral(word(f, 0))) return null;
    known.sort((a, b) => year(a) - year(b) || b.h.seg.pop[b.h.doc] - a.h.seg.pop[a.h.doc]);
    const first = known[0];
    // Films of the same genres only (Downfall: The Case Against Boeing, a documentary, is no sequel to Downfall), and
    // not one film twice (a catalogue may hold a title twice).
    const seen = new Set<string>();
    const alike = known.filter((f) => {
      if (f !== first && (f.h.seg.genreMask[f.h.doc] & first.h.seg.genreMask[first.h.doc]) === 0) return false;
      const key = `${year(f)}|${Array.from(f.h.seg.toks.subarray(f.at, f.at + rest(f)), (t) => f.h.seg.vocab.at(t)).join(' ')}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    let series: Film[] = [];
    if (rest(first) === 0) {
      // An original and its sequels: the films with a subtitle after the words within SUBTITLE_YEARS of the film before,
      // or with one word more, after the original and within SEQUEL_YEARS of the film before (Batman Returns, not Batman
      // Begins ten years after Batman Forever, not Drive Angry the year of Drive). A second film of the words alone is a
      // remake, and ends the series (The Batman after Batman Forever; The Gift, 2000 and 2015: no series).
      series = [first];
      for (const f of alike.slice(1)) {
        const r = rest(f);
        if (r === 0) {
          // Asked for with an article that the remake has and the original has not ("the batman 2": The Batman, not
          // Batman): the remake's own series, which has no more films here.
          if (articleTyped && startsWithArticle(f.h) && !startsWithArticle(first.h)) return null;
          break;
        }
        const gap = year(f) - year(series[series.length - 1]);
        if ((subtitled(f) && gap <= SUBTITLE_YEARS) || (r === 1 && year(f) > year(first) && gap <= SEQUEL_YEARS)) series.push(f);
      }
    } else if (alike.every((f) => first.h.seg.pop[first.h.doc] >= f.h.seg.pop[f.h.doc] - FIRST_FILM_SPREAD)) {
      // Without the words alone, only when the first film is the best known, as a series' first film most often is
      // (else its first film may be named otherwise: Raiders of the Lost Ark before Indiana Jones and the Temple of Doom).
      if (alike.every(subtitled)) {
        // Every film has a subtitle right after the words (The Hobbit: An Unexpected Journey, ...).
        series = alike;
      } else if (alike.length >= 3 && alike.every((f) => rest(f) >= 3 && word(f, 0) === word(first, 0) && word(f, 1) === word(first, 1))) {
        // A saga: three films or more that all go on with the same two words, and more ("harry potter and the ...").
        series = alike;
      }
    }
    return series.length < n ? null : series.map((f) => f.h);
  }

  /** Whether a hit's primary title begins with an article. */
function startsWithArticle({ seg, doc }: Hit): boolean {
    return seg.primaryLen[doc] > 0 && ARTICLES.has(seg.vocab.at(seg.toks[seg.tokStart[doc]]));
  }

  /**
   * Whether the number, in any of its forms, comes right after "part" in each of these titles (at most the first
   * ten): "harry potter 2" found only in Harry Potter and the Deathly Hallows: Part 2, the eighth film.
   */
export function numberAfterPart(hits: readonly Hit[], number: string): boolean {
    const forms = [number, ...numeralForms(number)];
    for (let i = 0; i < Math.min(hits.length, 10); i++) {
      const { seg, doc } = hits[i];
      const part = seg.exactId('part');
      const ids = forms.map((f) => seg.exactId(f));
      let after = false;
      for (let k = seg.tokStart[doc] + 1; k < seg.tokStart[doc] + seg.primaryLen[doc] && !after; k++) {
        after = seg.toks[k - 1] === part && ids.includes(seg.toks[k]);
      }
      if (!after) return false;
    }
    return hits.length > 0;
  }

