import countries from 'i18n-iso-countries';
import type { PersonCard } from '../../../../common/contracts/people.ts';
import { capitalizeName } from '../../../../common/display-name.ts';

/** The columns of a person card (users joined as `users`). */
export const CARD_COLUMNS = ['users.id', 'users.username', 'users.displayName', 'users.imageUrl', 'users.deletedAt'] as const;
export type CardRow = { id: string; username: string | null; displayName: string; imageUrl: string | null; deletedAt?: Date | string | null };

/** A closed account's card (modules/account): no name, no picture, no username to link to. */
export const ANONYMOUS_NAME = 'Anonymous';

export function presentCard(row: CardRow): PersonCard {
  if (row.deletedAt) return { id: row.id, username: null, displayName: ANONYMOUS_NAME, imageUrl: null };
  return { id: row.id, username: row.username, displayName: capitalizeName(row.displayName), imageUrl: row.imageUrl };
}

/** English names of the ISO 3166-1 alpha-2 codes (i18n-iso-countries), by name. */
export function countryList(): { code: string; name: string }[] {
  return Object.entries(countries.getNames('en', { select: 'official' }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function countryOf(code: string | null): { code: string; name: string } | null {
  if (!code) return null;
  const name = countries.getName(code, 'en', { select: 'official' });
  return name ? { code, name } : null;
}

/** A JSON array of ids as stored (genres, top titles); anything else reads as none. */
export const parseIds = (json: string | null): string[] => {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};
