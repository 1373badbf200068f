// Where to watch: the streaming services the catalogue knows, by short name, and which one a JustWatch file is about.

import { basename, dirname } from 'node:path';

export { SERVICES as PROVIDERS, serviceName as providerName } from '../../../../common/contracts/providers.ts';

/** Words of a folder or file name that name a service (JustWatch exports are one service's catalogue each). */
const NAMED: [RegExp, string][] = [
  [/netflix/, 'netflix'],
  [/amazon|prime/, 'prime'],
  [/disney/, 'disney-plus'],
  [/hulu/, 'hulu'],
  [/hbo|(^|[-_])max([-_]|$)/, 'max'],
  [/apple/, 'apple-tv-plus'],
  [/paramount/, 'paramount-plus'],
  [/peacock/, 'peacock'],
  [/mubi/, 'mubi'],
  [/criterion/, 'criterion-channel'],
];

/**
 * The service and country a JustWatch titles.csv lists, from its folder's name (`justwatch-netflix-us-2023-03`):
 * the service named in it, and the two-letter word after it as the country (US when none). Null when no service is
 * named: the titles are imported, with no "where to watch".
 */
export function providerOfPath(path: string): { provider: string; country: string } | null {
  const name = `${basename(dirname(path))}-${basename(path)}`.toLowerCase();
  const hit = NAMED.find(([re]) => re.test(name));
  if (!hit) return null;
  const country = /(?:^|[-_])([a-z]{2})(?:[-_]|$)/.exec(name.replace(/justwatch|titles\.csv/g, ''))?.[1];
  return { provider: hit[1], country: (country ?? 'us').toUpperCase() };
}

/** TMDB's provider names (watch/providers) to the short names above; others are kept by a slug of their name. */
export function providerOfTmdbName(name: string): string {
  const n = name.toLowerCase();
  if (n === 'amazon prime video' || n === 'prime video') return 'prime';
  if (n === 'hbo max' || n === 'max') return 'max';
  const hit = NAMED.find(([re]) => re.test(n));
  return hit ? hit[1] : n.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);
}
