import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { unauthorized } from '../lib/errors.ts';
import { SESSION_COOKIE } from '../modules/auth/auth.service.ts';

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  imageUrl: string | null;
  bio: string | null;
  onboarded: boolean;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person, resolved once per request (undefined until asked). */
    sessionUser(): Promise<SessionUser | null>;
    /** The signed-in person, or a 401. */
    requireUser(): Promise<SessionUser>;
  }
}

/**
 * The session travels as the idToken cookie or as "Authorization: Bearer <token>".
 * Both carry "<token>.<signature>" (a bare token is accepted for bearer); the token
 * is a random 32-character secret looked up in the sessions table.
 */
export function credentialOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  let raw: string | undefined;
  if (header && header.slice(0, 7).toLowerCase() === 'bearer ') raw = header.slice(7).trim();
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
  const token = value.split('.')[0];
  return token && token.length >= 16 && token.length <= 128 ? token : null;
}

export async function findSessionUser(database: Database, token: string): Promise<SessionUser | null> {
  const row = await database.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.id as sessionId',
      'sessions.expiresAt',
      'users.id',
      'users.email',
      'users.displayName',
      'users.imageUrl',
      'users.bio',
      'users.onboarded',
    ])
    .where('sessions.token', '=', token)
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) return null;
  return {
    id: row.id,
    email: row.email,
    displayName: row.displayName,
    imageUrl: row.imageUrl,
    bio: row.bio,
    onboarded: Boolean(row.onboarded),
    sessionId: row.sessionId,
  };
}

export function registerSession(app: FastifyInstance, database: Database): void {
  const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  app.decorateRequest('sessionUser', function (this: FastifyRequest) {
    let found = resolved.get(this);
    if (!found) {
      const token = credentialOf(this);
      found = token ? findSessionUser(database, token) : Promise.resolve(null);
      resolved.set(this, found);
    }
    return found;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.sessionUser();
    if (!user) throw unauthorized('Session expired. Please log in again.');
    return user;
  });
}
