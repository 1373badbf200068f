import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshotterAtBothWidths, seriousViolations, sharedStack, signUpThroughUi } from './harness.ts';

const TITLE_PATH = '/home/movie/tt0111161';

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
}, 180000);

/** A call to the API with the page's session (setting the scene: a review, a follow). */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; data: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, { method, credentials: 'include', headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, data: (await res.json()).data };
    },
    { method, path, body },
  );
}
const myId = async (page: Page) => ((await call(page, 'GET', '/api/user/me')).data as { id: string }).id;

describe('people lead to people', () => {
  it("goes from a review's author to their profile, and from there to a conversation with them", async () => {
    const shot = screenshotterAtBothWidths('people-message');
    const stamp = Date.now();
    const author = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, author.page, `critic.${stamp}@example.com`, 'Cora Critic');
    const reader = await stack.newPage(1440, 900);
    const readerEmail = `viewer.${stamp}@example.com`;
    await signUpThroughUi(stack, reader.page, readerEmail, 'Vic Viewer');

    // Cora reviews a title and follows Vic, so Vic may write to her.
    const review = await call(author.page, 'POST', '/api/ratings-and-reviews/create', { titleId: 'tt0111161', rating: 9, review: 'Patience, hope and a rock hammer.' });
    expect(review.status).toBe(201);
    const vicId = await myId(reader.page);
    expect((await call(author.page, 'POST', '/api/user/follow', { fromId: await myId(author.page), toId: vicId })).status).toBe(200);
    await author.context.close();

    const page = reader.page;
    await page.goto(TITLE_PATH);
    const card = page.getByRole('article', { name: 'Review by Cora Critic' });
    await card.waitFor();
    // Not one's own review: it can be reported.
    await card.getByRole('button', { name: 'Report the review by Cora Critic' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await dialog.getByLabel('What is wrong?').fill('Testing the report button');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('link', { name: 'Cora Critic' }).click();
    // Reviews name their author by id: the profile answers to it as to the username.
    await page.waitForURL('**/profile/*');
    await page.getByRole('heading', { level: 1, name: 'Cora Critic' }).waitFor();
    const message = page.getByRole('link', { name: 'Message Cora Critic' });
    await message.waitFor();
    await shot(page, 'profile-with-message');
    expect(await seriousViolations(page)).toEqual([]);
    await message.click();
    await page.waitForURL('**/messages?to=*');
    const box = page.getByRole('textbox', { name: 'Message to Cora Critic' });
    await box.fill('Loved your review!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('list', { name: 'Messages' }).getByText('Loved your review!').waitFor();
    await shot(page, 'conversation');
    await reader.context.close();
  });

  it('finds a person with a typo in the top search box and on /people, and follows them', async () => {
    const shot = screenshotterAtBothWidths('people-search');
    const stamp = Date.now();
    const star = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, star.page, `wanda.${stamp}@example.com`, `Wanda Zephyrine ${stamp}`);
    await star.context.close();

    const { context, page } = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, page, `seeker.${stamp}@example.com`, 'Sam Seeker');
    const name = `Wanda Zephyrine ${stamp}`;
    // The top search box: a People group under the titles, despite a typo.
    const search = page.getByRole('combobox').first();
    await search.click();
    await search.fill('zephirine');
    const group = page.getByRole('group', { name: 'People' });
    await group.getByRole('option', { name: new RegExp(name) }).waitFor();
    await shot(page, 'search-box-people');
    await group.getByRole('option', { name: /All people named/ }).click();
    await page.waitForURL('**/people?q=zephirine');

    const row = page.getByRole('listitem').filter({ hasText: name });
    const follow = row.getByRole('button', { name: `Follow ${name}` });
    await follow.waitFor();
    await shot(page, 'people-page');
    expect(await seriousViolations(page)).toEqual([]);
    await follow.click();
    await row.getByRole('button', { name: `Unfollow ${name}` }).waitFor();
    // The follow is real: the profile says so and counts it.
    await row.getByRole('link', { name: new RegExp(name) }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByRole('button', { name: 'Unfollow' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('explains the eleven levels and where the reader stands', async () => {
    const shot = screenshotterAtBothWidths('levels-page');
    const { context, page } = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, page, `ladder.${Date.now()}@example.com`, 'Lana Ladder');
    await page.goto('/levels');
    await page.getByRole('heading', { level: 1, name: 'Levels' }).waitFor();
    const rungs = page.getByRole('list', { name: 'The eleven levels' }).locator(':scope > li');
    await expect.poll(() => rungs.count()).toBe(11);
    await page.getByTestId('level-savant').getByText('1000 gems').waitFor();
    await page.getByTestId('levels-standing').getByText('You have no level yet.').waitFor();
    expect(await page.getByTestId('level-apprentice').getAttribute('aria-current')).toBe('step');
    await shot(page, 'levels', true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("likes someone's list on its page, and the card on their profile says so", async () => {
    const stamp = Date.now();
    const owner = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, owner.page, `curator.${stamp}@example.com`, 'Cleo Curator');
    const made = await call(owner.page, 'POST', '/api/lists', { name: `Prison films ${stamp}`, type: 'movie', genres: ['Drama'], contentList: [{ titleId: 'tt0111161' }] });
    expect(made.status).toBe(201);
    const listId = (made.data as { listId: string }).listId;
    const ownerId = await myId(owner.page);
    await owner.context.close();

    const { context, page } = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, page, `liker.${stamp}@example.com`, 'Lou Liker');
    await page.goto(`/lists/${listId}/view`);
    const like = page.getByRole('button', { name: `Like Prison films ${stamp}` });
    await like.click();
    const unlike = page.getByRole('button', { name: `Unlike Prison films ${stamp}` });
    await expect.poll(() => unlike.getAttribute('aria-pressed')).toBe('true');
    expect(await unlike.getByTestId('list-like-count').textContent()).toBe('1');

    // The card (the same for everyone) learns the reader's like from /api/lists/liked.
    await page.goto(`/profile/${ownerId}`);
    const card = page.getByRole('article', { name: `Prison films ${stamp}` });
    await expect.poll(() => card.getByRole('button', { name: `Unlike Prison films ${stamp}` }).getAttribute('aria-pressed')).toBe('true');
    await card.getByRole('button', { name: `Unlike Prison films ${stamp}` }).click();
    await card.getByRole('button', { name: `Like Prison films ${stamp}` }).waitFor();
    await expect.poll(() => card.getByTestId('list-like-count').textContent()).toBe('0');
    await context.close();
  });
});
