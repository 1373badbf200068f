import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLinkOf } from '../server/test/smtp.ts';
import { SCREENSHOT_DIR, seriousViolations, signUpThroughUi, startStack, usernameFor } from './harness.ts';

// The starter catalogue beside the project (../shared), or CATALOGUE_DIR, as in discovery.test.ts.
const CATALOGUE_DIR = process.env.CATALOGUE_DIR ?? fileURLToPath(new URL('../../shared/data/catalogue', import.meta.url));

const MOVIES: [string, string][] = [
  ['shawshank', 'The Shawshank Redemption'],
  ['godfather', 'The Godfather'],
  ['pulp fiction', 'Pulp Fiction'],
  ['inception', 'Inception'],
  ['fight club', 'Fight Club'],
];
const SHOWS: [string, string][] = [
  ['breaking bad', 'Breaking Bad'],
  ['the wire', 'The Wire'],
  ['fleabag', 'Fleabag'],
  ['narcos', 'Narcos'],
  ['ozark', 'Ozark'],
];
const USERNAME = 'ada.lovelace';
const BIO = 'Slow cinema on Sundays, crime series every other night.';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack({ CATALOGUE_DIR });
}, 180000);
afterAll(async () => {
  await stack?.stop();
});

/** Each screen at 1440 px and at 390 px (the same page, resized; whole pages for profiles), then back to the width it had. */
function bothWidths(journey: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  let n = 0;
  return async (page: Page, step: string, fullPage = false) => {
    const size = page.viewportSize() ?? { width: 1440, height: 900 };
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await page.waitForTimeout(200);
      n += 1;
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${journey}-${String(n).padStart(2, '0')}-${step}-${width}.png`), fullPage });
    }
    await page.setViewportSize(size);
  };
}

async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

async function pick(page: Page, dialog: Locator, query: string, title: string) {
  const box = dialog.getByPlaceholder('Search titles');
  await box.click();
  await box.fill(query);
  await page.getByRole('option', { name: new RegExp(`^${title}`) }).first().click();
  await page.getByText(`${title} added`).waitFor();
  await dismissToasts(page);
}

describe('onboarding and profiles', () => {
  it('a new person completes onboarding and sees it on their profile; another finds them by username and follows them', async () => {
    const shot = bothWidths('profile');

    // The follower signs up first (the shortcut of the other journeys), so that their username is taken.
    const fan = await stack.newPage(390, 844);
    const fanEmail = `fan.${Date.now()}@example.com`;
    await signUpThroughUi(stack, fan.page, fanEmail, 'Finn Fan');

    const { context, page } = await stack.newPage(1440, 900);
    const email = `ada.${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByText('Check your inbox').waitFor();
    await page.goto(signInLinkOf((await stack.smtp.mailFor(email)).raw));
    const dialog = page.getByRole('dialog', { name: 'Welcome to Reelhouse' });

    // 1. Display name and username: a taken username is refused next to the field.
    await dialog.getByLabel('Display name').fill('ada lovelace');
    expect(await dialog.getByLabel('Username').inputValue()).toBe('ada.lovelace');
    await dialog.getByLabel('Username').fill(usernameFor(fanEmail).toUpperCase());
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('That username is taken.').waitFor();
    await shot(page, 'step-name-taken');
    await dialog.getByLabel('Username').fill(USERNAME);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // 2. Country, from the full ISO list, searched.
    await dialog.getByRole('heading', { name: 'Pick your country' }).waitFor();
    await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(190);
    await dialog.getByPlaceholder('Search countries').fill('fran');
    await dialog.getByText('France', { exact: true }).click();
    await dialog.getByText('Chosen: France').waitFor();
    await shot(page, 'step-country');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // 3. Favourite genres.
    await dialog.getByRole('heading', { name: 'Favourite genres' }).waitFor();
    await dialog.getByRole('button', { name: 'Drama', exact: true }).click();
    await dialog.getByRole('button', { name: 'Crime', exact: true }).click();
    await shot(page, 'step-genres');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // 4. Top 5 movies: a sixth is refused with spec 5's words.
    await dialog.getByRole('heading', { name: 'Your top 5 movies' }).waitFor();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Pick 5 movies (0 so far).').waitFor();
    for (const [query, title] of MOVIES) await pick(page, dialog, query, title);
    const box = dialog.getByPlaceholder('Search titles');
    await box.click();
    await box.fill('dark knight');
    await page.getByRole('option', { name: /^The Dark Knight/ }).first().click();
    await page.getByText('Oops! select only 5 options').waitFor();
    await dismissToasts(page);
    // Escape closes the suggestions, not the onboarding.
    await box.press('Escape');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);
    await shot(page, 'step-movies');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // 5. Top 5 shows.
    await dialog.getByRole('heading', { name: 'Your top 5 TV shows' }).waitFor();
    for (const [query, title] of SHOWS) await pick(page, dialog, query, title);
    await dialog.getByRole('heading', { name: 'Your top 5 TV shows' }).click();
    await shot(page, 'step-shows');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // 6. Picture: uploaded, previewed, saved.
    await dialog.getByRole('heading', { name: 'Add a profile picture' }).waitFor();
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('Looking good. Continue to save it.').waitFor();
    await shot(page, 'step-picture');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // 7. Bio, then the profile.
    await dialog.getByRole('heading', { name: 'Say a little about yourself' }).waitFor();
    await dialog.getByLabel('Bio').fill(BIO);
    await shot(page, 'step-bio');
    await dialog.getByRole('button', { name: 'Finish', exact: true }).click();
    await page.waitForURL('**/profile/view');

    const checkProfile = async (p: Page) => {
      await p.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor();
      await p.getByText(`@${USERNAME} · France`).waitFor();
      await p.getByText(BIO).waitFor();
      const genres = p.getByRole('list', { name: 'Favourite genres' });
      expect((await genres.getByRole('listitem').allTextContents()).sort()).toEqual(['Crime', 'Drama']);
      for (const [, title] of [...MOVIES, ...SHOWS]) await p.getByRole('link', { name: new RegExp(`^${title}`) }).first().waitFor();
      await expect.poll(() => p.getByTestId('profile-picture').first().locator('img').getAttribute('src')).toMatch(/^(\/|https?:)/);
    };
    await checkProfile(page);
    expect(await page.getByText('Finish your profile').count()).toBe(0);
    await page.reload();
    await checkProfile(page);
    await shot(page, 'my-profile', true);
    expect(await seriousViolations(page)).toEqual([]);

    // The follower opens the profile by username (any case) and follows.
    await fan.page.goto(`/profile/${USERNAME.toUpperCase()}`);
    await checkProfile(fan.page);
    const followers = fan.page.getByTestId('followers-count');
    await expect.poll(() => followers.textContent()).toMatch(/^0\s*Followers/);
    await fan.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await fan.page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await expect.poll(() => followers.textContent()).toMatch(/^1\s*Follower$/);
    await fan.page.reload();
    await fan.page.getByRole('button', { name: 'Unfollow' }).waitFor();
    await expect.poll(() => fan.page.getByTestId('followers-count').textContent()).toMatch(/^1\s*Follower$/);
    await shot(fan.page, 'their-profile-following', true);
    expect(await seriousViolations(fan.page)).toEqual([]);
    // The menu holds Block and Report.
    await fan.page.getByRole('button', { name: 'More about Ada Lovelace' }).click();
    await fan.page.getByRole('button', { name: 'Block', exact: true }).waitFor();
    await fan.page.getByRole('button', { name: 'Report', exact: true }).click();
    const report = fan.page.getByRole('dialog', { name: 'Report Ada Lovelace' });
    await report.getByRole('button', { name: 'Send report' }).click();
    await report.getByText('Say what is wrong.').waitFor();
    await report.getByLabel('What is wrong?').fill('Testing the report form: nothing is wrong.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await fan.page.getByText('Thanks. The moderators will look at your report.').waitFor();
    await dismissToasts(fan.page);

    // Ada sees the follower, and the list of followers names them.
    await page.reload();
    await expect.poll(() => page.getByTestId('followers-count').textContent()).toMatch(/^1\s*Follower$/);
    await page.getByTestId('followers-count').click();
    const list = page.getByRole('dialog', { name: 'Ada Lovelace’s followers' });
    await list.getByRole('link', { name: /Finn Fan/ }).waitFor();
    await shot(page, 'followers-list');
    await list.getByRole('link', { name: /Finn Fan/ }).click();
    await page.waitForURL(`**/profile/${usernameFor(fanEmail)}`);
    await page.getByRole('heading', { level: 1, name: 'Finn Fan' }).waitFor();
    await expect.poll(() => page.getByTestId('following-count').textContent()).toMatch(/^1\s*Following/);
    await page.getByText('Follows you').waitFor();

    // Finn closed onboarding early: the avatar menu (on home too) and his own profile offer the rest.
    await fan.page.setViewportSize({ width: 1440, height: 900 });
    await fan.page.goto('/home');
    await fan.page.getByRole('button', { name: 'Account menu' }).click();
    await fan.page.getByRole('menuitem', { name: 'Finish your profile' }).waitFor();
    await fan.page.keyboard.press('Escape');
    await fan.page.goto('/profile/view');
    await fan.page.getByRole('link', { name: 'Finish your profile' }).waitFor();
    await shot(fan.page, 'unfinished-profile');
    await fan.page.getByRole('link', { name: 'Finish your profile' }).click();
    await fan.page.getByRole('dialog', { name: 'Welcome to Reelhouse' }).getByRole('heading', { name: 'Pick your country' }).waitFor();

    await fan.context.close();
    await context.close();
  }, 300000);
});
