import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Inside the repository, so the build's imports of packages find node_modules.
const out = mkdtempSync(join(process.cwd(), '.build-test-'));
const startFlags = () => {
  const start: string = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  return (/node\s+((?:--\S+\s+)*)dist\/server\/main\.js/.exec(start)?.[1] ?? '').split(/\s+/).filter(Boolean);
};

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs', join(out, 'server')], { stdio: 'pipe' });
}, 120_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the server build', { timeout: 60_000 }, () => {
  it('emits one file per source file, the workers included, and keeps the entry points', () => {
    for (const file of ['main.js', 'db/migrate-cli.js', 'server/src/app.js', 'server/src/db/sqlite-worker.js', 'common/contracts/purchases.js']) {
      expect(existsSync(join(out, 'server', file)), file).toBe(true);
    }
  });

  it('with the flags of npm start, names the source file and line in a stack trace', () => {
    const config = join(out, 'server/server/src/config.js');
    const script = `import(${JSON.stringify(`file://${config}`)}).then((m) => { try { m.loadConfig({ PORT: 'eighty' }); } catch (err) { console.log(err.stack); } });`;
    const stack = execFileSync(process.execPath, [...startFlags(), '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(stack).toContain('Invalid configuration');
    // The frame of loadConfig, where the error is thrown: server/src/config.ts and a line of it.
    const frame = /at (?:Module\.)?loadConfig \((.+):(\d+):\d+\)/.exec(stack);
    expect(frame?.[1]).toMatch(/server\/src\/config\.ts$/);
    const line = Number(frame?.[2]);
    expect(readFileSync('server/src/config.ts', 'utf8').split('\n')[line - 1]).toContain('throw new ConfigError');
  });
});
