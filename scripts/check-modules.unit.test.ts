import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// The module check run on a fixture folder that breaks each rule (npm test runs it on the server itself).
const check = (root: string) => spawnSync(process.execPath, ['scripts/check-modules.mjs', root], { encoding: 'utf8' });

describe('scripts/check-modules.mjs', () => {
  it('fails on a loop between modules, an import past a module\'s index.ts and a kernel file importing a module', () => {
    const r = check('scripts/fixtures/module-loop');
    expect(r.status).toBe(1);
    const lines = r.stderr.split('\n').filter((l) => l && !l.includes('problem(s)'));
    expect(lines.sort()).toEqual([
      'modules import each other in a loop: alpha -> beta -> alpha (modules/alpha/alpha.service.ts -> modules/beta/beta.service.ts; modules/beta/beta.service.ts -> modules/alpha/alpha.service.ts)',
      'modules/alpha/alpha.service.ts -> modules/gamma/gamma.inner.ts: import the gamma module through modules/gamma/index.ts',
      'the kernel imports a module: lib/helper.ts -> modules/alpha/alpha.service.ts',
    ]);
  }, 120_000);
});
