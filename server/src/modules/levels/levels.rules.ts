import { LEVELS, type Level, type LevelProgress, type LevelRule } from '../../../../common/contracts/levels.ts';
import { TOP_TITLES_MAX } from '../../../../common/contracts/people.ts';

/** What a person really did, as far as the ladder needs to know (counts are capped at the highest figure asked). */
export interface LevelFacts {
  genres: number;
  topMovies: number;
  topShows: number;
  picture: boolean;
  bio: boolean;
  /** Commented on a discussion or started one. */
  joinedDiscussion: boolean;
  ratings: number;
  reviews: number;
  communities: number;
  discussions: number;
  /** Rank of the highest level already reached (0: none). */
  reached: number;
}

/** The highest figures any requirement asks for: counts stop there. */
export const CAPS = { ratings: 100, reviews: 50, communities: 10, discussions: 20 } as const;

const more = (n: number, one: string, many: string) => `${n} more ${n === 1 ? one : many}`;
const atLeast = (have: number, need: number, one: string, many: string) => (have >= need ? [] : [more(need - have, one, many)]);

/**
 * Spec 9's requirement of each level, in ladder order, as what is still missing (nothing: it holds).
 * Apprentice: favourite genres, top 5 movies and top 5 shows chosen; Enthusiast: a profile picture; Buff: a bio;
 * Addict: joined a discussion and reviewed a title; Fanatic: 10 ratings; Fiend: 10 reviews; Aficionado: 10
 * communities joined; Cinephile: 10 discussions started; Connoisseur: 50 ratings; Virtuoso: 50 reviews; Savant: 20
 * discussions started and 100 ratings.
 */
const REQUIREMENTS: ((f: LevelFacts) => string[])[] = [
  (f) => [
    ...(f.genres > 0 ? [] : ['choose your favourite genres']),
    ...atLeast(f.topMovies, TOP_TITLES_MAX, 'top movie', 'top movies'),
    ...atLeast(f.topShows, TOP_TITLES_MAX, 'top show', 'top shows'),
  ],
  (f) => (f.picture ? [] : ['add a profile picture']),
  (f) => (f.bio ? [] : ['add a bio']),
  (f) => [...(f.joinedDiscussion ? [] : ['join a discussion']), ...atLeast(f.reviews, 1, 'review', 'reviews')],
  (f) => atLeast(f.ratings, 10, 'rating', 'ratings'),
  (f) => atLeast(f.reviews, 10, 'review', 'reviews'),
  (f) => atLeast(f.communities, 10, 'community', 'communities'),
  (f) => atLeast(f.discussions, 10, 'discussion', 'discussions'),
  (f) => atLeast(f.ratings, 50, 'rating', 'ratings'),
  (f) => atLeast(f.reviews, 50, 'review', 'reviews'),
  (f) => [...atLeast(f.discussions, 20, 'discussion', 'discussions'), ...atLeast(f.ratings, CAPS.ratings, 'rating', 'ratings')],
];

/** The same requirements in words, for the levels page (GET /api/levels); in ladder order, beside REQUIREMENTS. */
const NEEDS: string[][] = [
  ['Choose your favourite genres', `Pick your top ${TOP_TITLES_MAX} movies`, `Pick your top ${TOP_TITLES_MAX} shows`],
  ['Add a profile picture'],
  ['Add a bio'],
  ['Join a discussion', 'Review a title'],
  ['Rate 10 titles'],
  ['Write 10 reviews'],
  ['Join 10 communities'],
  ['Start 10 discussions'],
  ['Rate 50 titles'],
  ['Write 50 reviews'],
  ['Start 20 discussions', `Rate ${CAPS.ratings} titles`],
];

/** The whole ladder: each level, its gem reward and what it needs. */
export function ladder(): LevelRule[] {
  return LEVELS.map((l, i) => ({ id: l.id, name: l.name, rank: i + 1, reward: l.reward, needs: NEEDS[i] ?? [] }));
}

export function levelAt(rank: number): Level | null {
  const l = LEVELS[rank - 1];
  return l ? { id: l.id, name: l.name, rank, reward: l.reward } : null;
}

/** What a level still needs (rank 1 to 11). */
export function missingFor(rank: number, facts: LevelFacts): string[] {
  const req = REQUIREMENTS[rank - 1];
  return req ? req(facts) : [];
}

/**
 * The levels to reach now: from the one after the highest reached, each whose requirement holds, in order, stopping at
 * the first that does not (levels are reached in order; those reached are kept, so they are not asked again).
 */
export function levelsDue(facts: LevelFacts): Level[] {
  const out: Level[] = [];
  for (let rank = facts.reached + 1; rank <= LEVELS.length; rank++) {
    if (missingFor(rank, facts).length > 0) break;
    out.push(levelAt(rank) as Level);
  }
  return out;
}

/** The current level, the next, and what the next still needs. */
export function progressOf(facts: LevelFacts): LevelProgress {
  const current = levelAt(facts.reached);
  const next = levelAt(facts.reached + 1);
  return { current, next, missing: next ? missingFor(next.rank, facts) : [] };
}
