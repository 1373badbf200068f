// Workload inputs shared by the discovery benchmarks: a seeded random generator and the search queries
// made from sampled titles, so bench/discovery.ts (over HTTP) and bench/search-cpu.ts (in process) ask
// the same questions.

/**
 * A seeded generator (mulberry32), so every run sends the same requests. Its state stays a 32-bit integer
 * (Math.imul): an LCG written with plain multiplication loses its low bits past 2^53 and, seeded with 42,
 * repeated itself after about 10,500 draws, which made the Zipf rows ask for only ~10,000 distinct titles.
 */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Queries of the kinds people type, one per title in turn: whole title, prefix, word and year, typo, two words, last word. */
/** What each query of queriesFrom is, by its position modulo 6. */
export const QUERY_KINDS = ['whole title', 'typed prefix', 'word and year', 'typo', 'two words', 'last word'] as const;

export function queriesFrom(titles: { title: string; year: number }[], rand: () => number): string[] {
  const queries: string[] = [];
  for (const s of titles) {
    const words = s.title.split(/\s+/);
    const k = queries.length % 6;
    if (k === 0) queries.push(s.title.toLowerCase()); // whole title
    else if (k === 1) queries.push(s.title.slice(0, 2 + Math.floor(rand() * 5))); // typing: a prefix
    else if (k === 2) queries.push(`${words[0]} ${s.year}`); // a word and a year
    else if (k === 3) {
      const w = words.reduce((a, b) => (b.length > a.length ? b : a), '');
      const i = 1 + Math.floor(rand() * Math.max(1, w.length - 2));
      queries.push(w.length > 5 ? w.slice(0, i) + w.slice(i + 1) : w); // a typo
    } else if (k === 4) queries.push(words.slice(0, 2).join(' ').toLowerCase());
    else queries.push(words[words.length - 1]);
  }
  return queries;
}

/** SQL for the sample the repeated rows draw from (600 queries, 787 movies). */
export const SAMPLE_SQL =
  'select id, title_type as type, primary_title as title, start_year as year from titles where rowid % 997 = 0 limit 3000';

/** SQL for the wide sample of titles the cold rows draw from (every seventh row: each is asked for about once). */
export const WIDE_SAMPLE_SQL =
  'select id, title_type as type, primary_title as title, start_year as year from titles where rowid % 7 = 0';
