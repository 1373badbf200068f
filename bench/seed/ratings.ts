// Ratings, reviews and likes of reviews: each person rates a long-tailed number of titles (popular titles more
// often, Zipf over popularity), a share of the ratings carry a review, and reviews are liked by others (never their
// author), so popular titles have thousands of reviews. Every counter is computed from the rows it counts:
// ratings.like_count, and each title's title_rating_stats (count, sum, reviews).
import { personId } from './people.ts';
import { idOf, insertRows, isoBefore, type SeedState, seededRandom, tailed, timed, zipf } from './shared.ts';

const RATING_DOMAIN = 0xb0000011;
export const ratingId = (n: number): string => idOf(RATING_DOMAIN, n);

const WORDS = (
  'the a film show story cast director pacing score ending twist scene character acting plot script camera light ' +
  'slow brilliant uneven quiet loud moving funny dark tender sharp long short better worse than expected hoped ' +
  'second act first half finale season episode writing dialogue performance lead villain music editing colour ' +
  'and but so yet still really never always almost quite rather too very not only also with without about'
).split(' ');

function reviewText(rand: () => number, length: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < length) {
    const n = 6 + Math.floor(rand() * 14);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]);
    const sentence = `${words[0][0].toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}.`;
    parts.push(sentence);
    size += sentence.length + 1;
  }
  return parts.join(rand() < 0.2 ? '\n\n' : ' ');
}

export interface RatingsPlan {
  ratings: number;
  reviews: number;
}

/** What the benchmark reads back: nothing beyond the rows (it asks the database for titles with many reviews). */
export function seedRatings(s: SeedState, plan: RatingsPlan): void {
  const rand = seededRandom(1001);
  const { people, titles } = s;
  const pick = zipf(titles.length, 0.8, rand);
  // How many titles each person rated: long-tailed, then nudged so the total is exactly plan.ratings.
  const counts = new Int32Array(people);
  let total = 0;
  for (let p = 0; p < people; p++) {
    counts[p] = tailed(rand, plan.ratings / people, 1, 2000);
    total += counts[p];
  }
  while (total !== plan.ratings) {
    const p = Math.floor(rand() * people);
    if (total < plan.ratings && counts[p] < 2000) {
      counts[p]++;
      total++;
    } else if (total > plan.ratings && counts[p] > 1) {
      counts[p]--;
      total--;
    }
  }
  const user = new Int32Array(total);
  const title = new Int32Array(total);
  const value = new Uint8Array(total);
  const age = new Int32Array(total);
  timed(`drawing ${total.toLocaleString('en')} ratings`, () => {
    let k = 0;
    for (let p = 0; p < people; p++) {
      const seen = new Set<number>();
      while (seen.size < counts[p]) seen.add(pick());
      for (const t of seen) {
        user[k] = p;
        title[k] = t;
        // Mostly 6 to 9, some low.
        value[k] = Math.max(1, Math.min(10, Math.round(7 + (rand() + rand() + rand() - 1.5) * 3.2)));
        age[k] = Math.floor(rand() * 365 * 86_400);
        k++;
      }
    }
  });
  // Which ratings carry a review: exactly plan.reviews of them, drawn without repeats.
  const reviewed = new Uint8Array(total);
  for (let chosen = 0; chosen < plan.reviews; ) {
    const k = Math.floor(rand() * total);
    if (!reviewed[k]) {
      reviewed[k] = 1;
      chosen++;
    }
  }
  // Likes of reviews: long-tailed per review, more on popular titles; never by the author, one per person.
  const likeCount = new Int32Array(total);
  const likes: [number, number, number][] = [];
  timed('drawing likes of reviews', () => {
    for (let k = 0; k < total; k++) {
      if (!reviewed[k]) continue;
      const boost = title[k] < 100 ? 4 : title[k] < 2000 ? 2 : 1;
      const n = Math.min(people - 1, tailed(rand, 3 * boost, 0, 3000));
      const by = new Set<number>();
      while (by.size < n) {
        const p = Math.floor(rand() * people);
        if (p !== user[k]) by.add(p);
      }
      for (const p of by) likes.push([k, p, Math.floor(rand() * age[k])]);
      likeCount[k] = n;
    }
  });
  timed(`writing ${total.toLocaleString('en')} ratings (${plan.reviews.toLocaleString('en')} reviews)`, () =>
    insertRows(
      s.db,
      'ratings',
      ['id', 'user_id', 'title_id', 'rating', 'review', 'spoiler', 'like_count', 'created_at', 'updated_at'],
      (function* () {
        for (let k = 0; k < total; k++) {
          const at = isoBefore(s.now, age[k]);
          const review = reviewed[k] ? reviewText(rand, tailed(rand, 400, 40, 9000)) : null;
          yield [ratingId(k), personId(user[k]), titles[title[k]].id, value[k], review, review && rand() < 0.1 ? 1 : 0, likeCount[k], at, at];
        }
      })(),
    ),
  );
  timed(`writing ${likes.length.toLocaleString('en')} likes of reviews`, () =>
    insertRows(
      s.db,
      'review_likes',
      ['rating_id', 'user_id', 'created_at'],
      (function* () {
        for (const [k, p, ago] of likes) yield [ratingId(k), personId(p), isoBefore(s.now, ago)];
      })(),
    ),
  );
  // Each title's count, sum and reviews, from the same arrays the rows came from.
  const stats = new Map<number, [number, number, number]>();
  for (let k = 0; k < total; k++) {
    const st = stats.get(title[k]) ?? [0, 0, 0];
    st[0]++;
    st[1] += value[k];
    st[2] += reviewed[k];
    stats.set(title[k], st);
  }
  insertRows(
    s.db,
    'title_rating_stats',
    ['title_id', 'rating_count', 'rating_sum', 'review_count'],
    (function* () {
      for (const [t, [c, sum, r]] of stats) yield [titles[t].id, c, sum, r];
    })(),
  );
}

/** Counters that do not equal their rows (each query should give 0). */
export const RATINGS_CHECKS: Record<string, string> = {
  'ratings.like_count': `select count(*) from ratings r where r.review is not null and r.like_count <> (select count(*) from review_likes l where l.rating_id = r.id)`,
  'title_rating_stats': `select count(*) from (select title_id, count(*) c, sum(rating) s, count(review) v from ratings group by title_id) a
    left join title_rating_stats t using (title_id) where t.title_id is null or t.rating_count <> a.c or t.rating_sum <> a.s or t.review_count <> a.v`,
};
