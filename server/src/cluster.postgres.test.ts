import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFans } from '../test/fans.ts';
import { TEST_DATABASE_URL } from '../test/helpers.ts';
import { createPostgresDatabase, freePort, type ServerProcess, startServerProcess, stopProcess, waitUntilOk } from '../test/process.ts';
import { type Database, openDatabase } from './db/database.ts';
import { LIMITS } from './lib/http/rate-limits.ts';
import { type FakeTmdb, startFakeTmdb } from './modules/catalogue/tmdb.test-fixtures.ts';
import { openStream, type Stream } from './modules/notifications/events.test-fixtures.ts';

// The deployment of deploy/compose.yaml on one machine: two API processes (`node server/src/main.ts`) on one fresh
// PostgreSQL database and Redis, behind Debian's nginx running deploy/nginx.conf. Requests go through nginx and to each
// process directly. PostgreSQL only (SQLite is one process's database).
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TMDB_KEY = 'test-tmdb-key-0123456789';

const dir = mkdtempSync(join(tmpdir(), 'reelhouse-cluster-'));
chmodSync(dir, 0o755);
const redisPrefix = `test-${randomUUID()}`;
const servers: ServerProcess[] = [];
const streams: Stream[] = [];
let nginx: ChildProcess | null = null;
let nginxOut = '';
let nginxBase: string;
let databaseUrl: string;
let dropDatabase: (() => Promise<void>) | null = null;
let database: Database | null = null;
let tmdb: FakeTmdb | null = null;

function nginxBinary(): string | null {
  for (const path of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (spawnSync(path, ['-v'], { stdio: 'ignore' }).status === 0) return path;
  }
  return null;
}

const start = async (name: string) => {
  const server = await startServerProcess(name, dir, {
    // Debug: the scheduled jobs say whether they ran or another process had them.
    LOG_LEVEL: 'debug',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    TRUST_PROXY: 'true',
    TMDB_API_KEY: TMDB_KEY,
    TMDB_BASE_URL: tmdb?.baseUrl,
    TMDB_REFRESH_HOURS: '0.25',
    PRESSURE_EVENT_LOOP_DELAY_MS: '0',
  });
  servers.push(server);
  return server;
};

/** The log lines of a process, parsed. */
function logLines(server: ServerProcess): { msg?: string; job?: string }[] {
  return server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

/** deploy/nginx.conf with the lines marked "test:" made this test's: its two processes, a free port, files in `dir`. */
function nginxConfig(port: number): string {
  const upstream = servers.map((s) => `server ${new URL(s.base).host};`).join(' ');
  const mine: Record<string, string> = {
    pid: `pid ${join(dir, 'nginx.pid')};\ndaemon off;`,
    error_log: `error_log ${join(dir, 'nginx-error.log')} warn;`,
    access_log: `access_log ${join(dir, 'nginx-access.log')};\nclient_body_temp_path ${join(dir, 'body')};\nproxy_temp_path ${join(dir, 'proxy')};`,
    'upstream servers': upstream,
    listen: `listen 127.0.0.1:${port};`,
  };
  const marked = /^.*# test: (.+)$/gm;
  const conf = readFileSync('deploy/nginx.conf', 'utf8').replace(marked, (_line, name: string) => {
    const line = mine[name.trim()];
    if (line === undefined) throw new Error(`deploy/nginx.conf marks an unknown line "test: ${name}"`);
    return line;
  });
  for (const name of Object.keys(mine)) if (!conf.includes(mine[name])) throw new Error(`deploy/nginx.conf has no line marked "test: ${name}"`);
  return conf;
}

const killNginx = () => {
  if (nginx?.exitCode === null) nginx.kill('SIGKILL');
};
process.once('exit', killNginx);

beforeAll(async () => {
  const binary = nginxBinary();
  if (!binary) {
    throw new Error(
      'nginx is not installed: this test runs Debian\'s nginx in front of two API processes. Install it with ' +
        '`apt-get install -y nginx` (npm test installs it when run as root with apt).',
    );
  }
  const created = await createPostgresDatabase(TEST_DATABASE_URL, 't_cluster');
  databaseUrl = created.url;
  dropDatabase = created.drop;
  tmdb = await startFakeTmdb();
  // The first process migrates the new database; the second starts on it once that is done.
  await start('process A');
  await start('process B');
  database = await openDatabase({ url: databaseUrl });

  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(port));
  const proc = spawn(binary, ['-c', conf, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (d) => {
    nginxOut += d;
  });
  proc.stderr?.on('data', (d) => {
    nginxOut += d;
  });
  nginx = proc;
  nginxBase = `http://127.0.0.1:${port}`;
  await waitUntilOk(`${nginxBase}/healthz`, proc, 20_000, () => `\n--- nginx ---\n${nginxOut}${readFileSync(join(dir, 'nginx-error.log'), 'utf8')}`);
}, 180_000);

afterAll(async () => {
  for (const s of streams) s.close();
  if (nginx) await stopProcess(nginx);
  await Promise.all(servers.map((s) => stopProcess(s.child, s.exited)));
  process.off('exit', killNginx);
  await database?.close();
  await tmdb?.close();
  await dropDatabase?.();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
const follow = (base: string, who: { user: { id: string }; headers: Record<string, string> }, toId: string) =>
  fetch(`${base}/api/user/follow`, { method: 'POST', headers: json(who.headers), body: JSON.stringify({ fromId: who.user.id, toId }) });

describe('two API processes on PostgreSQL and Redis behind nginx', () => {
  it('a write through one process is read through the other, and through nginx', async () => {
    const [a, b] = servers;
    const [star, fan, other] = await insertFans({ database: database as Database }, 3, 'Cluster');
    const followed = await follow(a.base, fan, star.user.id);
    expect(followed.status, a.output()).toBe(200);
    const read = await fetch(`${b.base}/api/user/${star.user.id}/followers`, { headers: star.headers });
    expect(read.status, b.output()).toBe(200);
    expect((await read.json()).data.results).toMatchObject([{ id: fan.user.id }]);

    // Through nginx, whichever process answers.
    expect((await follow(nginxBase, other, star.user.id)).status).toBe(200);
    for (const base of [nginxBase, a.base, b.base]) {
      const res = await fetch(`${base}/api/user/${star.user.id}/followers`, { headers: star.headers });
      expect((await res.json()).data.results.map((p: { id: string }) => p.id).sort()).toEqual([fan.user.id, other.user.id].sort());
    }
  });

  it('a notification made through one process reaches event streams held by the other and through nginx', async () => {
    const [a, b] = servers;
    const [star, fan] = await insertFans({ database: database as Database }, 2, 'Streamed');
    const onB = await openStream(b.base, star.headers);
    const viaNginx = await openStream(nginxBase, star.headers);
    streams.push(onB, viaNginx);
    expect(viaNginx.status).toBe(200);
    expect(viaNginx.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await expect.poll(() => onB.text()).toContain(': connected');
    await expect.poll(() => viaNginx.text()).toContain(': connected');

    const onBGot = onB.next('notification', 5000);
    const viaNginxGot = viaNginx.next('notification', 5000);
    onBGot.catch(() => undefined);
    viaNginxGot.catch(() => undefined);
    expect((await follow(a.base, fan, star.user.id)).status).toBe(200);
    const expected = { notification: { kind: 'follow', actor: { id: fan.user.id }, text: 'Streamed 2 followed you' } };
    expect((await onBGot).data).toMatchObject(expected);
    expect((await viaNginxGot).data).toMatchObject(expected);
  });

  it('a rate limit counts the requests sent to both processes and through nginx together', async () => {
    const [a, b] = servers;
    const [star, fan] = await insertFans({ database: database as Database }, 2, 'Limited');
    const bases = [a.base, b.base, nginxBase];
    for (let i = 0; i < LIMITS.follow.max; i++) {
      const res = await follow(bases[i % 3], fan, star.user.id);
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    for (const base of bases) {
      const refused = await follow(base, fan, star.user.id);
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.code).toBe('rate_limited');
    }
  });

  it('a scheduled job (the TMDB feeds refresh) runs once for both processes', async () => {
    const [a, b] = servers;
    const said = (server: ServerProcess, msg: string) => logLines(server).some((l) => l.job === 'tmdb-feeds' && l.msg === msg);
    // Each process has looked once at start: one ran the refresh, the other found the period taken.
    await expect.poll(() => said(a, 'scheduled job: ran') || said(b, 'scheduled job: ran'), { timeout: 20_000 }).toBe(true);
    await expect
      .poll(() => said(a, 'scheduled job: another process has this period') || said(b, 'scheduled job: another process has this period'), { timeout: 20_000 })
      .toBe(true);
    const ran = [a, b].filter((s) => said(s, 'scheduled job: ran'));
    expect(ran).toHaveLength(1);
    expect(tmdb?.hits.filter((h) => h.startsWith('/trending/all/week'))).toHaveLength(1);
    const lease = await (database as Database).db.selectFrom('jobLeases').selectAll().where('name', '=', 'tmdb-feeds').executeTakeFirstOrThrow();
    expect(lease.holder).toContain(`:${ran[0].child.pid}:`);
  });
});
