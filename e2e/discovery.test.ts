import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLinkOf } from '../server/test/smtp.ts';
import { CATALOGUE_DIR, type Stack, screenshotter, startStack, stoppedMoving, usernameFor } from './harness.ts';


let stack: Stack;
beforeAll(async () => {
  // Its own server on the starter catalogue: it checks counts (popular searches, a title's ratings) that other
  // journeys on a shared server would change.
  stack = await startStack({ CATALOGUE_DIR });
}, 180000);
afterAll(async () => {
  await stack?.stop();
});

/** The steps of sign-in.test.ts: ask for a link, open it, name yourself, land on /home. */
async function signIn(page: Page, name: string) {
  const email = `${name}.${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  const mail = await stack.smtp.mailFor(email);
  await page.goto(signInLinkOf(mail.raw));
  await page.waitForURL('**/onboarding');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Reelhouse' });
  await dialog.getByLabel('Display name').fill('Maya Film');
  await dialog.getByLabel('Username').fill(usernameFor(email));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Finish later' }).click();
  await page.waitForURL('**/home');
}

describe('discovery: search, directory, title pages and the home carousel', () => {
  it('types in the search box and picks a suggestion', async () => {
    const shot = screenshotter('discovery-search-box');
    const { context, page } = await stack.newPage(1440, 900);
    await signIn(page, 'searcher');
    const box = page.getByRole('combobox', { name: 'Search movies and TV shows' });
    await box.click();
    await page.getByRole('listbox').waitFor();
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThan(0);
    await shot(page, 'popular');
    await page.getByRole('combobox', { name: 'Search movies and TV shows' }).fill('shawshank');
    const option = page.getByRole('option', { name: /The Shawshank Redemption/ });
    await option.waitFor();
    await shot(page, 'matches');
    const click = page.waitForResponse((r) => r.url().endsWith('/api/movies/search-click'));
    await option.click();
    // The pick is recorded as a search that led to a title, and becomes a popular search.
    expect((await click).status()).toBe(200);
    const popular = (await (await page.request.get('/api/movies/popular-searches')).json()) as { data: { query: string; count: number }[] };
    expect(popular.data).toContainEqual({ query: 'shawshank', count: 1 });
    await page.waitForURL('**/home/movie/tt0111161');
    await page.getByRole('heading', { level: 1, name: 'The Shawshank Redemption' }).waitFor();
    await shot(page, 'title-page');
    await context.close();
  });

  it('opens /search from the search box with Enter', async () => {
    const shot = screenshotter('discovery-search-page');
    const { context, page } = await stack.newPage(1440, 900);
    await signIn(page, 'fullsearch');
    const box = page.getByRole('combobox', { name: 'Search movies and TV shows' });
    await box.click();
    await page.getByRole('combobox', { name: 'Search movies and TV shows' }).fill('  godfather ');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=godfather');
    await page.getByRole('link', { name: /^The Godfather 1972\W+movie/ }).waitFor();
    await shot(page, 'results');
    await page.getByRole('tab', { name: 'TV Shows' }).click();
    await page.waitForURL(/type=tvSeries/);
    await shot(page, 'tv-shows');
    await context.close();
  });

  it('browses /directory/movies by genre on a phone', async () => {
    const shot = screenshotter('discovery-directory');
    const { context, page } = await stack.newPage(390, 844);
    await signIn(page, 'browser');
    await page.goto('/directory/movies?filter=by-genre');
    await page.getByText('Pick a genre to start').waitFor();
    await shot(page, 'pick-genre');
    await page.getByRole('button', { name: /^Comedy/ }).click();
    await page.waitForURL(/genre=Comedy/);
    await expect.poll(() => page.locator('main li a[href^="/home/"]').count()).toBeGreaterThanOrEqual(20);
    await shot(page, 'comedy');
    // Infinite scroll: reaching the end loads the next page.
    await page.mouse.wheel(0, 20000);
    await expect.poll(() => page.locator('main li a[href^="/home/"]').count(), { timeout: 10000 }).toBeGreaterThan(20);
    await context.close();
  });

  for (const width of [390, 360]) {
    it(`keeps a phone's directory within its ${width} px screen with the filter panel open`, async () => {
      const shot = screenshotter(`discovery-directory-${width}`);
      const { context, page } = await stack.newPage(width, 800);
      await signIn(page, `narrow${width}`);
      for (const path of ['/directory/movies?filter=by-genre&genre=Drama', '/directory/shows?filter=by-genre']) {
        await page.goto(path);
        // The filter panel with every genre chip.
        await page.getByRole('button', { name: /^Comedy/ }).waitFor({ timeout: 15000 });
        // Every genre shown (the phone's short list, then all of them): nothing wider than the screen.
        const more = page.getByRole('button', { name: /more genres$/ });
        for (const step of ['short list', 'all genres']) {
          if (step === 'all genres') await more.click();
          expect(await page.evaluate(() => document.documentElement.scrollWidth), step).toBeLessThanOrEqual(width);
          const chips = page.getByRole('group', { name: 'Genres' }).getByRole('button');
          const boxes = (await Promise.all((await chips.all()).map((chip) => chip.boundingBox()))).filter((box) => box !== null);
          expect(boxes.length, step).toBeGreaterThan(step === 'all genres' ? 8 : 3);
          for (const box of boxes) expect(box.x >= 0 && box.x + box.width <= width, `${step}: a chip at ${box.x}`).toBe(true);
        }
        const bar = page.getByRole('banner');
        for (const name of ['Open menu', 'Search', 'Notifications', 'Messages', 'Account menu']) {
          // Messages opens a page of its own: a link.
          const box = await bar.getByRole(name === 'Messages' ? 'link' : 'button', { name, exact: true }).boundingBox();
          expect(box, name).not.toBeNull();
          expect(box && box.x >= 0 && box.x + box.width <= width, `${name} at ${box?.x}`).toBe(true);
        }
        await shot(page, path.includes('shows') ? 'shows' : 'movies');
      }
      await context.close();
    });
  }

  it('opens a title page and a series page', async () => {
    const shot = screenshotter('discovery-title');
    const { context, page } = await stack.newPage(1440, 900);
    await signIn(page, 'viewer');
    await page.goto('/home/movie/tt0111161');
    await page.getByRole('heading', { level: 1, name: 'The Shawshank Redemption' }).waitFor();
    await expect.poll(() => page.getByText('/10').first().isVisible()).toBe(true);
    await shot(page, 'movie');
    await page.goto('/home/tvSeries/tt0903747');
    await page.getByRole('heading', { level: 1, name: 'Breaking Bad' }).waitFor();
    await shot(page, 'series');
    await page.goto('/home/movie/tt9999999999');
    await page.getByText('We can’t find this title').waitFor();
    await shot(page, 'not-found');
    await context.close();
  });

  it('moves the home carousel with the next button and the arrow keys', async () => {
    const shot = screenshotter('discovery-carousel');
    const { context, page } = await stack.newPage(1440, 900);
    await signIn(page, 'carousel');
    const carousel = page.getByRole('region', { name: 'Top movies and TV shows' });
    await carousel.waitFor();
    const current = () => page.locator('[aria-roledescription="slide"][data-active]').getAttribute('aria-label');
    const first = await current();
    expect(first).toMatch(/^1 of 20/);
    await shot(page, 'first');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(current).toMatch(/^2 of 20/);
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(current).toMatch(/^3 of 20/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // Looping: left of the first slide is the last one.
    await expect.poll(current).toMatch(/^20 of 20/);
    // The last slide glides into place before the picture is taken.
    await stoppedMoving(page, '[aria-roledescription="slide"][data-active]');
    await shot(page, 'looped');
    await context.close();
  });
});
