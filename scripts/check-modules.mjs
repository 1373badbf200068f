#!/usr/bin/env node
// The server's shape, checked (docs: "Server: modules side by side over a small kernel"):
//  1. the kernel (db/, lib/, plugins/, search/, events/) imports no module;
//  2. modules never import each other in a loop, directly or around several (folder by folder);
//  3. a module that has an index.ts is imported by other modules only through it.
// The import graph comes from dependency-cruiser (TypeScript imports, type-only ones included); test code
// (*.test.ts, *test-fixtures.ts, *.fixtures.ts, test-*.ts) is left out. Usage: node scripts/check-modules.mjs [root]
// (root: server/src; a fixture folder in the tests). Exits 1 and names each offending import when a rule is broken.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const KERNEL = ['db', 'lib', 'plugins', 'search', 'events'];
const TEST_CODE = /(\.test\.ts|test-fixtures\.ts|\.fixtures\.ts|\/test-[^/]*\.ts)$/;

/** Every import between the root's own files: [from, to], paths relative to the root. */
export function importsOf(root) {
  const cwd = process.cwd();
  const out = execFileSync(
    process.execPath,
    [
      resolve(cwd, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      `${relative(cwd, root) || '.'}/**/*.ts`,
      '--no-config',
      '--ts-pre-compilation-deps',
      '--ts-config',
      'tsconfig.json',
      '--output-type',
      'json',
    ],
    { maxBuffer: 1 << 28, cwd },
  ).toString();
  const base = relative(cwd, resolve(root));
  const inside = (p) => p.startsWith(`${base}/`);
  const edges = [];
  for (const m of JSON.parse(out).modules) {
    if (!inside(m.source) || TEST_CODE.test(m.source)) continue;
    for (const d of m.dependencies) {
      if (inside(d.resolved)) edges.push([m.source.slice(base.length + 1), d.resolved.slice(base.length + 1)]);
    }
  }
  return edges;
}

const moduleOf = (p) => /^modules\/([^/]+)\//.exec(p)?.[1] ?? null;
const kernelOf = (p) => KERNEL.find((k) => p.startsWith(`${k}/`)) ?? null;

/** The rules over an import list; answers one line per problem. */
export function problemsOf(edges, hasIndex) {
  const problems = [];
  const graph = new Map();
  const example = new Map();
  for (const [from, to] of edges) {
    const a = moduleOf(from);
    const b = moduleOf(to);
    if (kernelOf(from) && b) problems.push(`the kernel imports a module: ${from} -> ${to}`);
    if (!a || !b || a === b) continue;
    if (hasIndex(b) && to !== `modules/${b}/index.ts`) problems.push(`${from} -> ${to}: import the ${b} module through modules/${b}/index.ts`);
    if (!graph.has(a)) graph.set(a, new Set());
    graph.get(a).add(b);
    if (!example.has(`${a}>${b}`)) example.set(`${a}>${b}`, `${from} -> ${to}`);
  }
  // A loop: a path back to where it started. Each loop is named once, from its smallest module.
  const seen = new Set();
  const walk = (start, at, path) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        const loop = [...path, start];
        const key = [...loop.slice(0, -1)].sort().join(',');
        if (!seen.has(key)) {
          seen.add(key);
          const via = loop.slice(0, -1).map((m, i) => example.get(`${m}>${loop[i + 1]}`));
          problems.push(`modules import each other in a loop: ${loop.join(' -> ')} (${via.join('; ')})`);
        }
      } else if (next > start && !path.includes(next)) walk(start, next, [...path, next]);
    }
  };
  for (const m of [...graph.keys()].sort()) walk(m, m, [m]);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(process.argv[2] ?? 'server/src');
  const problems = problemsOf(importsOf(root), (m) => existsSync(join(root, 'modules', m, 'index.ts')));
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    console.error(`\n${problems.length} problem(s) in the modules' imports (scripts/check-modules.mjs).`);
    process.exit(1);
  }
  console.log('modules: no loops, the kernel imports no module, modules meet through their index.ts.');
}
