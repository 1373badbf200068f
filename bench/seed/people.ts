// People: users with a session each, signed in by `Authorization: Bearer <token>` (the token of server/test/fans.ts's
// scheme: the session row's token, sent bare). Person n (0-based) has id personId(n) and token tokenOf(n), so the
// benchmark signs anyone in without asking the database.
import { createHash } from 'node:crypto';
import { normalizeText } from '../../server/src/search/normalize.ts';
import { idOf, insertRows, type SeedState } from './shared.ts';

const USER_DOMAIN = 0xb0000001;
const SESSION_DOMAIN = 0xb0000002;

export const personId = (n: number): string => idOf(USER_DOMAIN, n);
/** The session token of person n: 32 url-safe characters, the same in every build of the database. */
export const tokenOf = (n: number): string => createHash('sha256').update(`reelhouse-bench-person-${n}`).digest('base64url').slice(0, 32);
export const bearerOf = (n: number): string => `Bearer ${tokenOf(n)}`;
/** The username of person n (unique, what `GET /api/user/profile/{username}` takes). */
export const usernameOf = (n: number): string => `fan_${n}`;

const FIRST = ['Ada', 'Ben', 'Chloé', 'Dev', 'Eli', 'Fatima', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lena', 'Mo', 'Nia', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sami', 'Tao'];
const LAST = ['Abe', 'Berg', 'Costa', 'Diaz', 'Engel', 'Fox', 'Gray', 'Hale', 'Ito', 'Jones', 'Kim', 'Lund', 'Moreau', 'Novak', 'Okafor', 'Park'];

const COUNTRIES = ['PT', 'BR', 'US', 'GB', 'FR', 'DE', 'JP', 'IN', 'NG', 'MX'];
const GENRES = ['["Drama","Comedy"]', '["Horror"]', '["Action","Sci-Fi","Thriller"]', '[]'];

export function seedPeople(s: SeedState): void {
  const created = new Date(s.now - 400 * 86_400_000).toISOString();
  // Sessions that outlive any kept copy of the database.
  const expires = new Date(Date.UTC(2099, 0, 1)).toISOString();
  insertRows(
    s.db,
    'users',
    ['id', 'email', 'email_verified', 'display_name', 'image_url', 'bio', 'onboarded', 'username', 'username_key', 'country', 'favourite_genres', 'search_text', 'created_at', 'updated_at'],
    (function* () {
      for (let n = 0; n < s.people; n++) {
        const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n}`;
        const username = usernameOf(n);
        const searchText = normalizeText(`${name} ${username} ${username.replace(/[._]/g, '')}`);
        yield [personId(n), `fan${n}@bench.reelhouse.test`, 1, name, null, null, 1, username, username, COUNTRIES[n % COUNTRIES.length], GENRES[n % GENRES.length], searchText, created, created];
      }
    })(),
  );
  insertRows(
    s.db,
    'sessions',
    ['id', 'token', 'user_id', 'expires_at', 'ip_address', 'user_agent', 'created_at', 'updated_at'],
    (function* () {
      for (let n = 0; n < s.people; n++) yield [idOf(SESSION_DOMAIN, n), tokenOf(n), personId(n), expires, null, null, created, created];
    })(),
  );
}
