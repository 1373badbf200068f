import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has defaults that run on SQLite without anything set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.dialect).toBe('sqlite');
    expect(c.appUrl).toBe('http://localhost:3000');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with sqlite: or postgres:\/\//);
    expect(() => loadConfig({ OIDC_PROVIDERS: 'google|only-two' })).toThrow(ConfigError);
  });

  it('reads the currency, and Stripe only with both of its secrets', () => {
    expect(loadConfig({}).CURRENCY).toBe('USD');
    expect(loadConfig({ CURRENCY: 'eur' }).CURRENCY).toBe('EUR');
    expect(() => loadConfig({ CURRENCY: 'euro' })).toThrow(/CURRENCY: must be a three-letter currency code/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required with the other STRIPE_ variable/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/STRIPE_SECRET_KEY: is required/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).STRIPE_SECRET_KEY).toBe('sk_test_1');
  });

  it('chooses the payment provider: Stripe with its keys, the sandbox without them, PAYMENTS_PROVIDER when set', () => {
    const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({}).paymentsProvider).toBe('sandbox');
    expect(loadConfig(stripeKeys).paymentsProvider).toBe('stripe');
    expect(loadConfig({ ...stripeKeys, PAYMENTS_PROVIDER: 'sandbox' }).paymentsProvider).toBe('sandbox');
    expect(loadConfig({ ...stripeKeys, PAYMENTS_PROVIDER: 'stripe' }).paymentsProvider).toBe('stripe');
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER: is stripe, which needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER: must be sandbox or stripe/);
  });

  it('refuses to start in production with the sandbox unless PAYMENTS_PROVIDER=sandbox says so', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:25' };
    expect(() => loadConfig(production)).toThrow(/PAYMENTS_PROVIDER: is required in production without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({ ...production, PAYMENTS_PROVIDER: 'sandbox' }).paymentsProvider).toBe('sandbox');
    expect(loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).paymentsProvider).toBe('stripe');
  });

  it('reads the prefix of the Redis keys and channels', () => {
    expect(loadConfig({}).REDIS_PREFIX).toBe('reelhouse');
    expect(loadConfig({ REDIS_PREFIX: 'staging_2' }).REDIS_PREFIX).toBe('staging_2');
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/REDIS_PREFIX: must be 1 to 64 letters/);
  });

  it('refuses to start in production without SMTP', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) })).toThrow(/SMTP_URL: is required in production/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail:25', PAYMENTS_PROVIDER: 'sandbox' }).NODE_ENV).toBe(
      'production',
    );
  });

  it('reads PostgreSQL URLs and external identity providers', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@h/db',
      OIDC_PROVIDERS: 'keycloak|https://id.example/realms/r/.well-known/openid-configuration|client|secret',
    });
    expect(c.dialect).toBe('postgres');
    expect(c.oidcProviders[0]).toMatchObject({ providerId: 'keycloak', clientId: 'client' });
  });

  it('reads the load limits, the metrics token and the request timeouts', () => {
    const c = loadConfig({});
    expect([c.PRESSURE_EVENT_LOOP_DELAY_MS, c.PRESSURE_HEAP_USED_MB, c.PRESSURE_RSS_MB]).toEqual([250, 1536, 2048]);
    expect(c.METRICS_TOKEN).toBeUndefined();
    expect([c.REQUEST_TIMEOUT_MS, c.HEADERS_TIMEOUT_MS]).toEqual([30_000, 10_000]);
    expect(loadConfig({ PRESSURE_RSS_MB: '0' }).PRESSURE_RSS_MB).toBe(0);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be more than REQUEST_TIMEOUT_MS/,
    );
  });

  it('reads the bound on event streams per person and their heartbeat', () => {
    const c = loadConfig({});
    expect([c.EVENT_STREAMS_PER_PERSON, c.EVENT_STREAM_HEARTBEAT_MS]).toEqual([5, 25_000]);
    expect(loadConfig({ EVENT_STREAMS_PER_PERSON: '2', EVENT_STREAM_HEARTBEAT_MS: '100' })).toMatchObject({ EVENT_STREAMS_PER_PERSON: 2, EVENT_STREAM_HEARTBEAT_MS: 100 });
    expect(() => loadConfig({ EVENT_STREAMS_PER_PERSON: '0' })).toThrow(/EVENT_STREAMS_PER_PERSON/);
    expect(() => loadConfig({ EVENT_STREAM_HEARTBEAT_MS: 'often' })).toThrow(/EVENT_STREAM_HEARTBEAT_MS/);
  });

  it('reads the TMDB refresh interval in hours, 0 turning the feeds off', () => {
    expect(loadConfig({}).TMDB_REFRESH_HOURS).toBe(6);
    expect(loadConfig({ TMDB_REFRESH_HOURS: '1.5' }).TMDB_REFRESH_HOURS).toBe(1.5);
    expect(loadConfig({ TMDB_REFRESH_HOURS: '0' }).TMDB_REFRESH_HOURS).toBe(0);
    expect(loadConfig({ TMDB_REFRESH_HOURS: '' }).TMDB_REFRESH_HOURS).toBe(6);
    expect(() => loadConfig({ TMDB_REFRESH_HOURS: 'often' })).toThrow(/TMDB_REFRESH_HOURS: must be a number of hours/);
    expect(() => loadConfig({ TMDB_REFRESH_HOURS: '0.1' })).toThrow(/TMDB_REFRESH_HOURS: must be 0 \(off\) or from 0.25 to 168 hours/);
    expect(() => loadConfig({ TMDB_REFRESH_HOURS: '1000' })).toThrow(/TMDB_REFRESH_HOURS/);
  });

  it('reads where uploaded images go: local disk by default, S3-compatible storage with S3_BUCKET', () => {
    const local = loadConfig({});
    expect([local.MEDIA_DIR, local.S3_BUCKET, local.UPLOAD_RATE_LIMIT]).toEqual(['./data/media', undefined, 30]);
    const s3 = loadConfig({ S3_BUCKET: 'reelhouse-media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PUBLIC_URL: 'https://cdn.example.com/media/' });
    expect([s3.S3_BUCKET, s3.S3_REGION, s3.S3_PUBLIC_URL]).toEqual(['reelhouse-media', 'us-east-1', 'https://cdn.example.com/media']);
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.com' })).toThrow(/S3_PUBLIC_URL: needs S3_BUCKET as well/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_PUBLIC_URL: 'http://cdn.example.com' })).toThrow(/S3_PUBLIC_URL: must be an https:\/\/ address/);
    expect(() => loadConfig({ S3_BUCKET: 'Media_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY: is required with the other S3 key/);
  });
});
