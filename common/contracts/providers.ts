import { z } from 'zod';
import { text } from './text.ts';

/** The streaming services Reelhouse names (title_providers.provider), with their display names. */
export const SERVICES: Readonly<Record<string, string>> = {
  netflix: 'Netflix',
  prime: 'Prime Video',
  'disney-plus': 'Disney+',
  hulu: 'Hulu',
  max: 'Max',
  'apple-tv-plus': 'Apple TV+',
  'paramount-plus': 'Paramount+',
  peacock: 'Peacock',
  mubi: 'MUBI',
  'criterion-channel': 'The Criterion Channel',
};

/** A service's display name (one Reelhouse does not name shows as it is stored). */
export const serviceName = (provider: string): string => SERVICES[provider] ?? provider;

/** The country where-to-watch answers for when the person set none. */
export const DEFAULT_WATCH_COUNTRY = 'US';

const COUNTRY_MESSAGE = 'must be a two-letter country code';
export const WatchCountrySchema = text({ error: COUNTRY_MESSAGE })
  .regex(/^[A-Za-z]{2}$/, COUNTRY_MESSAGE)
  .transform((s) => s.toUpperCase());

/** A service's short name in a query (`?service=netflix`). */
export const ServiceSchema = text({ error: 'must be a streaming service' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{1,40}$/, 'must be a streaming service');


export const WatchProvidersQuerySchema = z.object({ country: z.preprocess((v) => (v === '' ? undefined : v), WatchCountrySchema.default(DEFAULT_WATCH_COUNTRY)) });

/** Where to watch a title in a country. */
export const WatchProvidersSchema = z.object({
  titleId: z.string(),
  country: z.string(),
  providers: z.array(
    z.object({
      /** Short name (netflix, prime, ...). */
      provider: z.string(),
      name: z.string(),
      /** The service's page for the title, when known (TMDB gives one link for the title in that country). */
      url: z.string().nullable(),
    }),
  ),
});
export type WatchProviders = z.infer<typeof WatchProvidersSchema>;
