import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CurrentUserSchema, SetProfileRequestSchema } from '../../../../common/contracts/auth.ts';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { MeSchema } from '../../../../common/contracts/me.ts';
import { presentCurrentUser } from './user.presenter.ts';
import { setProfile } from './user.service.ts';

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/me',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in person',
        description:
          'The person, with `premiumStatus` (`none`, `premiere` or `platinum`: the subscription\'s plan while its paid period lasts), `gems` (the ledger\'s balance) and `badge` (the one they wear, or null) for the profile and the picture widget, which shows the badge only for Premiere and Platinum. Sent `private, no-store`.',
        response: { 200: envelope(MeSchema) },
      },
    },
    async (req, reply) => {
      const user = req.requireUser();
      reply.header('cache-control', 'private, no-store');
      return { data: { ...presentCurrentUser(user), ...(await app.premiumProfiles.of(user)) } };
    },
  );

  r.post(
    '/api/user/setProfile',
    {
      schema: {
        tags: ['user'],
        summary: 'Set display name, bio and photo (completes onboarding)',
        body: SetProfileRequestSchema,
        response: { 200: envelope(CurrentUserSchema) },
      },
    },
    async (req) => {
      const actor = req.requireUser();
      const user = await setProfile(app.database, actor, req.body, { publicBase: app.config.S3_PUBLIC_URL });
      app.sessionCache.forgetUser(actor.id);
      return { data: presentCurrentUser(user) };
    },
  );
}
