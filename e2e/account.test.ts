import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../server/src/db/database.ts';
import { insertImportTitles } from '../server/src/modules/imports/imports.test-fixtures.ts';
import { type Stack, screenshotterAtBothWidths, seriousViolations, signUpThroughUi, startStack } from './harness.ts';

let stack: Stack;
let database: Database;
let dir: string;
beforeAll(async () => {
  // Its own server on a database seeded with a few films to rate.
  dir = mkdtempSync(join(tmpdir(), 'reelhouse-e2e-account-'));
  const url = `sqlite:${join(dir, 'account.db')}`;
  stack = await startStack({ DATABASE_URL: url });
  database = await openDatabase({ url });
  await insertImportTitles(database.db);
}, 180000);
afterAll(async () => {
  await database?.close();
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A call of the API from the page, as the app makes it (the session cookie, the page's Origin). */
async function apiCall(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: Record<string, string> }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(`/api/${p}`, {
        method: m as string,
        credentials: 'include',
        headers: b === undefined ? {} : { 'content-type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, data: ((await res.json()) as { data: Record<string, string> }).data };
    },
    [method, path, body] as const,
  );
}

describe('your data and account', () => {
  it('exports a ZIP holding the rating, then closes the account: the discussion is shown by Anonymous', async () => {
    const shot = screenshotterAtBothWidths('account');
    const leaver = await stack.newPage(1440, 900);
    const page = leaver.page;
    await signUpThroughUi(stack, page, `leaver.${Date.now()}@example.com`, 'Lea Leaver');
    expect((await apiCall(page, 'POST', 'ratings-and-reviews/create', { titleId: 'tt9500010', rating: 9, review: 'The diner scene.' })).status).toBeLessThan(300);
    const community = await apiCall(page, 'POST', 'communities', { name: 'Leaving Club', description: 'Open to all.', isPublic: true });
    expect(community.status).toBe(201);
    const discussion = await apiCall(page, 'POST', `communities/${community.data.communityId}/discussions`, { title: 'Before I go', body: 'Goodbye, films.' });
    expect(discussion.status).toBe(201);
    const discussionUrl = `/community/${community.data.communityId}/discussions/${discussion.data.discussionId}`;

    // Reached from the avatar menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Your data and account' }).click();
    await page.waitForURL('**/settings/account');
    await page.getByRole('heading', { level: 1, name: 'Your data and account' }).waitFor();
    await shot(page, 'settings', true);
    expect(await seriousViolations(page)).toEqual([]);

    // The export downloads, and the rating is in it (and in Letterboxd's file, in half stars).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^reelhouse-export-\d{4}-\d\d-\d\d\.zip$/);
    const saved = join(dir, 'export.zip');
    await download.saveAs(saved);
    const files = unzipSync(new Uint8Array(readFileSync(saved)));
    const ratings = JSON.parse(strFromU8(files['ratings.json'])) as { titleId: string; title: string; rating: number; review: string }[];
    expect(ratings).toMatchObject([{ titleId: 'tt9500010', title: 'Heat', rating: 9, review: 'The diner scene.' }]);
    expect(strFromU8(files['letterboxd/ratings.csv'])).toMatch(/\r\n\d{4}-\d\d-\d\d,Heat,1995,,4\.5\r\n$/);
    expect(JSON.parse(strFromU8(files['discussions.json']))).toMatchObject([{ title: 'Before I go' }]);

    // An access token, shown once.
    await page.getByLabel('Token name').fill('My script');
    await page.getByRole('button', { name: 'Create token' }).click();
    expect(await page.getByTestId('new-token').textContent()).toMatch(/^rh_/);
    await page.getByText('Made ').first().waitFor();

    // Closing the account: the dialog asks for DELETE.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Confirmation').fill('DELETE');
    await shot(page, 'delete-dialog');
    await confirm.click();
    await page.waitForURL((u) => u.pathname === '/');
    expect((await apiCall(page, 'GET', 'user/me')).status).toBe(401);
    await leaver.context.close();

    // Someone else sees the discussion, by Anonymous, with no link to a profile.
    const reader = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, reader.page, `reader.${Date.now()}@example.com`, 'Rey Reader');
    await reader.page.goto(discussionUrl);
    await reader.page.getByRole('heading', { level: 1, name: 'Before I go' }).waitFor();
    await reader.page.getByText('Anonymous', { exact: true }).first().waitFor();
    expect(await reader.page.getByText('Lea Leaver').count()).toBe(0);
    expect(await reader.page.getByRole('link', { name: 'Anonymous' }).count()).toBe(0);
    await shot(reader.page, 'anonymous-discussion');
    await reader.context.close();
  });
});
