// Compiles the server into dist/server, one JavaScript file per source file (server/src and common), each with a
// small source map of its own: a stack trace names the emitted file beside its source (dist/server/server/src/x.js for
// server/src/x.ts) and, with source maps on, the source file and line itself. Packages are loaded from node_modules
// as they are (not bundled), so the source maps hold only our own code: `--enable-source-maps` over one bundle of
// everything held a map of every package in memory.
// dist/server/main.js and dist/server/db/migrate-cli.js stay the entry points.
// `node scripts/build-server.mjs <dir>` writes the build to <dir> instead.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';

/** Every source file under `dir` but tests. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [...sources('server/src'), ...sources('common')],
  outdir,
  outbase: '.',
  // Each file is its own output: imports of other source files stay imports (of the .js beside them), packages stay
  // imports of node_modules.
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'one-file-per-source',
      setup(b) {
        b.onResolve({ filter: /^\.\.?\// }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          return { path: args.path.replace(/\.tsx?$/, '.js'), external: true };
        });
      },
    },
  ],
});

// The entry points where they have always been.
const entry = (at, target) => {
  mkdirSync(join(outdir, at, '..'), { recursive: true });
  writeFileSync(join(outdir, at), `import './${relative(join(outdir, at, '..'), join(outdir, target)).replaceAll('\\', '/')}';\n`);
};
entry('main.js', 'server/src/main.js');
entry('db/migrate-cli.js', 'server/src/db/migrate-cli.js');
