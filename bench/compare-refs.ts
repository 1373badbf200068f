// The two builds a comparison runs: each git ref checked out in a temporary worktree of its own (git worktree add
// --detach), the repository's node_modules shared with it (a symbolic link when the ref's package-lock.json is this
// checkout's, else a hard-link copy brought up to date by npm install), and its server built (npm run build:server;
// the server runs without the web build, so build:web is not run). Its server is started the way `npm start` of
// that ref starts it: the Node flags of its own package.json "start", from its own folder.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, waitUntilOk } from '../server/test/process.ts';
import { type Running, serverEnv } from './servers.ts';

export interface Build {
  /** The ref as given, and the commit it names. */
  ref: string;
  commit: string;
  /** The worktree, with dist/server built. */
  dir: string;
  /** The Node flags of the ref's `npm start`. */
  flags: string[];
  /** The Node.js its server runs on (`--base-node` / `--head-node`): a binary and the environment it needs; else this one. */
  node?: NodeRuntime;
}

export interface NodeRuntime {
  bin: string;
  version: string;
  env: Record<string, string>;
}

function git(args: string[], cwd = process.cwd()): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr.trim()}`);
  return r.stdout.trim();
}

/** The commit a ref names (a branch, a tag, a commit, HEAD). */
export function commitOf(ref: string): string {
  return git(['rev-parse', '--verify', `${ref}^{commit}`]);
}

/** The Node flags of `npm start` in a checkout (package.json "start": `node <flags> dist/server/main.js`). */
export function startFlagsOf(dir: string): string[] {
  const start: string = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts.start;
  const flags = /node\s+((?:--\S+\s+)*)dist\/server\/main\.js/.exec(start)?.[1] ?? '';
  return [...flags.split(/\s+/), ...(process.env.BENCH_NODE_ARGS ?? '').split(/\s+/)].filter(Boolean);
}

function run(cmd: string, args: string[], cwd: string): void {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} in ${cwd} failed (exit ${r.status})`);
}

/**
 * Checks `commit` out in `dir` (a new detached worktree), gives it node_modules and builds its server. Returns the
 * build; `removeBuild` takes the worktree away again.
 */
export function buildRef(ref: string, commit: string, dir: string): Build {
  const top = git(['rev-parse', '--show-toplevel']);
  console.log(`${ref} (${commit.slice(0, 10)}): git worktree add --detach ${dir}`);
  git(['worktree', 'add', '--detach', dir, commit]);
  const modules = join(top, 'node_modules');
  const sameLock = readFileSync(join(top, 'package-lock.json'), 'utf8') === readFileSync(join(dir, 'package-lock.json'), 'utf8');
  if (sameLock) symlinkSync(modules, join(dir, 'node_modules'), 'dir');
  else {
    console.log(`  its package-lock.json differs from this checkout's: node_modules copied as hard links (cp -al), then npm install`);
    run('cp', ['-al', modules, join(dir, 'node_modules')], top);
    run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], dir);
  }
  const t0 = performance.now();
  run('npm', ['run', '--silent', 'build:server'], dir);
  if (!existsSync(join(dir, 'dist/server/main.js')) || !existsSync(join(dir, 'dist/server/db/migrate-cli.js'))) {
    throw new Error(`npm run build:server of ${ref} left no dist/server/main.js or migrate-cli.js`);
  }
  console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { ref, commit, dir, flags: startFlagsOf(dir) };
}

/** Removes a worktree made by buildRef (its dist and the link or copy of node_modules with it). */
export function removeBuild(dir: string): void {
  const r = spawnSync('git', ['worktree', 'remove', '--force', dir], { encoding: 'utf8' });
  if (r.status !== 0) console.warn(`warning: git worktree remove ${dir} failed: ${r.stderr.trim()}`);
}

/** Applies a build's migrations to a database (its dist/server/db/migrate-cli.js), so the timed start migrates nothing. */
export function migrateWith(build: Build, databaseUrl: string): void {
  const r = spawnSync(process.execPath, ['dist/server/db/migrate-cli.js'], {
    cwd: build.dir,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`migrating ${databaseUrl} with ${build.ref} failed`);
}

/**
 * The servers' nice value (BENCH_SERVER_NICE; by default -10 when the benchmark runs as root, else 0). The load is
 * at a fixed rate, so this takes no more CPU from the rest of the machine, only takes it sooner: on a machine busy
 * with other work the servers are preempted less in the middle of a request, and queue less.
 */
const SERVER_NICE = Number(process.env.BENCH_SERVER_NICE ?? (process.getuid?.() === 0 ? -10 : 0));

/**
 * Starts a build's server (`node <its start flags> dist/server/main.js`, from its folder) on `databaseUrl`, pinned
 * to `core` when given, with the environment of the other budget benchmarks; resolves once /readyz answers 200.
 */
export async function startBuild(build: Build, o: { databaseUrl: string; smtpUrl: string; core?: number }): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...serverEnv(port, o.databaseUrl, o.smtpUrl), ...build.node?.env };
  // nice and taskset each exec the next, so the child's pid is the server's.
  let argv = [build.node?.bin ?? process.execPath, ...build.flags, 'dist/server/main.js'];
  if (o.core !== undefined) argv = ['taskset', '-c', String(o.core), ...argv];
  if (SERVER_NICE !== 0) argv = ['nice', '-n', String(SERVER_NICE), ...argv];
  const t0 = performance.now();
  const child: ChildProcess = spawn(argv[0], argv.slice(1), { cwd: build.dir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitUntilOk(`${base}/readyz`, child, 600_000);
  return { child, pid: child.pid as number, base, readyMs: performance.now() - t0 };
}
