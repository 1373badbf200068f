import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUserSchema, SetProfileRequestSchema } from '../../../../common/contracts/auth.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { MeSchema } from '../../../../common/contracts/me.ts';
import { personal } from '../../lib/http/personal.ts';
import { levelProgress } from '../levels/index.ts';
import { presentCurrentUser } from './user.presenter.ts';
import { isModerator } from './user.repository.ts';
import { setProfile } from './user.service.ts';

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A session keeps the person's name and picture: a changed profile is read afresh.
  app.outbox.subscribe('user.sessionCache', 'profile.updated', (e) => app.sessionCache.forgetUser(e.data.userId));

  r.get(
    '/api/user/me',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in person',
        description:
          'The person, with `premiumStatus` (`none`, `premiere` or `platinum`: the subscription\'s plan while its paid period lasts), `gems` (the ledger\'s balance) and `badge` (the one they wear, or null) for the profile and the picture widget, which shows the badge only for Premiere and Platinum; `isModerator` (the moderator role: the web app then offers /moderation); and `level`: the current level (null before Reel Apprentice), the next one and what is still missing for it (\'3 more reviews\'; rules in docs/features.md, Levels). Sent `private, no-store`.',
        response: { 200: envelope(MeSchema) },
      },
    },
    async (req, reply) => {
      const user = req.requireUser();
      personal(reply);
      const [premium, level, moderator] = await Promise.all([
        app.premiumProfiles.of(user),
        app.levelCache.of(user.id, () => levelProgress(app.database.db, user.id)),
        isModerator(app.database.db, user.id),
      ]);
      return { data: { ...presentCurrentUser(user), ...premium, level, isModerator: moderator } };
    },
  );

  r.post(
    '/api/user/setProfile',
    {
      schema: {
        tags: ['user'],
        summary: 'Set display name, bio and photo (completes onboarding)',
        description:
          'Favourite genres with top 5 movies and top 5 shows, a picture and a bio are the first level requirements: levels due are reached (and their gems credited) before the answer.',
        body: SetProfileRequestSchema,
        response: { 200: envelope(CurrentUserSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      const user = await setProfile(app.database, actor, req.body, { publicBase: app.config.S3_PUBLIC_URL });
      return { data: presentCurrentUser(user) };
    },
  );
}
