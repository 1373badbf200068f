import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|mjs|js)$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('the server runs only code from its files', () => {
  it('evaluates no source strings: no eval, no new Function, no worker started from a string', () => {
    const found = sources(root).filter((file) => /\beval\s*\(|new Function\s*\(|eval:\s*true/.test(readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
