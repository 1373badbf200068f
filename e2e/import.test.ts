import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../server/src/db/database.ts';
import { insertImportTitles, LETTERBOXD_FILES, zipOf } from '../server/src/modules/imports/imports.test-fixtures.ts';
import { type Stack, screenshotterAtBothWidths, seriousViolations, signUpThroughUi, startStack } from './harness.ts';

/** Where the screens of the import journey are kept for review, besides e2e/screenshots. */
const SHOTS = process.env.IMPORT_SHOTS_DIR ?? '/work/shots/import';

let stack: Stack;
let database: Database;
let dir: string;
beforeAll(async () => {
  // Its own server on a database this journey seeds with the titles its export names (two films share one name and
  // year, so one row is ambiguous).
  dir = mkdtempSync(join(tmpdir(), 'reelhouse-e2e-import-'));
  const url = `sqlite:${join(dir, 'import.db')}`;
  // No starter catalogue: its films share names and years with the export's, which would make them ambiguous too.
  stack = await startStack({ DATABASE_URL: url, CATALOGUE_DIR: '' });
  database = await openDatabase({ url });
  await insertImportTitles(database.db);
}, 180000);
afterAll(async () => {
  await database?.close();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('importing history', () => {
  it('imports a Letterboxd export, shows progress across a reload, resolves the ambiguous row, and the ratings are on the profile', async () => {
    const shot = screenshotterAtBothWidths('import');
    const { page, context } = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, page, `importer.${Date.now()}@example.com`, 'Ines Importer');

    // Reached from the avatar menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Import history' }).click();
    await page.waitForURL('**/settings/import');
    await page.getByRole('heading', { level: 1, name: 'Import your history' }).waitFor();

    const file = join(dir, 'letterboxd-ines-2024-01-01-00-00-utc.zip');
    writeFileSync(file, zipOf(LETTERBOXD_FILES));
    await page.getByLabel('Export file').setInputFiles(file);
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.waitForURL(/\/settings\/import\?id=/);
    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();

    // A reload finds the import and its progress again.
    await page.reload();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor();
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    // 15 items: the diary's entry (diary.csv), films watched (watched.csv) and likes among them.
    expect(await progress.getAttribute('aria-valuenow')).toBe('15');
    expect(await progress.getAttribute('aria-valuemax')).toBe('15');
    const count = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').textContent();
    expect(await count('Imported')).toBe('11');
    expect(await count('Not matched')).toBe('2');
    expect(await count('Ambiguous')).toBe('1');
    await page.getByText('Nowhere Film (1999)').waitFor();
    await page.getByText('A review: Paper Moon (1973)').waitFor();
    await page.getByText('Rating · ratings.csv, line 4', { exact: true }).waitFor();
    await shot(page, 'report', true);
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: join(SHOTS, `report-${w}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);

    // The ambiguous row: the second Double Feature is the one meant.
    await page.getByRole('button', { name: 'Choose Double Feature (2010), tt9500013' }).click();
    await expect.poll(() => page.getByText('Rating · ratings.csv, line 4', { exact: true }).count()).toBe(0);
    expect(await count('Imported')).toBe('12');
    expect(await count('Ambiguous')).toBe('0');

    // The ratings are on the profile.
    await page.getByRole('link', { name: 'See your ratings on your profile' }).click();
    await page.waitForURL('**/profile/view');
    await page.getByRole('article', { name: 'Review of Heat' }).waitFor();
    await page.getByRole('article', { name: 'Rating of Double Feature' }).waitFor();
    await page.getByRole('article', { name: 'Rating of Amélie' }).waitFor();
    await shot(page, 'profile');
    await context.close();
  });

  it('refuses a malformed file with the file and line, and shows the progress bar at both widths', async () => {
    const { page, context } = await stack.newPage(390, 844);
    await signUpThroughUi(stack, page, `malformed.${Date.now()}@example.com`, 'Mal Former');
    await page.goto('/settings/import');
    const bad = join(dir, 'broken.zip');
    writeFileSync(bad, zipOf({ ...LETTERBOXD_FILES, 'ratings.csv': 'Date,Name,Year,Letterboxd URI,Rating\n2023-01-05,Heat,1995,u,4.3\n' }));
    await page.getByLabel('Export file').setInputFiles(bad);
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByRole('alert').getByText('ratings.csv, line 2: the rating "4.3" is not 0.5 to 5 in half stars.').waitFor();
    expect(await database.db.selectFrom('importJobs').select('id').execute()).toHaveLength(1);

    // An import under way, as a large file shows it: held by a server process (its lease runs), 4,200 of 10,000 rows
    // done. The screen follows it; the address keeps it across a reload.
    const user = await database.db.selectFrom('users').select('id').where('displayName', '=', 'Mal Former').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await database.db
      .insertInto('importJobs')
      .values({
        id: '00000000-0000-4000-8000-000000000042',
        userId: user.id,
        source: 'letterboxd',
        fileName: 'letterboxd-mal-2024-06-01-10-00-utc.zip',
        status: 'running',
        total: 10_000,
        processed: 4_200,
        imported: 3_900,
        alreadyPresent: 250,
        notMatched: 40,
        ambiguous: 10,
        error: null,
        leaseUntil: Date.now() + 3_600_000,
        createdAt: now,
        updatedAt: now,
        finishedAt: null,
      })
      .execute();
    await page.goto('/settings/import?id=00000000-0000-4000-8000-000000000042');
    await page.reload();
    await page.getByRole('heading', { name: 'Importing…' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('4200');
    await page.getByText('4,200 of 10,000 rows').waitFor();
    mkdirSync(SHOTS, { recursive: true });
    for (const [w, h] of [
      [390, 844],
      [1440, 900],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: join(SHOTS, `progress-${w}.png`) });
    }
    await context.close();
  });
});
