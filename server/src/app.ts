import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions, LogController, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerOutbox } from './events/index.ts';
import type { Cache, CacheListener } from './lib/cache/cache.ts';
import { createMemoryCache } from './lib/cache/memory-cache.ts';
import { createRedisCache } from './lib/cache/redis-cache.ts';
import { registerPublicCaching } from './lib/http/public-cache.ts';
import { redisWithFallback } from './lib/http/rate-limit-store.ts';
import { lazyChildLogger, loggerOptions, prettyStream } from './lib/http/request-logger.ts';
import { compiledSerializer } from './lib/http/serializer.ts';
import { recordCacheLookup, registerMetrics } from './lib/observability/metrics.ts';
import { accountRoutes, tokenReader } from './modules/account/index.ts';
import { activityRoutes } from './modules/activity/index.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuth, sessionReader } from './modules/auth/auth.service.ts';
import { createMailer, type Mailer } from './modules/auth/mailer.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { startTmdbFeeds } from './modules/catalogue/tmdb-feeds.ts';
import { communitiesRoutes } from './modules/communities/communities.routes.ts';
import { discussionsRoutes } from './modules/communities/discussions.routes.ts';
import { diaryRoutes } from './modules/diary/diary.routes.ts';
import { gemsRoutes } from './modules/gems/gems.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { LevelCache } from './modules/levels/levels.cache.ts';
import { installLevels } from './modules/levels/levels.plugin.ts';
import { levelsRoutes } from './modules/levels/levels.routes.ts';
import { listPageRoutes } from './modules/lists/lists.page.ts';
import { listsRoutes } from './modules/lists/lists.routes.ts';
import { messagesRoutes } from './modules/messages/index.ts';
import { moderationRoutes } from './modules/moderation/index.ts';
import { installNotifications } from './modules/notifications/index.ts';
import { profilesRoutes } from './modules/profiles/index.ts';
import { createPremiumProfiles, type PremiumProfiles } from './modules/purchases/premium-cache.ts';
import { purchasesRoutes } from './modules/purchases/purchases.routes.ts';
import { ratingsRoutes } from './modules/ratings/ratings.routes.ts';
import { socialRoutes } from './modules/social/index.ts';
import { titlesRoutes } from './modules/titles/titles.routes.ts';
import { upcomingRoutes } from './modules/titles/upcoming.routes.ts';
import { createMediaStorage, type MediaStorage } from './modules/uploads/storage.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { frameworkErrorReply, MAX_PARAM_LENGTH, registerErrorHandling } from './plugins/errors.ts';
import { boundConnections, httpLimits } from './plugins/http-limits.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerReadiness } from './plugins/readiness.ts';
import { apiHeaders, helmetHeaders, registerResponseHeaders } from './plugins/security-headers.ts';
import { registerSession } from './plugins/session.ts';
import { SessionCache } from './plugins/session-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    redis: Redis | null;
    /** Computed data that is the same for everyone: in Redis when REDIS_URL is set, else in this process. */
    cache: Cache;
    /** Premium status, gems and badge of signed-in people, kept like their sessions (modules/purchases/premium-cache.ts). */
    premiumProfiles: PremiumProfiles;
    /** The level part of GET /api/user/me, per person (modules/levels/levels.cache.ts). */
    levelCache: LevelCache;
    /** Uploaded files: local disk (MEDIA_DIR), or S3-compatible storage when S3_BUCKET is set. */
    mediaStorage: MediaStorage;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  mailer?: Mailer;
  /** Prefix of the cache's keys in Redis (`<REDIS_PREFIX>-cache:` unless given; tests give each app its own). */
  cachePrefix?: string;
  /** Told of every cache lookup (namespace, hit), for metrics. */
  cacheListener?: CacheListener;
  /** Told of every route as it is registered (the authorization matrix test collects the route table with it). */
  onRoute?: (route: RouteOptions) => void;
}

const STRICT_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // blob: lets a picture chosen on this device preview before it is uploaded (onboarding, community image).
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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

/** One warning when Redis goes away and one line when it is back, instead of an error per reconnection attempt. */
function watchRedis(redis: Redis, log: FastifyBaseLogger): void {
  let lost = false;
  redis.on('error', (err) => {
    if (lost) return;
    lost = true;
    log.warn({ err }, 'Redis is unreachable: caches miss, rate limits count per process, live events pause; reconnecting');
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    log.info('Redis is back');
  });
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    // Request lines hide sign-in tokens and other secrets in the URL (lib/http/request-logger.ts).
    logger: loggerOptions(opts.logger, config.LOG_LEVEL, opts.logger === undefined && config.logFormat === 'pretty' ? await prettyStream() : undefined),
    trustProxy: config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : nextRequestId();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: config.NODE_ENV === 'test' }),
    // Body size, timeouts and Node's own client errors (plugins/http-limits.ts).
    ...httpLimits(config),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Raised before any hook runs, so the response headers the hooks set are added here.
    frameworkErrors: (err, req, reply) => {
      reply.header('x-request-id', req.id);
      reply.headers(headersFor(req.url));
      frameworkErrorReply(err, req, reply);
    },
    childLoggerFactory: lazyChildLogger,
  });
  // Connections per address and pipelined requests per connection: the first hook of every request.
  boundConnections(app, config);
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializer);
  app.decorate('config', config);
  app.decorate('database', database);
  // The Redis client's library is loaded only when REDIS_URL is set.
  // A Redis that stops answering (down, restarting, paused) costs at most REDIS_COMMAND_TIMEOUT_MS per command: each
  // user of it then does without (cache misses, per-process rate limits, live events paused), and the client
  // reconnects by itself (every second or two), resubscribing its channels. docs/operations.md, "Losing Redis".
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
        commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
        connectTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 200, 2000),
      })
    : null;
  if (redis) watchRedis(redis, app.log);
  app.decorate('redis', redis);
  const cacheOptions = { prefix: opts.cachePrefix ?? `${config.REDIS_PREFIX}-cache:`, listener: opts.cacheListener ?? recordCacheLookup };
  app.decorate('cache', redis ? createRedisCache(redis, cacheOptions) : createMemoryCache(cacheOptions));
  app.decorate('mediaStorage', createMediaStorage(config));
  // Domain events: modules subscribe while they are registered below (events/index.ts).
  registerOutbox(app, { claimMs: config.OUTBOX_CLAIM_SECONDS * 1000, sweepMs: config.OUTBOX_SWEEP_SECONDS * 1000 });

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
    // Uploaded images: nothing in them may run or be sniffed as anything else.
    { prefix: '/media/', headers: apiHeaders(helmetHeaders(helmetOptions)) },
  ]);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisWithFallback(redis, `${config.REDIS_PREFIX}-rl:`) } : {}),
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
          'Every call answers `{ "data": ... }` or fails with `{ "error": { "code", "message" } }`. Signed-in calls carry the `idToken` cookie or `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cookie: { type: 'apiKey', in: 'cookie', name: 'idToken' } } },
    },
    transform: jsonSchemaTransform,
  });
  await registerApiDocs(app);

  // App plugins.
  registerErrorHandling(app);
  registerPublicCaching(app);
  // Readiness (start-up work, load), metrics and the Origin check of cookie-authenticated writes, for every route.
  await registerReadiness(app, config);
  registerMetrics(app, config.METRICS_TOKEN);
  registerOriginCheck(app);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const auth = createAuth(config, database, mailer, app.log);
  // Personal access tokens (`rh_...`) are the account module's own credential; better-auth reads the rest.
  registerSession(app, sessionReader(auth), new SessionCache(config.SESSION_CACHE_SECONDS * 1000, 20_000, redis, `${config.REDIS_PREFIX}:session-cache`), [
    tokenReader(database),
  ]);
  const premiumProfiles = createPremiumProfiles(database.db, config.SESSION_CACHE_SECONDS * 1000, redis, `${config.REDIS_PREFIX}:session-cache`);
  app.decorate('premiumProfiles', premiumProfiles);
  app.addHook('onReady', () => premiumProfiles.listen());
  app.addHook('onClose', () => premiumProfiles.close());
  const levelCache = new LevelCache(config.SESSION_CACHE_SECONDS * 1000, redis, 20_000, `${config.REDIS_PREFIX}:level-cache`);
  app.decorate('levelCache', levelCache);
  app.addHook('onReady', () => levelCache.listen());
  app.addHook('onClose', () => levelCache.close());

  // Modules.
  await app.register(healthRoutes);
  await app.register(authRoutes, { auth, config });
  await app.register(userRoutes);
  // Notifications first: it decorates app.events, which the live stream and the modules' subscribers use.
  await installNotifications(app);
  await app.register(profilesRoutes);
  await app.register(socialRoutes);
  await app.register(messagesRoutes);
  await app.register(moderationRoutes);
  await app.register(activityRoutes);
  installLevels(app);
  await app.register(levelsRoutes);
  await app.register(catalogueRoutes);
  await app.register(titlesRoutes);
  await app.register(upcomingRoutes);
  await app.register(ratingsRoutes);
  await app.register(watchlistRoutes);
  await app.register(diaryRoutes);
  await app.register(listsRoutes);
  await app.register(communitiesRoutes);
  await app.register(discussionsRoutes);
  await app.register(gemsRoutes);
  await app.register(purchasesRoutes);
  await app.register(uploadsRoutes);
  await app.register(importsRoutes);
  await app.register(accountRoutes);
  // A public list's page carries its Open Graph tags in the HTML itself.
  await app.register(listPageRoutes);
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
