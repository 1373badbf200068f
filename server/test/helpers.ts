import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { signInLinkOf, startSmtpServer } from './smtp.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database for one test file: a new SQLite file, or a new PostgreSQL schema; migrated to the latest, or up to `upTo`. */
export async function openTestDatabase(opts: { upTo?: string } = {}): Promise<{ database: Database; url: string; cleanup(): Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const database = await openDatabase({ url: TEST_DATABASE_URL, schema, poolSize: 4 });
    await migrateToLatest(database, opts);
    return {
      database,
      url: TEST_DATABASE_URL,
      async cleanup() {
        await database.close();
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'reelhouse-test-'));
  const url = `sqlite:${join(dir, 'test.db')}`;
  const database = await openDatabase({ url });
  await migrateToLatest(database, opts);
  return {
    database,
    url,
    async cleanup() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  close(): Promise<void>;
}

/** The real app on a fresh database with a real SMTP server receiving its mail; silent unless given a logger. */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    cachePrefix?: string;
    beforeReady?: (app: FastifyInstance) => void;
    logger?: FastifyServerOptions['logger'];
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<TestContext> {
  const smtp = await startSmtpServer();
  const { database, url, cleanup } = await openTestDatabase();
  const web = mkdtempSync(join(tmpdir(), 'reelhouse-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Reelhouse</title><div id="root"></div>');
  // Uploaded images go to a directory of the test's own, never to ./data/media.
  const media = mkdtempSync(join(tmpdir(), 'reelhouse-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    SMTP_URL: smtp.url,
    APP_URL: 'http://localhost:3000',
    WEB_DIST: web,
    MEDIA_DIR: media,
    // On a busy test machine the event loop is often late; tests of that limit set it themselves.
    PRESSURE_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
  // A cache key prefix of its own, so test files sharing one Redis never read each other's answers.
  const app = await buildApp({ config, database, logger: opts.logger ?? false, cachePrefix: opts.cachePrefix ?? `test-${randomUUID()}:`, onRoute: opts.onRoute });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    smtp,
    async close() {
      await app.close();
      await smtp.close();
      await cleanup();
      rmSync(web, { recursive: true, force: true });
      rmSync(media, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'fan'): string {
  counter += 1;
  return `${prefix}${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs a person in the way a fan does: asks for a link, opens it from the mail. */
export async function signIn(ctx: TestContext, email = uniqueEmail()) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/email-link', payload: { email } });
  if (res.statusCode !== 200) throw new Error(`email-link failed: ${res.statusCode} ${res.body}`);
  const mail = await ctx.smtp.mailFor(email.toLowerCase());
  const link = new URL(signInLinkOf(mail.raw));
  const verify = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
  const cookie = verify.cookies.find((c) => c.name === 'idToken');
  if (!cookie) throw new Error(`no session cookie: ${verify.statusCode} ${verify.headers.location}`);
  const session = await ctx.app.inject({ method: 'GET', url: '/api/auth/session', cookies: { idToken: cookie.value } });
  const user = session.json().data.user as { id: string; email: string; displayName: string };
  return {
    user,
    cookie: cookie.value,
    token: cookie.value,
    location: verify.headers.location as string,
    // As a browser sends them from one of the app's pages (writes with the cookie must carry the app's Origin).
    headers: { cookie: `idToken=${cookie.value}`, origin: ctx.config.appUrl },
  };
}

/** A signed-in person who has completed onboarding. */
export async function buildUser(ctx: TestContext, overrides: { email?: string; displayName?: string } = {}) {
  const s = await signIn(ctx, overrides.email);
  const displayName = overrides.displayName ?? 'Test Fan';
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/setProfile',
    headers: s.headers,
    payload: { displayName },
  });
  if (res.statusCode !== 200) throw new Error(`setProfile failed: ${res.body}`);
  return { ...s, user: res.json().data as { id: string; email: string; displayName: string } };
}
