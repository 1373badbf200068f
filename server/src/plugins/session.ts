import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  /** Set when the request came with one of the app's own credentials (a personal access token), not a session. */
  viaToken?: boolean;
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
 * The credential of a request as it came: "Authorization: Bearer <token>" (bare or signed), else the idToken cookie
 * ("<token>.<signature>" as the authentication library writes it). It is not checked here: better-auth checks it
 * (the cookie's signature included) when it reads the session, and the session cache keeps only credentials it
 * accepted, keyed by the whole credential, so a forged signature never matches a cached entry.
 */
export function credentialOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header !== undefined && header.slice(0, 7).toLowerCase() === 'bearer ') return header.slice(7).trim() || null;
  return req.cookies?.[SESSION_COOKIE] || null;
}

/** Reads the session of a request's credential: better-auth's getSession, or null when it has none. */
export type SessionReader = (headers: Headers) => Promise<SessionUser | null>;

/**
 * A reader of one of the app's own credentials (a personal access token, say), registered by the module that owns it:
 * `accepts` tells its credentials by their form; `read` resolves one to its person, or null. Better-auth reads the rest.
 */
export interface CredentialReader {
  accepts(credential: string): boolean;
  read(credential: string): Promise<SessionUser | null>;
}

/** The headers better-auth reads a session from: the cookies and the Authorization header of the request. */
function sessionHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  if (typeof req.headers.cookie === 'string') headers.set('cookie', req.headers.cookie);
  if (typeof req.headers.authorization === 'string') headers.set('authorization', req.headers.authorization);
  return headers;
}

/**
 * Every /api call carrying a credential has its session resolved before the handler runs: from the session cache
 * without waiting (most calls, for SESSION_CACHE_SECONDS), or by better-auth, which owns sessions (it issues them,
 * checks the cookie's signature, reads and revokes them). Handlers then read it synchronously with
 * `req.sessionUser()` / `req.requireUser()`. Sign-out, suspension and profile changes drop the cached entries
 * (session-cache.ts, across processes through Redis when set).
 */
export function registerSession(app: FastifyInstance, readSession: SessionReader, cache: SessionCache<SessionUser>, readers: readonly CredentialReader[] = []): void {
  app.decorate('sessionCache', cache);
  app.decorateRequest('session', null);
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.charCodeAt(1) !== 97 || !req.url.startsWith('/api/')) return done();
    const credential = credentialOf(req);
    if (!credential || credential.length > 512) return done();
    const now = Date.now();
    const hit = cache.get(credential, now);
    if (hit) {
      req.session = hit;
      return done();
    }
    const own = readers.find((r) => r.accepts(credential));
    (own ? own.read(credential) : readSession(sessionHeaders(req))).then((user) => {
      if (user && user.expiresAt > now) {
        cache.set(credential, user, now);
        req.session = user;
      }
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
