import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { unauthorized } from '../lib/http/errors.ts';
import { SESSION_COOKIE } from '../lib/http/session-cookie.ts';
import type { SessionCache } from './session-cache.ts';

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  imageUrl: string | null;
  bio: string | null;
  onboarded: boolean;
  sessionId: string;
  /** Session expiry, epoch milliseconds. */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolved sessions kept in memory; drop entries when a session ends or a profile changes. */
    sessionCache: SessionCache<SessionUser>;
  }
  interface FastifyRequest {
    /** The signed-in person of an /api call, resolved before the handler runs. */
    session: SessionUser | null;
    /** The signed-in person, or null. */
    sessionUser(): SessionUser | null;
    /** The signed-in person, or a 401. */
    requireUser(): SessionUser;
  }
}

/**
 * The session travels as the idToken cookie or as "Authorization: Bearer <token>". The token is a random
 * 32-character secret looked up in the sessions table. The cookie carries "<token>.<signature>", as the
 * authentication library writes it: the signature is the base64 HMAC-SHA256 of the token under AUTH_SECRET,
 * and a cookie whose signature is missing or wrong counts as no session. A bearer token may come bare (the
 * token alone) or signed; a signature it carries must be right too.
 */
export function credentialOf(req: FastifyRequest, secret: string): string | null {
  const header = req.headers.authorization;
  let raw: string | undefined;
  const bearer = header !== undefined && header.slice(0, 7).toLowerCase() === 'bearer ';
  if (bearer) raw = header.slice(7).trim();
  else raw = req.cookies?.[SESSION_COOKIE];
  if (!raw) return null;
  let value = raw;
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  const dot = value.indexOf('.');
  if (dot === -1 && !bearer) return null;
  const token = dot === -1 ? value : value.slice(0, dot);
  if (!token || token.length < 16 || token.length > 128) return null;
  if (dot !== -1 && !signatureMatches(token, value.slice(dot + 1), secret)) return null;
  return token;
}

/** Whether `signature` is the one the authentication library puts on `token` (better-call's signCookieValue). */
function signatureMatches(token: string, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  // Buffer.from skips characters that are not base64, so the text is compared back as well.
  return given.length === expected.length && timingSafeEqual(given, expected) && given.toString('base64') === signature;
}

interface SessionRow {
  session_id: string;
  expires_at: string | Date;
  id: string;
  email: string;
  display_name: string;
  image_url: string | null;
  bio: string | null;
  onboarded: boolean | number;
}

const SESSION_SQL = `select s.id as session_id, s.expires_at, u.id, u.email, u.display_name, u.image_url, u.bio, u.onboarded
  from sessions s join users u on u.id = s.user_id where s.token = $1 and u.suspended_at is null`;

/**
 * Looks a session token up. This runs on every signed-in call, so it skips the query
 * builder and uses a statement prepared once (SQLite) or a named prepared statement (PostgreSQL).
 * Answers are kept in the session cache (see session-cache.ts) for SESSION_CACHE_SECONDS.
 */
export function sessionLookup(database: Database, cache?: SessionCache<SessionUser>): (token: string) => Promise<SessionUser | null> {
  let fetchRow: (token: string) => Promise<SessionRow | undefined>;
  if (database.sqlite) {
    const stmt = database.sqlite.prepare(SESSION_SQL.replace('$1', '?'));
    fetchRow = async (token) => stmt.get(token) as SessionRow | undefined;
  } else if (database.pool) {
    const pool = database.pool;
    fetchRow = async (token) => (await pool.query<SessionRow>({ name: 'session_user', text: SESSION_SQL, values: [token] })).rows[0];
  } else {
    throw new Error('no database driver');
  }
  const load = async (token: string, now: number) => {
    const row = await fetchRow(token);
    if (!row) return null;
    const expiresAt = new Date(row.expires_at).getTime();
    if (expiresAt <= now) return null;
    const user: SessionUser = {
      id: row.id,
      email: row.email,
      displayName: row.display_name,
      imageUrl: row.image_url,
      bio: row.bio,
      onboarded: Boolean(row.onboarded),
      sessionId: row.session_id,
      expiresAt,
    };
    cache?.set(token, user, now);
    return user;
  };
  return (token) => {
    const now = Date.now();
    const hit = cache?.get(token, now);
    return hit ? Promise.resolve(hit) : load(token, now);
  };
}

/**
 * Every /api call carrying a credential has its session resolved before the handler runs:
 * from the cache without waiting (most calls), or by one lookup. Handlers then read it
 * synchronously with `req.sessionUser()` / `req.requireUser()`.
 */
export function registerSession(app: FastifyInstance, database: Database, cache: SessionCache<SessionUser>): void {
  const findSessionUser = sessionLookup(database, cache);
  const secret = app.config.authSecret;
  app.decorate('sessionCache', cache);
  app.decorateRequest('session', null);
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.charCodeAt(1) !== 97 || !req.url.startsWith('/api/')) return done();
    const token = credentialOf(req, secret);
    if (!token) return done();
    const hit = cache.get(token, Date.now());
    if (hit) {
      req.session = hit;
      return done();
    }
    findSessionUser(token).then((user) => {
      req.session = user;
      done();
    }, done);
  });
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    return this.session;
  });
  app.decorateRequest('requireUser', function (this: FastifyRequest) {
    if (!this.session) throw unauthorized('Session expired. Please log in again.');
    return this.session;
  });
  app.addHook('onReady', () => cache.listen());
  app.addHook('onClose', () => cache.close());
}
