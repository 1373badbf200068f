// `npm run build:web`: the web app, built for production whatever NODE_ENV the shell has. Vite follows NODE_ENV
// (NODE_ENV=development in the shell would ship React's development bundle, half again as large and slower), so this
// sets it for the build, then writes the Brotli and gzip copies (scripts/compress-web.mjs).
// `--out-dir <dir>` builds elsewhere than dist/web (the build test does).
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
process.env.NODE_ENV = 'production';
await build({
  configFile: 'web/vite.config.ts',
  mode: 'production',
  ...(values['out-dir'] ? { build: { outDir: values['out-dir'], emptyOutDir: true } } : {}),
});
const compressed = spawnSync(process.execPath, ['scripts/compress-web.mjs', ...(values['out-dir'] ? [values['out-dir']] : [])], { stdio: 'inherit' });
process.exit(compressed.status ?? 1);
