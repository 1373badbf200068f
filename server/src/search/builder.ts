/** Building a segment from catalogue rows. */

import type { GenreRegistry } from './genres.ts';
import { normalizeText } from './normalize.ts';
import { PackedStrings } from './packed-strings.ts';
import { Segment } from './segment-search.ts';
import { spelledForm } from './spelled.ts';
import { type IndexRow, TYPE_CODE } from './types.ts';

/** What begins a subtitle: a colon, or a dash between spaces. */
const SUBTITLE = /:|\s[-–—]\s/;

/** A dot or star, which may mark initials (see normalizeText). */
const INITIAL_MARK = /[.*]/;

function titleKeyOf(normalized: string): number {
  // The first 10 characters in base 37 (space, a-z, 0-9; anything else sorts as 'z'+): an alphabetical sort key.
  let k = 0;
  for (let i = 0; i < 10; i++) {
    const c = i < normalized.length ? normalized.charCodeAt(i) : 32;
    let d: number;
    if (c === 32) d = 0;
    else if (c >= 48 && c <= 57) d = 1 + (c - 48);
    else if (c >= 97 && c <= 122) d = 11 + (c - 97);
    else d = 36;
    k = k * 37 + d;
  }
  return k;
}

/** Builds a segment from rows in any order. */
export class SegmentBuilder {
  private ids: string[] = [];
  private types: number[] = [];
  private years: number[] = [];
  private pops: number[] = [];
  private ratings: number[] = [];
  private votes: number[] = [];
  private masks: number[] = [];
  private titleKeys: number[] = [];
  private tokStart: number[] = [0];
  private primaryLen: number[] = [];
  private initials: number[] = [];
  private headLen: number[] = [];
  private toks: number[] = [];
  private vocab = new Map<string, number>();
  private vocabList: string[] = [];

  constructor(private genres: GenreRegistry) {}

  get size() {
    return this.ids.length;
  }

  push(row: IndexRow): void {
    this.ids.push(row.id);
    this.types.push(TYPE_CODE[row.titleType] ?? 0);
    this.years.push(row.startYear ?? 0);
    this.pops.push(Number.isFinite(row.popularity) ? row.popularity : 0);
    this.ratings.push(row.imdbRating ?? Number.NaN);
    this.votes.push(row.imdbVotes ?? 0);
    this.masks.push(this.genres.maskOf(row.genres ?? '', true));
    let original = row.originalTitle ? normalizeText(row.originalTitle) : '';
    // A title with initials is read with them joined ("L.A. Confidential" as "la confidential") and, as its second
    // form, letter by letter ("l a confidential", found by a query typed with the dots: "l.a. conf", "l.a"). Only
    // when that second form is free: a title with another original title keeps its initials letter by letter.
    const spaced = normalizeText(row.primaryTitle);
    const primary = (!original || original === spaced) && INITIAL_MARK.test(row.primaryTitle) ? normalizeText(row.primaryTitle, true) : spaced;
    this.initials.push(spaced === primary ? 0 : 1);
    if (primary !== spaced) original = spaced;
    this.titleKeys.push(titleKeyOf(primary));
    const ptoks = primary ? primary.split(' ').slice(0, 32) : [];
    // The words before a subtitle ("Transformers: Revenge of the Fallen", "Mission: Impossible - Fallout"): how many.
    const sep = SUBTITLE.exec(row.primaryTitle);
    const head = sep === null ? '' : normalizeText(row.primaryTitle.slice(0, sep.index), primary !== spaced);
    this.headLen.push(head ? Math.min(255, head.split(' ').length) : 0);
    // A title with no other form of its own gets the words as fans type them, when the title writes them otherwise
    // ("seven" for Se7en, "brooklyn 99" for Brooklyn Nine-Nine: see spelledForm).
    const otoks = original && original !== primary ? original.split(' ').slice(0, 32) : (spelledForm(ptoks) ?? []);
    for (const t of ptoks) this.toks.push(this.tokenId(t));
    for (const t of otoks) this.toks.push(this.tokenId(t));
    this.primaryLen.push(ptoks.length);
    this.tokStart.push(this.toks.length);
  }

  private tokenId(t: string): number {
    let id = this.vocab.get(t);
    if (id === undefined) {
      id = this.vocabList.length;
      this.vocab.set(t, id);
      this.vocabList.push(t);
    }
    return id;
  }

  finish(): Segment {
    const n = this.ids.length;
    const pops = this.pops;
    const ids = this.ids;
    // Popularity order; ties by id so the order is stable between builds.
    const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => pops[b] - pops[a] || (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0));
    const sortedVocab = this.vocabList.slice().sort();
    const remap = new Int32Array(sortedVocab.length);
    for (let i = 0; i < sortedVocab.length; i++) remap[this.vocab.get(sortedVocab[i]) as number] = i;

    const seg = new Segment(n, new PackedStrings(sortedVocab), this.toks.length);
    const orderedIds = new Array<string>(n);
    let w = 0;
    for (let d = 0; d < n; d++) {
      const o = order[d];
      orderedIds[d] = ids[o];
      seg.type[d] = this.types[o];
      seg.year[d] = this.years[o];
      seg.pop[d] = pops[o];
      seg.rating[d] = this.ratings[o];
      seg.votes[d] = this.votes[o];
      seg.genreMask[d] = this.masks[o];
      seg.titleKey[d] = this.titleKeys[o];
      seg.primaryLen[d] = this.primaryLen[o];
      seg.initials[d] = this.initials[o];
      seg.headLen[d] = this.headLen[o];
      seg.tokStart[d] = w;
      for (let k = this.tokStart[o]; k < this.tokStart[o + 1]; k++) seg.toks[w++] = remap[this.toks[k]];
    }
    seg.tokStart[n] = w;
    seg.ids = new PackedStrings(orderedIds);
    seg.buildPostings();
    seg.buildIdTable();
    return seg;
  }
}
