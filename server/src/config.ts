import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
      .default('sqlite:./data/reelhouse.db'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    /**
     * Start of every key and channel name the app uses in Redis, so several deployments (or test runs) can share one
     * Redis without reading each other's cache or hearing each other's events.
     */
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, hyphens or underscores')
      .default('reelhouse'),
    /** A Redis command unanswered after this many ms fails, and its caller does without Redis (a cache miss, a per-process limit). */
    REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /**
     * How long a process holds the domain events it claimed before another may deliver them: after a crash, its
     * undelivered events go out this much later at most (plus OUTBOX_SWEEP_SECONDS).
     */
    OUTBOX_CLAIM_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** How often each process looks for domain events nobody delivered (a crash, a failed subscriber's retry). */
    OUTBOX_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Reelhouse <no-reply@reelhouse.local>'),
    OIDC_PROVIDERS: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool.default(false),
    SIGNIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /** Over any of these limits /readyz answers 503 under_pressure (plugins/pressure.ts); 0 turns a limit off. */
    PRESSURE_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(250),
    PRESSURE_HEAP_USED_MB: z.coerce.number().int().min(0).default(1536),
    PRESSURE_RSS_MB: z.coerce.number().int().min(0).default(2048),
    /** Prometheus metrics at /metrics for requests carrying "Authorization: Bearer <METRICS_TOKEN>"; unset turns them off. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /** A request whose head and body have not all arrived after this many ms is answered 408 and its connection closed. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /** The same for the request's head alone (a client sending its headers slowly). */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** After this many requests a keep-alive connection is closed (its last answer says `Connection: close`); 0: no limit. */
    MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().min(0).default(1000),
    /**
     * Requests one connection may have waiting for their answers (HTTP/1.1 pipelining): at this many the server stops
     * reading the connection until answers go out, and a request past it (already read) closes the connection.
     */
    MAX_PIPELINED_REQUESTS: z.coerce.number().int().min(1).max(1000).default(16),
    /** Connections open at once from one address; more are closed as they arrive. 0: no limit. Unset: 128, or no limit with TRUST_PROXY (every connection comes from the proxy). */
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).optional(),
    /** Uploaded images processed at once (each uses a libuv thread and its decoded pixels); the others wait their turn. */
    UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Uploads that may wait for their turn; more are answered 503 `busy` at once. */
    UPLOAD_QUEUE_MAX: z.coerce.number().int().min(0).default(20),
    /** Live event streams (GET /api/events) one person may hold open at once; one more ends the oldest (`evicted`). */
    EVENT_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(100).default(5),
    /** How often an open event stream gets a comment line: below every proxy's read timeout (nginx's is 60 s, 1 h for /api/events). */
    EVENT_STREAM_HEARTBEAT_MS: z.coerce.number().int().min(50).max(600_000).default(25_000),
    CATALOGUE_DIR: z.string().optional(),
    /** How the log is written: `pretty` (pino-pretty, for a person at a terminal) or `json`. Unset: pretty in development. */
    LOG_FORMAT: z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional(),
    /**
     * First start with an empty catalogue and no CATALOGUE_DIR: `auto` downloads IMDb's datasets (IMDB_DATASETS_URL) and
     * imports them in the background when the host answers; `off` only says what to run. Unset: auto, off under test.
     */
    CATALOGUE_DOWNLOAD: z.enum(['auto', 'off'], { error: 'must be auto or off' }).optional(),
    TMDB_API_KEY: z.string().optional(),
    TMDB_BASE_URL: z.url().default('https://api.themoviedb.org/3'),
    /** Hours between refreshes of TMDB's trending and upcoming lists; 0 turns the feeds off. */
    TMDB_REFRESH_HOURS: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.coerce
        .number({ error: 'must be a number of hours' })
        .refine((h) => h === 0 || (h >= 0.25 && h <= 168), 'must be 0 (off) or from 0.25 to 168 hours')
        .default(6),
    ),
    /** Titles whose TMDB watch providers each scheduled run reads again (those read longest ago first); 0 turns it off. */
    TMDB_PROVIDERS_PER_RUN: z.coerce.number({ error: 'must be a number of titles' }).int('must be a whole number of titles').min(0).max(10_000).default(300),
    IMDB_DATASETS_URL: z.url().default('https://datasets.imdbws.com'),
    IMDB_MIN_VOTES: z.coerce.number().int().min(0).default(1000),
    WEB_DIST: z.string().default('dist/web'),
    /** ISO 4217 code of the prices (spec 9 gives the numbers, not the currency). */
    CURRENCY: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code such as USD or EUR')
      .transform((c) => c.toUpperCase())
      .default('USD'),
    /**
     * Who takes payments: `stripe` (needs both STRIPE_ keys) or `sandbox` (the embedded test checkout: no money moves,
     * purchases are granted on a click). Unset: Stripe when its keys are set, else the sandbox outside production;
     * production without Stripe keys refuses to start unless the sandbox is chosen here on purpose.
     */
    PAYMENTS_PROVIDER: z.enum(['sandbox', 'stripe'], { error: 'must be sandbox or stripe' }).optional(),
    /** Both set: payments go through Stripe Checkout; neither: the embedded sandbox (test mode). */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Stripe's API address, for a stand-in in tests (https://api.stripe.com when unset). */
    STRIPE_API_URL: z.url().optional(),
    /** Uploaded images on local disk (when S3_BUCKET is unset). */
    MEDIA_DIR: z.string().min(1).default('./data/media'),
    /** Image uploads (POST /api/uploads/images) per person per hour. */
    UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    /** S3-compatible storage for uploaded images: set S3_BUCKET to use it instead of MEDIA_DIR. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)')
      .optional(),
    /** The service's address for MinIO, Cloudflare R2, Backblaze B2, ...; unset for AWS itself. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addresses (endpoint/bucket/key), which MinIO and most S3-compatible services need; default: on with S3_ENDPOINT. */
    S3_FORCE_PATH_STYLE: bool.optional(),
    /** Public https address of the bucket (or a CDN in front of it): images are then linked there instead of served through /media/images/. */
    S3_PUBLIC_URL: z
      .url({ protocol: /^https$/, error: 'must be an https:// address' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required in production (sign-in links are sent by e-mail)' });
    }
    if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'must not be more than REQUEST_TIMEOUT_MS' });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'],
        message: 'is required with the other STRIPE_ variable (set both for Stripe, neither for the sandbox)',
      });
    }
    if (env.PAYMENTS_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message: 'is stripe, which needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      });
    }
    if (env.NODE_ENV === 'production' && env.PAYMENTS_PROVIDER === undefined && !env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_PROVIDER'],
        message:
          'is required in production without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set the Stripe keys to take real payments, or PAYMENTS_PROVIDER=sandbox to run the test checkout (anyone gets gems and premium without paying)',
      });
    }
    if (!env.S3_BUCKET) {
      for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const) {
        if (env[name] !== undefined) ctx.addIssue({ code: 'custom', path: [name], message: 'needs S3_BUCKET as well' });
      }
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other S3 key (set both, or neither to use the AWS default credentials)' });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required in production' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export interface OidcProvider {
  providerId: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface Config extends Env {
  appUrl: string;
  /** LOG_FORMAT, else pretty in development and JSON otherwise. */
  logFormat: 'pretty' | 'json';
  authSecret: string;
  dialect: 'sqlite' | 'postgres';
  /** The payment provider in use: PAYMENTS_PROVIDER, else Stripe when its keys are set, else the sandbox. */
  paymentsProvider: 'sandbox' | 'stripe';
  oidcProviders: OidcProvider[];
}

export class ConfigError extends Error {}

/** Parse and check the environment once; a wrong value throws a ConfigError naming it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const oidcProviders: OidcProvider[] = [];
  if (env.OIDC_PROVIDERS) {
    // id|discoveryUrl|clientId|clientSecret, separated by commas
    for (const entry of env.OIDC_PROVIDERS.split(',').map((s) => s.trim()).filter(Boolean)) {
      const [providerId, discoveryUrl, clientId, clientSecret] = entry.split('|');
      if (!providerId || !discoveryUrl || !clientId || !clientSecret) {
        throw new ConfigError(
          'Invalid configuration:\n  OIDC_PROVIDERS: each entry must be id|discoveryUrl|clientId|clientSecret',
        );
      }
      oidcProviders.push({ providerId, discoveryUrl, clientId, clientSecret });
    }
  }
  return {
    ...env,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    authSecret: env.AUTH_SECRET ?? 'development-only-secret-change-me-0123456789',
    dialect: env.DATABASE_URL.startsWith('sqlite:') ? 'sqlite' : 'postgres',
    paymentsProvider: env.PAYMENTS_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox'),
    oidcProviders,
  };
}
