#!/usr/bin/env node
// Runs every suite: lint, type check, unit, HTTP (SQLite and PostgreSQL), browser, and HTTP again on the Node.js LTS.
// Installs what the tests need first (Chromium, nginx and redis-server from Debian when run as root with apt),
// and ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { ensureLtsNode } from './node-lts.mjs';

const CI = process.env.CI === 'true' || process.env.CI === '1';
const results = { passed: 0, failed: 0 };
const failures = [];
mkdirSync('.test-results', { recursive: true });

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function step(label, ok) {
  if (ok) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0), skipped: j.numPendingTests + j.numTodoTests };
}

function canConnect(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 });
    s.on('connect', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

async function ensurePostgres() {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const host = url.hostname;
  const port = Number(url.port || 5432);
  if (await canConnect(host, port)) return true;
  if (spawnSync('sh', ['-c', 'command -v pg_ctlcluster && ls /etc/postgresql'], { stdio: 'ignore' }).status === 0) {
    console.log('PostgreSQL is installed but not running: starting it.');
    spawnSync('sh', ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | head -1) main start'], { stdio: 'inherit' });
    for (let i = 0; i < 20; i++) {
      if (await canConnect(host, port)) return true;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return false;
}

function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p) => p && existsSync(p));
}

function ensureChromium() {
  let path = chromiumPath();
  if (path) return path;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium is missing: installing Debian\'s chromium package.');
    spawnSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], { stdio: 'inherit' });
    path = chromiumPath();
    if (path) return path;
  }
  console.error(
    'Chromium is needed for the browser tests and was not found.\n' +
      '  Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.',
  );
  return null;
}

/**
 * A program some tests run as a child process (nginx in front of two servers in cluster.postgres.test.ts, a Redis of
 * their own in redis-outage.test.ts): installed from Debian when missing and run as root with apt, as Chromium is.
 * Missing, those tests fail saying how to install it.
 */
function ensureProgram(binary, aptPackage) {
  const found = () => spawnSync('sh', ['-c', `command -v ${binary} || test -x /usr/sbin/${binary}`], { stdio: 'ignore' }).status === 0;
  if (found()) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`${binary} is missing: installing Debian's ${aptPackage} package.`);
    spawnSync('sh', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${aptPackage}`], { stdio: 'inherit' });
    if (found()) return true;
  }
  console.error(`${binary} is needed by the tests and was not found. Install it (Debian/Ubuntu: sudo apt-get install -y ${aptPackage}).`);
  return false;
}

// 0. Node packages, when the tests are run on a fresh checkout without `npm install`.
if (!existsSync('node_modules/.bin/vitest') || !existsSync('node_modules/better-sqlite3/build/Release')) {
  if (!run('install packages', 'npm', ['install', '--no-audit', '--no-fund'])) {
    console.error('npm install failed; the tests cannot run.');
    process.exit(1);
  }
}

// 1. Lint and types.
step('lint', run('lint', 'npx', ['biome', 'check', '.']));
step('typecheck', run('type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']));
// The server's modules: no loops, a kernel that imports no module (scripts/check-modules.mjs).
step('module check', run('module check', 'node', ['scripts/check-modules.mjs']));

// 2. Unit and HTTP suites, on SQLite and PostgreSQL (the programs some of them start first).
step('nginx available', ensureProgram('nginx', 'nginx'));
step('redis-server available', ensureProgram('redis-server', 'redis-server'));
const projects = ['unit', 'server-sqlite'];
if (await ensurePostgres()) projects.push('server-postgres');
else if (CI) {
  console.error('PostgreSQL is required in CI and could not be reached at TEST_DATABASE_URL.');
  step('postgres available', false);
} else {
  console.warn('\nWARNING: PostgreSQL is not reachable; the PostgreSQL suite is NOT run. Set TEST_DATABASE_URL or start PostgreSQL.\n');
}
rmSync('.test-results/server.json', { force: true });
run('unit and HTTP tests', 'npx', [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.test-results/server.json',
]);
const server = vitestCounts('.test-results/server.json');
if (!server) step('unit and HTTP tests (no report)', false);
else {
  results.passed += server.passed;
  results.failed += server.failed;
  if (server.failed) failures.push(`${server.failed} unit/HTTP test(s)`);
  if (CI && server.skipped) {
    results.failed += server.skipped;
    failures.push(`${server.skipped} skipped unit/HTTP test(s) (nothing may be skipped in CI)`);
  }
}

// 3. Browser journeys against the built app.
const chrome = ensureChromium();
if (!chrome) step('chromium available', false);
else if (!run('build web app', 'npm', ['run', 'build', '--silent'])) step('web build', false);
else {
  rmSync('.test-results/e2e.json', { force: true });
  run(
    'browser journeys',
    'npx',
    ['vitest', 'run', '--config', 'e2e/vitest.config.ts', '--reporter=default', '--reporter=json', '--outputFile.json=.test-results/e2e.json'],
    { CHROME_PATH: chrome },
  );
  const e2e = vitestCounts('.test-results/e2e.json');
  if (!e2e) step('browser journeys (no report)', false);
  else {
    results.passed += e2e.passed;
    results.failed += e2e.failed;
    if (e2e.failed) failures.push(`${e2e.failed} browser journey(s)`);
    if (CI && e2e.skipped) {
      results.failed += e2e.skipped;
      failures.push(`${e2e.skipped} skipped browser journey(s)`);
    }
    if (e2e.passed === 0) step('browser journeys ran', false);
  }
}

// 4. The HTTP suite again on the current Node.js LTS (package.json config.nodeLts), when the machine's Node.js is older:
// the runtime the product names, while the machine's own keeps working (scripts/node-lts.mjs fetches and caches it).
let lts = null;
try {
  lts = ensureLtsNode();
} catch (err) {
  console.error(`The Node.js LTS could not be prepared: ${err.message}`);
  step('Node.js LTS available', false);
}
if (lts && lts.bin !== process.execPath) {
  const version = spawnSync(lts.bin, ['-p', 'process.version'], { encoding: 'utf8', env: { ...process.env, ...lts.env } }).stdout.trim();
  console.log(`\nHTTP suite on Node.js ${version} (${lts.bin})`);
  const ltsProjects = projects.filter((p) => p !== 'unit');
  rmSync('.test-results/server-lts.json', { force: true });
  run(
    `HTTP tests on Node.js ${version}`,
    lts.bin,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...ltsProjects.flatMap((p) => ['--project', p]),
      '--reporter=dot',
      '--reporter=json',
      '--outputFile.json=.test-results/server-lts.json',
    ],
    lts.env,
  );
  const counts = vitestCounts('.test-results/server-lts.json');
  if (!counts) step(`HTTP tests on Node.js ${version} (no report)`, false);
  else {
    results.passed += counts.passed;
    results.failed += counts.failed;
    if (counts.failed) failures.push(`${counts.failed} HTTP test(s) on Node.js ${version}`);
    if (CI && counts.skipped) {
      results.failed += counts.skipped;
      failures.push(`${counts.skipped} skipped HTTP test(s) on Node.js ${version}`);
    }
  }
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed ? 1 : 0);
