import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'reelhouse-admin-'));
const file = join(dir, 'admin.db');
const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env: { ...process.env, DATABASE_URL: `sqlite:${file}` } }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run admin', () => {
  it('grants and revokes the moderator role by e-mail, and says so when there is no such account', async () => {
    const missing = await admin('grant-moderator', 'nobody@example.com');
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('No account with the e-mail address nobody@example.com');
    const db = new SQLite(file);
    const now = new Date().toISOString();
    db.prepare('insert into users (id, email, display_name, created_at, updated_at) values (?, ?, ?, ?, ?)').run('u1', 'mod@example.com', 'Mod', now, now);
    const role = () => (db.prepare('select role from users where id = ?').get('u1') as { role: string }).role;
    expect(role()).toBe('member');
    expect((await admin('grant-moderator', 'Mod@Example.com')).code).toBe(0);
    expect(role()).toBe('moderator');
    expect((await admin('revoke-moderator', 'mod@example.com')).code).toBe(0);
    expect(role()).toBe('member');
    db.close();
    const usage = await admin('make-king', 'x');
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('usage: npm run admin -- grant-moderator <email>');
  }, 60_000);
});
