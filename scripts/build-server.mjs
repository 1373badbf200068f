// Bundles the server into dist/server (one file per entry) so it starts without
// resolving and reading hundreds of modules. Native and asset-reading packages stay external.
// `node scripts/build-server.mjs <dir>` writes the bundle to <dir> instead.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts', 'server/src/db/migrate-cli.ts'],
  outdir: process.argv[2] ?? 'dist/server',
  outbase: 'server/src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // better-sqlite3 and sharp load compiled addons; the API reference serves its own files from disk.
  external: ['better-sqlite3', '@scalar/fastify-api-reference', 'pg-native', 'sharp'],
  // Bundled CommonJS packages call require(); give them one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
