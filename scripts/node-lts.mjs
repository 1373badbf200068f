#!/usr/bin/env node
// Reelhouse's runtime is the current Node.js LTS (package.json "config.nodeLts"). On a machine whose `node` is older,
// this fetches that release from the npm registry (the `node-<platform>-<arch>` package the `node` package installs)
// and builds better-sqlite3's addon for it, both cached under node_modules/.cache/, so the same checkout runs on both.
//
//   node scripts/node-lts.mjs -- <command ...>   runs the command with the LTS first on PATH and SQLITE_ADDON set
//   node scripts/node-lts.mjs                    prints the LTS binary's path
//
// scripts/test.mjs runs the HTTP suite through it too.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The pinned LTS release, from package.json. */
export function ltsVersion() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const version = pkg.config?.nodeLts;
  if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) throw new Error('package.json config.nodeLts must be a Node.js version, like 24.22.3');
  return version;
}

const major = (v) => Number(v.replace(/^v/, '').split('.')[0]);

/** Runs a command quietly; on failure prints what it wrote and throws. */
function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
  }
}

/** npm's own node-gyp (npm ships it), which builds addons against the headers of any Node.js release given `--nodedir`. */
function nodeGyp() {
  const candidates = [];
  if (process.env.npm_execpath) candidates.push(join(dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  const npm = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  if (npm) candidates.push(join(dirname(realpathSync(npm)), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error('node-gyp (bundled with npm) was not found');
  return found;
}

/**
 * The LTS binary and the environment that makes this checkout run on it: `{ bin, env }`. When the running Node.js is
 * already that major (or newer), nothing is fetched and `env` is empty.
 */
export function ensureLtsNode({ log = console.log } = {}) {
  const version = ltsVersion();
  if (major(process.version) >= major(version)) return { bin: process.execPath, version: process.version.slice(1), env: {} };
  const platform = `${process.platform}-${process.arch}`;
  const cache = join(root, 'node_modules', '.cache', `node-${version}-${platform}`);
  const bin = join(cache, 'node', 'bin', 'node');
  const addon = join(cache, 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(bin)) {
    log(`Fetching Node.js ${version} (node-${platform}) from the npm registry into ${cache}`);
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(cache, { recursive: true });
    sh('npm', ['pack', `node-${platform}@${version}`, '--pack-destination', cache, '--silent']);
    sh('tar', ['xzf', join(cache, `node-${platform}-${version}.tgz`), '-C', cache]);
    renameSync(join(cache, 'package'), join(cache, 'node'));
    rmSync(join(cache, `node-${platform}-${version}.tgz`));
  }
  const sqliteSource = join(root, 'node_modules', 'better-sqlite3');
  const sqliteVersion = JSON.parse(readFileSync(join(sqliteSource, 'package.json'), 'utf8')).version;
  const built = join(cache, 'better-sqlite3', 'package.json');
  // Up to date when built from this better-sqlite3 and it loads in the LTS binary (a build against other headers does not).
  const loads = () => spawnSync(bin, ['-e', 'process.dlopen({ exports: {} }, process.argv[1])', addon]).status === 0;
  const upToDate = existsSync(addon) && JSON.parse(readFileSync(built, 'utf8')).version === sqliteVersion && loads();
  if (!upToDate) {
    log(`Building better-sqlite3 ${sqliteVersion} for Node.js ${version}`);
    const dir = join(cache, 'better-sqlite3');
    rmSync(dir, { recursive: true, force: true });
    for (const part of ['binding.gyp', 'package.json', 'src', 'deps']) cpSync(join(sqliteSource, part), join(dir, part), { recursive: true });
    // node-gyp lets npm_config_* variables override its command line, and `npm test` passes npm's configuration down
    // (a machine whose npmrc sets nodedir would otherwise build against its own Node.js headers): drop them all.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_config_/i.test(k)));
    sh(bin, [nodeGyp(), 'rebuild', '--release', `--nodedir=${join(cache, 'node')}`, '--jobs=max', '--loglevel=error'], { cwd: dir, env });
    if (!loads()) throw new Error(`better-sqlite3 was built for Node.js ${version} but does not load in it`);
  }
  return {
    bin,
    version,
    env: { PATH: `${dirname(bin)}:${process.env.PATH ?? ''}`, SQLITE_ADDON: addon },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dash = process.argv.indexOf('--');
  const lts = ensureLtsNode({ log: (m) => console.error(m) });
  if (dash < 0) {
    console.log(lts.bin);
  } else {
    const [cmd, ...args] = process.argv.slice(dash + 1);
    if (!cmd) {
      console.error('usage: node scripts/node-lts.mjs -- <command ...>');
      process.exit(2);
    }
    const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...lts.env } });
    process.exit(r.status ?? 1);
  }
}
