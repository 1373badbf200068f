import { beforeAll, describe, expect, it } from 'vitest';
import { completeOnboarding, openOnboarding, type Stack, screenshotterAtBothWidths, sharedStack } from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
}, 180000);

describe('what a fan notices', () => {
  it('home shows For you from the genres chosen in onboarding; Highest rated lists every Crime and Film-Noir film', async () => {
    const shot = screenshotterAtBothWidths('for-you');
    const { context, page } = await stack.newPage(1440, 900);
    const email = `fy.${Date.now()}@example.com`;
    const dialog = await openOnboarding(stack, page, email);
    await completeOnboarding(page, dialog, { displayName: 'Fay Youngs', username: `fay.${Date.now().toString(36)}`, country: ['ital', 'Italy'], genres: ['Western'] });

    await page.goto('/home');
    const section = page.getByRole('region', { name: 'For you' });
    await section.scrollIntoViewIfNeeded();
    // The row names the genres it drew from (onboarding's genres weigh most, the top titles' genres add to them).
    const picked = await page.evaluate(async () => (await (await fetch('/api/home/for-you')).json()).data.genres as string[]);
    expect(picked.length).toBeGreaterThan(0);
    await section.getByText(`Because you like ${picked.length < 2 ? picked[0] : `${picked.slice(0, -1).join(', ')} and ${picked.at(-1)}`}`).waitFor({ timeout: 20000 });
    expect(await section.getByRole('link').count()).toBeGreaterThan(3);
    await shot(page, 'home-for-you');

    const byPopularity = await page.evaluate(async () => (await (await fetch('/api/movies/filters?genre=Crime,Film-Noir&page=1')).json()).data);
    const byRating = await page.evaluate(async () => (await (await fetch('/api/movies/filters?genre=Crime,Film-Noir&sort=rating&page=1')).json()).data);
    expect(byRating.results.length).toBe(byPopularity.results.length);
    expect(byRating.results.length).toBeGreaterThanOrEqual(10);
    await page.goto('/directory/movies?genre=Crime,Film-Noir&sort=rating');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shot(page, 'directory-highest-rated');
    await context.close();
  }, 240000);
});
