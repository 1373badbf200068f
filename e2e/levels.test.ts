import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeOnboarding, openOnboarding, type Stack, screenshotterAtBothWidths, seriousViolations, sharedStack, signUpThroughUi } from './harness.ts';


let stack: Stack;
beforeAll(async () => {
  // The server imports the starter catalogue on first start; journeys on it share it (harness.ts sharedStack).
  stack = await sharedStack();
}, 180000);

describe('levels', () => {
  it('onboarding choices make a Reel Apprentice; a picture makes a Reel Enthusiast, shown on the profile and by the bell without a reload', async () => {
    const shot = screenshotterAtBothWidths('levels');
    const { context, page } = await stack.newPage(1440, 900);
    const email = `lev.${Date.now()}@example.com`;
    const username = `lena.${Date.now().toString(36)}`;
    const dialog = await openOnboarding(stack, page, email);

    // The onboarding choices (name, country, genres, top 5 movies, top 5 shows); no picture and no bio yet: skipped,
    // straight to the profile.
    await completeOnboarding(page, dialog, { displayName: 'Lena Level', username, country: ['portu', 'Portugal'], genres: ['Drama'] });

    // A Reel Apprentice, with Reel Enthusiast next and the picture missing for it.
    const level = page.getByTestId('profile-level');
    await expect.poll(() => level.getByTestId('level-current').textContent()).toBe('Reel Apprentice');
    expect(await level.textContent()).toContain('Level 1 of 11');
    expect(await level.getByTestId('level-next').textContent()).toBe('Next: Reel Enthusiast · Add a profile picture');
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000 }).toBe('Notifications, 1 unread');
    await shot(page, 'apprentice');

    // From here on, no page load: a marker on the window must survive to the end.
    await page.evaluate(() => {
      (window as unknown as { levelsJourney: boolean }).levelsJourney = true;
    });

    // Edit profile, through the saved steps to the picture, which is uploaded and saved.
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await dialog.getByRole('heading', { name: 'Pick your country' }).or(dialog.getByLabel('Display name')).first().waitFor();
    for (const heading of ['Pick your country', 'Favourite genres', 'Your top 5 movies', 'Your top 5 TV shows', 'Add a profile picture']) {
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByRole('heading', { name: heading }).waitFor();
    }
    const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 160, g: 70, b: 40 } } })
      .png()
      .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('Looking good. Continue to save it.').waitFor();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('heading', { name: 'Say a little about yourself' }).waitFor();
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL('**/profile/view');

    // Reel Enthusiast: Reel Buff next, a bio missing for it.
    await expect.poll(() => level.getByTestId('level-current').textContent()).toBe('Reel Enthusiast');
    expect(await level.textContent()).toContain('Level 2 of 11');
    expect(await level.getByTestId('level-next').textContent()).toBe('Next: Reel Buff · Add a bio');
    await expect.poll(() => page.getByTestId('profile-picture').first().locator('img').getAttribute('src')).toMatch(/^(\/|https?:)/);

    // The bell counts the level without a reload and names it.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000 }).toBe('Notifications, 2 unread');
    await shot(page, 'enthusiast');
    expect(await seriousViolations(page)).toEqual([]);
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: 'Unread: You reached Reel Enthusiast' }).waitFor();
    await panel.getByRole('link', { name: 'Unread: You reached Reel Apprentice' }).waitFor();
    await shot(page, 'bell-panel');
    expect(await page.evaluate(() => (window as unknown as { levelsJourney?: boolean }).levelsJourney)).toBe(true);

    // The notification leads to the levels page and is read.
    await panel.getByRole('link', { name: 'Unread: You reached Reel Enthusiast' }).click();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await page.waitForURL('**/levels');

    // Someone else sees the level, without what is missing (that is for the owner).
    const other = await stack.newPage(390, 844);
    await signUpThroughUi(stack, other.page, `other.${Date.now()}@example.com`, 'Otto Other');
    await other.page.goto(`/profile/${username}`);
    await expect.poll(() => other.page.getByTestId('level-current').textContent()).toBe('Reel Enthusiast');
    expect(await other.page.getByTestId('level-next').count()).toBe(0);
    // Their own profile: no level yet, and the onboarding choices missing for Reel Apprentice.
    await other.page.goto('/profile/view');
    await expect.poll(() => other.page.getByTestId('level-current').textContent()).toBe('No level yet');
    expect(await other.page.getByTestId('profile-level').textContent()).toContain('11 levels to reach');
    expect(await other.page.getByTestId('level-next').textContent()).toBe(
      'Next: Reel Apprentice · Choose your favourite genres, 5 more top movies, 5 more top shows',
    );
    await shot(other.page, 'no-level');

    await other.context.close();
    await context.close();
  }, 300000);
});
