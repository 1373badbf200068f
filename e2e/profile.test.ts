import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeOnboarding, dismissToasts, TOP_MOVIES as MOVIES, openOnboarding, TOP_SHOWS as SHOWS, type Stack, screenshotterAtBothWidths, seriousViolations, sharedStack, signUpThroughUi, usernameFor } from './harness.ts';

const USERNAME = 'ada.lovelace';
const BIO = 'Slow cinema on Sundays, crime series every other night.';

let stack: Stack;
beforeAll(async () => {
  // The server imports the starter catalogue on first start; journeys on it share it (harness.ts sharedStack).
  stack = await sharedStack();
}, 180000);

describe('onboarding and profiles', () => {
  it('a new person completes onboarding and sees it on their profile; another finds them by username and follows them', async () => {
    const shot = screenshotterAtBothWidths('profile');

    // The follower signs up first (the shortcut of the other journeys), so that their username is taken.
    const fan = await stack.newPage(390, 844);
    const fanEmail = `fan.${Date.now()}@example.com`;
    await signUpThroughUi(stack, fan.page, fanEmail, 'Finn Fan');

    const { context, page } = await stack.newPage(1440, 900);
    const email = `ada.${Date.now()}@example.com`;
    const dialog = await openOnboarding(stack, page, email);
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 40, g: 90, b: 160 } } })
      .png()
      .toBuffer();

    await completeOnboarding(page, dialog, {
      displayName: 'ada lovelace',
      username: USERNAME,
      country: ['fran', 'France'],
      genres: ['Drama', 'Crime'],
      movies: MOVIES,
      shows: SHOWS,
      picture: png,
      bio: BIO,
      onArrive: {
        // 1. Display name and username: a taken username is refused next to the field.
        name: async () => {
          expect(await dialog.getByLabel('Username').inputValue()).toBe('ada.lovelace');
          await dialog.getByLabel('Username').fill(usernameFor(fanEmail).toUpperCase());
          await dialog.getByRole('button', { name: 'Continue' }).click();
          await dialog.getByText('That username is taken.').waitFor();
          await shot(page, 'step-name-taken');
        },
        // 2. Country, from the full ISO list, searched.
        country: async () => {
          await expect.poll(() => dialog.getByRole('radio').count()).toBeGreaterThan(190);
        },
        // 4. Top 5 movies: Continue with none is refused.
        movies: async () => {
          await dialog.getByRole('button', { name: 'Continue' }).click();
          await dialog.getByText('Pick 5 movies (0 so far).').waitFor();
        },
      },
      onChosen: {
        country: () => shot(page, 'step-country'),
        // 3. Favourite genres.
        genres: () => shot(page, 'step-genres'),
        // 4. A sixth movie is refused with spec 5's words.
        movies: async () => {
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
        },
        // 5. Top 5 shows.
        shows: () => shot(page, 'step-shows'),
        // 6. Picture: uploaded, previewed, saved.
        picture: () => shot(page, 'step-picture'),
        // 7. Bio, then the profile.
        bio: () => shot(page, 'step-bio'),
      },
    });

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
