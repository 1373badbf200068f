// After `vite build`: writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of
// dist/web, once, at the highest levels. The server sends the copy the browser accepts
// (@fastify/static preCompressed), so nothing is compressed per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist/web';
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml|map)$/;

let files = 0;
let before = 0;
let afterBr = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) walk(path);
    else if (TEXT.test(name) && stat.size >= 512) {
      const data = readFileSync(path);
      const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      files++;
      before += data.length;
      afterBr += br.length;
    }
  }
}
walk(root);
console.log(`compressed ${files} files in ${root}: ${(before / 1024).toFixed(0)} KiB -> ${(afterBr / 1024).toFixed(0)} KiB with Brotli`);
