import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_DIR, type Stack, screenshotter, seriousViolations, signUpThroughUi, startStack } from './harness.ts';

const TITLE = 'The Shawshank Redemption';
const TITLE_PATH = '/home/movie/tt0111161';
const REVIEW = 'Hope is a good thing. The ending on the beach in Zihuatanejo is earned.';

let stack: Stack;
beforeAll(async () => {
  // Its own server on the starter catalogue: it checks counts (popular searches, a title's ratings) that other
  // journeys on a shared server would change.
  stack = await startStack({ CATALOGUE_DIR });
}, 180000);
afterAll(async () => {
  await stack?.stop();
});

describe('ratings and reviews', () => {
  it('rates and reviews a title with a spoiler flag; another person reveals it and likes it', async () => {
    const shot = screenshotter('ratings');
    const author = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, author.page, `rater.${Date.now()}@example.com`, 'Rita Rater');
    await author.page.goto(TITLE_PATH);
    await author.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // On the watchlist first, so that rating offers to take it off.
    await author.page.getByRole('button', { name: `Add ${TITLE} to watchlist` }).first().click();
    await author.page.getByText(`${TITLE} added`).waitFor();

    await author.page.getByRole('radio', { name: '8 out of 10' }).check();
    await author.page.getByLabel('Review (optional)').fill(REVIEW);
    await author.page.getByLabel('My review contains spoilers').check();
    await shot(author.page, 'writing');
    await author.page.getByRole('button', { name: 'Save rating' }).click();
    await author.page.getByText(`You rated ${TITLE}. Take it off your watchlist?`).waitFor();
    await author.page.getByRole('button', { name: 'Remove', exact: true }).click();
    await author.page.getByText(`${TITLE} removed`).waitFor();

    await author.page.reload();
    await author.page.getByTestId('my-review').getByText(REVIEW).waitFor();
    await expect.poll(() => author.page.getByText('/10 · your rating').count()).toBe(1);
    await author.page.getByText('Reelhouse · 1 rating').waitFor();
    await shot(author.page, 'after-reload');
    expect(await seriousViolations(author.page)).toEqual([]);
    await author.context.close();

    const reader = await stack.newPage(390, 844);
    await signUpThroughUi(stack, reader.page, `reader.${Date.now()}@example.com`, 'Leo Reader');
    await reader.page.goto(TITLE_PATH);
    const review = reader.page.getByRole('article', { name: 'Review by Rita Rater' });
    await review.waitFor();
    // The text stays blurred (the shared spoiler block marks it) until the reader asks.
    await expect.poll(() => review.locator('[data-spoiler-hidden]').getByTestId('review-text').count()).toBe(1);
    await shot(reader.page, 'spoiler-hidden');
    expect(await seriousViolations(reader.page)).toEqual([]);
    await review.getByRole('button', { name: 'Show spoiler review' }).click();
    await expect.poll(() => review.locator('[data-spoiler-hidden]').count()).toBe(0);
    expect(await review.getByTestId('review-text').isVisible()).toBe(true);
    const like = review.getByRole('button', { name: 'Like the review by Rita Rater' });
    await like.click();
    await expect.poll(() => review.getByTestId('like-count').textContent()).toBe('1');
    await reader.page.reload();
    const again = reader.page.getByRole('article', { name: 'Review by Rita Rater' });
    await expect.poll(() => again.getByTestId('like-count').textContent()).toBe('1');
    expect(await again.getByRole('button', { name: 'Unlike the review by Rita Rater' }).getAttribute('aria-pressed')).toBe('true');
    await shot(reader.page, 'liked');
    await reader.context.close();
  });
});

describe('watchlist', () => {
  it('adds and removes a title from a search result and shows the watchlist page', async () => {
    const shot = screenshotter('watchlist');
    const { context, page } = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, page, `watcher.${Date.now()}@example.com`, 'Wes Watcher');
    await page.goto('/watchlist');
    await page.getByRole('heading', { name: 'Your watchlist is empty' }).waitFor();

    await page.goto('/search?q=shawshank');
    const add = page.getByRole('button', { name: `Add ${TITLE} to watchlist` });
    await add.click();
    await page.getByText(`${TITLE} added`).waitFor();
    await expect.poll(() => page.getByRole('button', { name: `Remove ${TITLE} from watchlist` }).getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'added');

    // The profile menu leads to the watchlist page.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Watchlist' }).click();
    await page.waitForURL('**/watchlist');
    await page.getByRole('heading', { level: 1, name: 'Your watchlist' }).waitFor();
    await page.getByRole('link', { name: new RegExp(`^${TITLE}`) }).waitFor();
    await page.getByText('1 title to watch, newest first').waitFor();
    await shot(page, 'page');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/search?q=shawshank');
    await page.getByRole('button', { name: `Remove ${TITLE} from watchlist` }).click();
    await page.getByText(`${TITLE} removed`).waitFor();
    await page.getByRole('button', { name: `Add ${TITLE} to watchlist` }).waitFor();
    await page.goto('/watchlist');
    await page.getByRole('heading', { name: 'Your watchlist is empty' }).waitFor();
    await context.close();
  });
});
