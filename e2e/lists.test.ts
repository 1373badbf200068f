import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshotter, seriousViolations, settled, sharedStack, signUpThroughUi } from './harness.ts';

const LIST = 'Crime classics';
const RENAMED = 'Crime classics, ranked';
const MOVIES = [
  { query: 'shawshank', title: 'The Shawshank Redemption' },
  { query: 'godfather', title: 'The Godfather' },
  { query: 'dark knight', title: 'The Dark Knight' },
];

let stack: Stack;
beforeAll(async () => {
  // The server imports the starter catalogue on first start; journeys on it share it (harness.ts sharedStack).
  stack = await sharedStack();
}, 180000);

/** Screenshots of the same screen at 1440 and 390 px wide. */
async function bothWidths(page: Page, shot: (page: Page, step: string) => Promise<void>, step: string, alsoOnPhone?: string) {
  await dismissToasts(page);
  // Colours ease over 150 ms after a click.
  await settled(page);
  await shot(page, `${step}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await shot(page, `${step}-390`);
  if (alsoOnPhone) {
    // Further down the phone's screen.
    await page.getByRole('heading', { name: alsoOnPhone, exact: true }).scrollIntoViewIfNeeded();
    await shot(page, `${step}-390-${alsoOnPhone.toLowerCase()}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await settled(page);
}

/** Toasts pass by themselves; they are closed before a screenshot so that it shows the screen under them. */
async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

async function addFromSearch(page: Page, query: string, title: string) {
  const box = page.getByPlaceholder('Search to add more');
  await box.click();
  await page.getByPlaceholder('Search to add more').fill(query);
  const option = page.getByRole('option', { name: new RegExp(`^${title}`) }).first();
  await option.click();
  await page.getByText(`${title} added`).waitFor();
}

const itemTitles = (page: Page) => page.getByTestId('list-item').locator('p.truncate').allTextContents();

describe('lists', () => {
  it('creates a list of 3 movies from search, reorders it by keyboard, shares, edits and deletes it; a private list is not found for others', async () => {
    const shot = screenshotter('lists');
    const owner = await stack.newPage(1440, 900);
    const { page } = owner;
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpThroughUi(stack, page, `lister.${Date.now()}@example.com`, 'Lena Lister');

    await page.goto('/lists');
    await page.getByRole('heading', { level: 1, name: 'Lists' }).waitFor();
    await page.getByRole('heading', { name: 'You have no lists yet' }).waitFor();
    expect(await page.getByRole('link', { name: 'Watchlist' }).getAttribute('href')).toBe('/watchlist');
    await shot(page, 'empty');

    await page.getByRole('link', { name: 'Create list' }).first().click();
    await page.waitForURL('**/createList');
    await page.getByRole('heading', { level: 1, name: 'Create list' }).waitFor();
    // Movies is the default type.
    expect(await page.getByRole('radio', { name: 'Movies' }).isChecked()).toBe(true);

    // A missing name is shown next to the field.
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.getByText('Name is required').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Name', { exact: true }).fill(LIST);
    await page.getByRole('button', { name: 'Crime', exact: true }).click();
    await page.getByLabel('Description (optional)').fill('Three films about loyalty, power and doing time.');
    for (const movie of MOVIES) await addFromSearch(page, movie.query, movie.title);
    await page.keyboard.press('Escape');
    expect(await itemTitles(page)).toEqual(MOVIES.map((m) => m.title));

    // Reorder by keyboard: The Dark Knight up twice, to the top; each move is announced.
    await page.getByRole('button', { name: /^Reorder The Dark Knight/ }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByText('The Dark Knight moved to position 2 of 3').waitFor();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByText('The Dark Knight moved to position 1 of 3').waitFor();
    expect(await itemTitles(page)).toEqual(['The Dark Knight', 'The Shawshank Redemption', 'The Godfather']);
    // The moved title keeps the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Reorder The Dark Knight, position 1 of 3');
    // The Move down button works too.
    await page.getByRole('button', { name: 'Move The Shawshank Redemption down' }).click();
    expect(await itemTitles(page)).toEqual(['The Dark Knight', 'The Godfather', 'The Shawshank Redemption']);

    // And by dragging a title's grip onto the top half of the first row, then the bottom half of the last.
    const rows = page.getByTestId('list-item');
    await page.getByRole('button', { name: /^Reorder The Shawshank Redemption/ }).dragTo(rows.first(), { targetPosition: { x: 40, y: 8 } });
    expect(await itemTitles(page)).toEqual(['The Shawshank Redemption', 'The Dark Knight', 'The Godfather']);
    const lastHeight = (await rows.last().boundingBox())?.height ?? 0;
    await page.getByRole('button', { name: /^Reorder The Shawshank Redemption/ }).dragTo(rows.last(), { targetPosition: { x: 40, y: lastHeight - 8 } });
    expect(await itemTitles(page)).toEqual(['The Dark Knight', 'The Godfather', 'The Shawshank Redemption']);

    await page.getByLabel('Note on The Godfather').fill('An offer you cannot refuse.');
    await bothWidths(page, shot, 'create', 'Titles');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create list' }).click();
    await page.waitForURL('**/lists/*/view');
    const viewPath = new URL(page.url()).pathname;
    const listId = viewPath.split('/')[2];
    await page.getByRole('heading', { level: 1, name: LIST }).waitFor();
    const titles = page.getByRole('list', { name: `Titles in ${LIST}` }).getByRole('listitem');
    await expect.poll(() => titles.count()).toBe(3);
    expect(await titles.first().textContent()).toContain('The Dark Knight');
    await page.getByText('An offer you cannot refuse.').waitFor();
    await page.getByText('3 titles').waitFor();
    await page.getByText('Lena Lister').waitFor();
    await bothWidths(page, shot, 'view');
    expect(await seriousViolations(page)).toEqual([]);

    // Open it from /lists; the card shares its link.
    await page.goto('/lists');
    const mine = page.getByRole('list', { name: 'My lists' });
    const card = mine.getByRole('article', { name: LIST });
    await card.waitFor();
    await card.getByText('3 titles').waitFor();
    await card.getByText('Movie', { exact: true }).waitFor();
    await bothWidths(page, shot, 'lists');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: `Share ${LIST}` }).click();
    await page.getByText('Link copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${stack.baseUrl}${viewPath}`);
    await card.getByRole('link', { name: LIST, exact: true }).click();
    await page.waitForURL(`**${viewPath}`);
    await page.getByRole('heading', { level: 1, name: LIST }).waitFor();

    // The list page's own Share button.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByText('Link copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${stack.baseUrl}${viewPath}`);

    // Another person opens it (a view for trending), and sees no owner controls.
    const reader = await stack.newPage(390, 844);
    await signUpThroughUi(stack, reader.page, `reader.${Date.now()}@example.com`, 'Rui Reader');
    await reader.page.goto(viewPath);
    await reader.page.getByRole('heading', { level: 1, name: LIST }).waitFor();
    expect(await reader.page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: 'Delete list' }).count()).toBe(0);

    // Trending Lists on home shows it.
    await page.goto('/home');
    const trendingHeading = page.getByRole('heading', { name: 'Trending Lists' });
    await trendingHeading.scrollIntoViewIfNeeded();
    const trending = page.getByRole('list', { name: 'Trending lists' });
    await trending.getByRole('article', { name: LIST }).waitFor();
    await trending.getByRole('article', { name: LIST }).scrollIntoViewIfNeeded();
    await bothWidths(page, shot, 'home-trending');

    // Edit: rename, make private.
    await page.goto(viewPath);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/lists/edit-list?listId=${listId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit list' }).waitFor();
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe(LIST);
    expect(await itemTitles(page)).toEqual(['The Dark Knight', 'The Godfather', 'The Shawshank Redemption']);
    await page.getByLabel('Name', { exact: true }).fill(RENAMED);
    await page.getByText('Only you can see it.').click();
    await bothWidths(page, shot, 'edit', 'Titles');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save list' }).click();
    await page.waitForURL(`**${viewPath}`);
    await page.getByRole('heading', { level: 1, name: RENAMED }).waitFor();
    await page.getByText('Private', { exact: true }).waitFor();

    // A private list's link is the not-found page for anyone else.
    await reader.page.goto(viewPath);
    await reader.page.getByRole('heading', { level: 1, name: 'This scene was cut' }).waitFor();
    await shot(reader.page, 'private-not-found-390');
    await reader.page.goto(`/lists/edit-list?listId=${listId}`);
    await reader.page.getByRole('heading', { level: 1, name: 'This scene was cut' }).waitFor();
    await reader.context.close();

    // Delete, after confirming.
    await page.getByRole('button', { name: 'Delete list' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${RENAMED}”?` });
    await confirm.waitFor();
    await shot(page, 'delete-confirm');
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await page.waitForURL('**/lists');
    await page.getByText(`${RENAMED} deleted`).waitFor();
    await page.getByRole('heading', { name: 'You have no lists yet' }).waitFor();
    await page.goto(viewPath);
    await page.getByRole('heading', { level: 1, name: 'This scene was cut' }).waitFor();
    await owner.context.close();
  }, 180000);
});
