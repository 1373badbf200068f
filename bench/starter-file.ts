// The starter catalogue (../shared/data/catalogue, or BENCH_STARTER) imported into SQLite once by a first start of
// the built server, and kept under the system's temporary folder between runs: the restart row of the discovery
// budgets and the social benchmark's database both start from it.
import { createHash } from 'node:crypto';
import { constants, copyFileSync, existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startApp, stop } from './servers.ts';

export const STARTER = resolve(process.env.BENCH_STARTER ?? '../shared/data/catalogue');

/**
 * Where the starter catalogue, once imported, is kept between runs: named by its files' paths, sizes and times, so
 * a changed catalogue is imported again (delete the file to import it again anyway).
 */
export function starterFile(): string {
  const hash = createHash('sha1');
  for (const name of (readdirSync(STARTER, { recursive: true }) as string[]).sort()) {
    const st = statSync(join(STARTER, name));
    hash.update(`${name} ${st.size} ${st.mtimeMs}\n`);
  }
  return join(tmpdir(), `reelhouse-starter-${hash.digest('hex').slice(0, 12)}.db`);
}

/** Copies the imported starter catalogue to `target`, importing it first (by a first start, not timed) when it is not kept yet. */
export async function copyStarter(target: string, smtpUrl: string, pinned: boolean): Promise<void> {
  const kept = starterFile();
  if (existsSync(kept)) {
    copyFileSync(kept, target, constants.COPYFILE_FICLONE);
    return;
  }
  console.log(`importing the starter catalogue (${STARTER}) by a first start, kept as ${kept}`);
  const first = await startApp({ database: target, smtpUrl, pinned, catalogueDir: STARTER, timeoutMs: 900_000 });
  await stop(first);
  console.log(`  first start with the import: ${(first.readyMs / 1000).toFixed(1)} s`);
  copyFileSync(target, `${kept}.partial-${process.pid}`);
  renameSync(`${kept}.partial-${process.pid}`, kept);
}
