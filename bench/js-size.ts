// JavaScript the browser loads for a page of the built web app, measured in headless Chromium (playwright-core):
// every .js response until the network is idle, each counted at its gzipped size (and at the size of the Brotli
// copy the server sends, when the build made one). CHROME_PATH sets the browser (default /usr/bin/chromium).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface JsSize {
  /** Sum of the gzipped sizes, in bytes. */
  gzip: number;
  /** Sum of what is sent (Brotli copies where there are some), in bytes. */
  sent: number;
  files: number;
}

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Whether the page sizes can be measured here (a browser and a built web app). */
export function canMeasureJs(): boolean {
  return existsSync(CHROME) && existsSync('dist/web/index.html');
}

/** The JS loaded by `path` on `base`, with `cookie` (a Cookie header value) when given. */
export async function jsLoadedBy(base: string, path: string, cookie?: string): Promise<JsSize> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
        }),
      );
    }
    const page = await context.newPage();
    const seen = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.endsWith('.js')) seen.add(url.pathname);
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    let gzip = 0;
    let sent = 0;
    for (const p of seen) {
      const size = gzipSync(readFileSync(join('dist/web', p))).length;
      if (process.env.BENCH_JS_FILES) console.log(`    ${path} ${p} ${size}`);
      gzip += size;
      const br = join('dist/web', `${p}.br`);
      sent += existsSync(br) ? statSync(br).size : size;
    }
    return { gzip, sent, files: seen.size };
  } finally {
    await browser.close();
  }
}

// `node --import tsx bench/js-size.ts [path ...]`: the JS loaded by / and /home (or the paths given), signed in, on the
// built app with the starter catalogue, each file listed (BENCH_JS_FILES) and the sums.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { startPageStack } = await import('./page-stack.ts');
  process.env.BENCH_JS_FILES ??= '1';
  const stack = await startPageStack();
  try {
    const paths = process.argv.slice(2);
    for (const path of paths.length ? paths : ['/', '/home']) {
      const js = await jsLoadedBy(stack.base, path, path === '/' ? undefined : stack.cookie);
      console.log(`${path}: ${(js.gzip / 1024).toFixed(1)} KiB gzip (${js.gzip} B, ${js.files} files; ${(js.sent / 1024).toFixed(1)} KiB sent)`);
    }
  } finally {
    await stack.close();
  }
}
