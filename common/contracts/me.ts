import { z } from 'zod';
import { CurrentUserSchema } from './auth.ts';
import { LevelProgressSchema } from './levels.ts';
import { PremiumProfileSchema } from './purchases.ts';

/**
 * GET /api/user/me: the signed-in person with their premium status, gems, the badge they wear and their level. Its own file,
 * so that importing the purchases contract does not bring the sign-in contract along.
 */
export const MeSchema = CurrentUserSchema.extend(PremiumProfileSchema.shape).extend({
  level: LevelProgressSchema,
  /** The person has the moderator role (`npm run admin`): the web app then offers the moderation screens. */
  isModerator: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;
