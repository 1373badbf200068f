import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run build:web` with NODE_ENV=development in the shell: Vite follows NODE_ENV, and would ship React's development
 * bundle (its component stack frames, its warnings) half again as large. The build script forces production.
 */
describe('the web build', () => {
  const out = mkdtempSync(join(tmpdir(), 'reelhouse-web-build-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('ships React\'s production bundle whatever NODE_ENV the shell has', { timeout: 180_000 }, () => {
    const run = spawnSync(process.execPath, ['scripts/build-web.mjs', '--out-dir', out], {
      env: { ...process.env, NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    const assets = join(out, 'assets');
    const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    const code = scripts.map((f) => readFileSync(join(assets, f), 'utf8'));
    // Development-only React: component stack frames and its act(...) warnings.
    for (const [i, text] of code.entries()) {
      expect(text.includes('react_stack_bottom_frame'), scripts[i]).toBe(false);
      expect(text.includes('act(...)'), scripts[i]).toBe(false);
    }
    // Production React points its minified errors at react.dev.
    expect(code.some((text) => text.includes('https://react.dev/errors/'))).toBe(true);
    // And the compressed copies the server sends are written beside them.
    expect(existsSync(join(assets, `${scripts[0]}.gz`)) || existsSync(join(assets, `${scripts[0]}.br`))).toBe(true);
  });
});
