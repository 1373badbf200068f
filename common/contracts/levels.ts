import { z } from 'zod';

/** The level ladder of spec 4, in order, with the gem rewards of spec 9. */
export const LEVELS = [
  { id: 'apprentice', name: 'Reel Apprentice', reward: 0 },
  { id: 'enthusiast', name: 'Reel Enthusiast', reward: 0 },
  { id: 'buff', name: 'Reel Buff', reward: 10 },
  { id: 'addict', name: 'Reel Addict', reward: 25 },
  { id: 'fanatic', name: 'Reel Fanatic', reward: 40 },
  { id: 'fiend', name: 'Reel Fiend', reward: 50 },
  { id: 'aficionado', name: 'Reel Aficionado', reward: 75 },
  { id: 'cinephile', name: 'Reel Cinephile', reward: 125 },
  { id: 'connoisseur', name: 'Reel Connoisseur', reward: 175 },
  { id: 'virtuoso', name: 'Reel Virtuoso', reward: 250 },
  { id: 'savant', name: 'Reel Savant', reward: 1000 },
] as const;
export type LevelId = (typeof LEVELS)[number]['id'];

export const LevelSchema = z.object({
  id: z.string(),
  /** 'Reel Apprentice' ... 'Reel Savant'. */
  name: z.string(),
  /** 1 (Reel Apprentice) to 11 (Reel Savant). */
  rank: z.number().int(),
  /** Gems credited once on reaching it. */
  reward: z.number().int(),
});
export type Level = z.infer<typeof LevelSchema>;

/** Where a person stands on the ladder: shown on the profile and by GET /api/user/me. */
export const LevelProgressSchema = z.object({
  /** The highest level reached (null before Reel Apprentice). */
  current: LevelSchema.nullable(),
  /** The level after it (null at Reel Savant). */
  next: LevelSchema.nullable(),
  /** What is still missing for the next level, e.g. '3 more reviews' (empty at the top). */
  missing: z.array(z.string()),
});
export type LevelProgress = z.infer<typeof LevelProgressSchema>;

/** GET /api/levels: one rung of the ladder, with what it needs in words. */
export const LevelRuleSchema = LevelSchema.extend({
  /** What reaching it takes, e.g. ['Write 10 reviews']. */
  needs: z.array(z.string()),
});
export type LevelRule = z.infer<typeof LevelRuleSchema>;
export const LevelRulesSchema = z.array(LevelRuleSchema);
