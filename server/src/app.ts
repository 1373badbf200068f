import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createKeptAnswers } from './lib/kept-answers.ts';
import { lazyChildLogger } from './lib/request-logger.ts';
import { createSerializerCompiler } from './lib/serializer.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuth } from './modules/auth/auth.service.ts';
import { createMailer, type Mailer } from './modules/auth/mailer.ts';
import { startTmdbFeeds } from './modules/catalogue/tmdb-feeds.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { keptHomeSections, keptSearchPages, keptSuggestions, keptTitlePages, titlesRoutes } from './modules/titles/titles.routes.ts';
import { upcomingRoutes } from './modules/titles/upcoming.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes.ts';
import { frameworkErrorReply, MAX_PARAM_LENGTH, registerErrorHandling } from './plugins/errors.ts';
import { apiHeaders, helmetHeaders, registerResponseHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { SessionCache } from './plugins/session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    redis: Redis | null;
    /** Requests the HTTP front answered and connections it handed to Node's HTTP server (lib/http-front.ts). */
    httpFrontStats(): { answered: number; handedOver: number; open: number };
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
}

const STRICT_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/**
 * Request ids: this process's random prefix and a counter, unique across instances and cheaper
 * than a UUID per request.
 */
const REQUEST_ID_PREFIX = randomUUID().slice(0, 8);
let requestCounter = 0;
function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % Number.MAX_SAFE_INTEGER;
  return `${REQUEST_ID_PREFIX}-${requestCounter.toString(36)}`;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  // Kept answers (title pages people just asked for) are sent before routing; see lib/kept-answers.ts.
  const kept = createKeptAnswers();
  const app = Fastify({
    serverFactory: kept.serverFactory,
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : nextRequestId();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: config.NODE_ENV === 'test' }),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Raised before any hook runs, so the response headers the hooks set are added here.
    frameworkErrors: (err, req, reply) => {
      reply.header('x-request-id', req.id);
      reply.headers(headersFor(req.url));
      frameworkErrorReply(err, req, reply);
    },
    childLoggerFactory: lazyChildLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('httpFrontStats', () => kept.frontStats());
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 }) : null;
  app.decorate('redis', redis);

  // External plugins.
  const helmetOptions = { contentSecurityPolicy: { directives: STRICT_CSP }, crossOriginEmbedderPolicy: false };
  const headersFor = registerResponseHeaders(app, helmetOptions, [
    // The API reference page needs inline scripts; the policy is relaxed for it alone.
    {
      prefix: '/api/docs',
      csp: "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
    },
    // JSON answers get the short set that applies to them.
    { prefix: '/api/', headers: apiHeaders(helmetHeaders(helmetOptions)) },
  ]);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'reelhouse-rl:' } : {}),
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      error: { code: 'rate_limited', message: `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.` },
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Reelhouse API',
        version: '0.1.0',
        description:
          'Every call answers { "data": ... } or fails with { "error": { "code", "message" } }. Signed-in calls carry the idToken cookie or Authorization: Bearer <token>.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'idToken' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(scalar, { routePrefix: '/api/docs' });

  // App plugins.
  registerErrorHandling(app);
  registerSession(app, database, new SessionCache(config.SESSION_CACHE_SECONDS * 1000, 20_000, redis));
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const auth = createAuth(config, database, mailer, app.log);

  // Modules.
  await app.register(healthRoutes);
  await app.register(authRoutes, { auth, config });
  await app.register(userRoutes);
  await app.register(titlesRoutes);
  await app.register(upcomingRoutes);
  await app.register(ratingsRoutes);
  await app.register(watchlistRoutes);
  // Title pages, the home sections and the search box's suggestions are the same whoever asks: their routes never
  // read the session, so requests carrying one take the kept answers too.
  // The empty search box's lists first: the title pages' finder answers every other path under /api/movies/.
  kept.add('/api/movies/popular-', keptHomeSections(app.titles), { sameForEveryone: true });
  kept.add('/api/movies/', keptTitlePages(app.titles), { sameForEveryone: true });
  kept.add('/api/home/', keptHomeSections(app.titles), { sameForEveryone: true });
  kept.add('/api/search', keptSearchPages(app.titles), { sameForEveryone: true });
  kept.addPost('/api/movies/search', keptSuggestions(app.titles), { sameForEveryone: true });
  app.addHook('onReady', (done) => {
    kept.attach({ headersFor, nextRequestId, log: app.log, slowMs: config.SLOW_ANSWER_MS });
    done();
  });
  app.addHook('preClose', (done) => {
    kept.stop();
    done();
  });
  startTmdbFeeds(app);

  // The single-page app: built files, and index.html for every other non-API path.
  const webRoot = resolve(config.WEB_DIST);
  const hasWeb = existsSync(resolve(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // Brotli and gzip copies written at build time (scripts/compress-web.mjs).
      preCompressed: true,
      setHeaders: (reply, path) => {
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/') || req.method !== 'GET' && req.method !== 'HEAD') {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for ${req.method} ${path}.` } });
    }
    if (!hasWeb) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  app.addHook('onClose', async () => {
    mailer.close();
    if (redis) await redis.quit().catch(() => undefined);
  });
  return app;
}
