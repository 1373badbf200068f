import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/http/errors.ts';
import { SESSION_COOKIE } from '../lib/http/session-cookie.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery: a write that a browser sends with the idToken cookie must come from one of the
 * app's own pages. Browsers send `Origin` on every POST, PUT, PATCH and DELETE (and `Sec-Fetch-Site` on all
 * of them); a write whose Origin is neither APP_URL's nor the address it was sent to (the Host header, which
 * a page on another site cannot set) is refused 403 forbidden_origin, as is one with no Origin whose
 * Sec-Fetch-Site is not same-origin. A write carrying the cookie and neither header comes from no browser
 * the app knows; such clients authenticate with "Authorization: Bearer <token>", which a forged page cannot
 * send, and those writes, like writes with no cookie at all, are not checked here.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  const appOrigin = new URL(app.config.appUrl).origin;
  app.addHook('onRequest', (req, _reply, done) => {
    if (!WRITES.has(req.method) || !req.cookies?.[SESSION_COOKIE] || req.headers.authorization?.slice(0, 7).toLowerCase() === 'bearer ') {
      return done();
    }
    done(fromOwnPage(req, appOrigin) ? undefined : new AppError(403, 'forbidden_origin', 'This request did not come from a Reelhouse page.'));
  });
}

function fromOwnPage(req: FastifyRequest, appOrigin: string): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (origin === appOrigin) return true;
    try {
      return new URL(origin).host === req.host;
    } catch {
      return false;
    }
  }
  const site = req.headers['sec-fetch-site'];
  return site === 'same-origin';
}
