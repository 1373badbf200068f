import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../../common/contracts/envelope.ts';
import { CountriesSchema, ProfileSchema, UserSearchRequestSchema, UserSearchResponseSchema } from '../../../../common/contracts/people.ts';
import { text } from '../../../../common/contracts/text.ts';
import { personal } from '../../lib/http/personal.ts';
import { countryList } from './profiles.presenter.ts';
import * as profile from './profiles.service.ts';
import { searchPeople } from './search.service.ts';

const SuffixParams = z.object({ suffix: text().trim().min(1, 'must be me, an id or a username').max(64, 'must be me, an id or a username') });

/** Profiles, the countries a profile may name, and people search. */
export async function profilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;

  r.get(
    '/api/user/profile/:suffix',
    {
      schema: {
        tags: ['people'],
        summary: 'A profile: `me`, a person\'s id or their username (any case)',
        description:
          'Spec 3 "User profile" (imageUrl, badge, displayName capitalised per word, premiumStatus, gems: as GET /api/user/me reads them; the badge only while the status is Premiere or Platinum, else null) plus username, bio, country `{ code, name }`, favourite genres, top movies and shows as title cards in the person\'s order, follower and following counts. ' +
          'For another person: `following` (the reader follows them), `followsYou`, `blockedByMe`. `profileComplete` says whether onboarding is done (username, country, genres, 5 movies, 5 shows): show \'Finish your profile\' while false. ' +
          '`level`: `current` (the highest level reached, null before Reel Apprentice), `next` (null at Reel Savant) and `missing`, what the next level still needs (\'3 more reviews\'); levels are reached in order, each when its requirement of spec 9 holds, and kept. ' +
          '`me` needs a session (401). A suspended account, someone who blocked the reader, or no match is 404 `user_not_found`. Sent `private, no-store`.',
        params: SuffixParams,
        response: { 200: envelope(ProfileSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await profile.getProfile(db, req.sessionUser(), req.params.suffix) };
    },
  );

  r.get(
    '/api/user/countries',
    {
      config: { publicCache: { maxAge: 86_400, sMaxAge: 86_400, staleWhileRevalidate: 86_400 } },
      schema: {
        tags: ['people'],
        summary: 'The ISO 3166 countries a profile may name',
        description: 'Two-letter codes with their English names (from the i18n-iso-countries package), by name. `country` in setProfile takes the code.',
        response: { 200: envelope(CountriesSchema) },
      },
    },
    async () => ({ data: countryList() }),
  );

  r.post(
    '/api/user/search',
    {
      bodyLimit: 64 * 1024,
      schema: {
        tags: ['people'],
        summary: 'Find people by display name or username',
        description:
          'Public. `keyword` (1 to 100 characters) is normalised like title search (case, accents and punctuation ignored) and typo-tolerant: one wrong letter in a word of 4 to 6 letters, two beyond; a word may be the start of a name. ' +
          '`users`, when given, limits the search to those ids (up to 500: say, the followers on screen). Up to 20 people, best match first, then most followed, each with `following` (the reader follows them; null for a visitor or oneself). People on either side of a block with the reader, and suspended accounts, are left out.',
        body: UserSearchRequestSchema,
        response: { 200: envelope(UserSearchResponseSchema) },
      },
    },
    async (req, reply) => {
      personal(reply);
      return { data: await searchPeople(db, req.sessionUser(), req.body.keyword, req.body.users) };
    },
  );

}
