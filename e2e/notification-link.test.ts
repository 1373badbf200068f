import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshotter, settled, sharedStack, signUpThroughUi } from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  // The starter catalogue (a review needs a title): the stack the journeys share (harness.ts sharedStack).
  stack = await sharedStack();
}, 180000);

const run = Date.now().toString(36);

async function person(name: string) {
  const p = await stack.newPage(1440, 900);
  await signUpThroughUi(stack, p.page, `${name.toLowerCase().replace(/\W+/g, '.')}.${run}@example.com`, name);
  return p;
}

/** A write from the person's own page (their session, their origin), answering the reply's data. */
async function write<T>(page: Page, method: string, path: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, { method: m as string, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) });
      return { status: res.status, json: await res.json() };
    },
    [method, path, body],
  );
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json.data as T;
}

describe('a notification leads to its subject', () => {
  it('a reply to a comment on page 2 of a thread: the notification opens that page with the comment scrolled to and ringed', async () => {
    const shot = screenshotter('notification-link');
    const ann = await person('Ann Author');
    const ben = await person('Ben Replier');

    // Ann's community, discussion and 22 comments: the last two are on page 2 (20 a page).
    const { communityId } = await write<{ communityId: string }>(ann.page, 'POST', '/api/communities', { name: `Long Takes ${run}`, isPublic: true });
    const { discussionId } = await write<{ discussionId: string }>(ann.page, 'POST', `/api/communities/${communityId}/discussions`, {
      title: 'Every shot of Stalker, ranked',
    });
    const comments: string[] = [];
    for (let i = 1; i <= 22; i++) {
      const c = await write<{ commentId: string }>(ann.page, 'POST', `/api/communities/${communityId}/discussions/${discussionId}/comments`, { text: `Shot number ${i}` });
      comments.push(c.commentId);
    }
    const target = comments[20];
    // Ben replies to Ann's 21st comment.
    await write(ben.page, 'POST', `/api/communities/${communityId}/discussions/${discussionId}/comments`, { text: 'The dog scene belongs higher.', parentId: target });

    const { page } = ann;
    await page.goto('/home');
    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const link = panel.getByRole('link', { name: /Ben Replier replied to your comment/ });
    await link.waitFor();
    await shot(page, 'bell');
    await link.click();

    await page.waitForURL(`**/community/${communityId}/discussions/${discussionId}?**`);
    const comment = page.locator(`#comment-${target}`);
    await expect.poll(() => comment.getAttribute('data-highlighted')).toBe('true');
    expect(await comment.getAttribute('class')).toContain('highlight-ring');
    await shot(page, 'comment-ringed');
    // Scrolled to: its top is on screen.
    await expect.poll(() => comment.evaluate((e) => e.getBoundingClientRect().top >= 0 && e.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    // Page 2 loaded without a click: the comment and its reply are there, and nothing is left to load.
    await comment.getByText('Shot number 21').waitFor();
    await comment.getByText('The dog scene belongs higher.').waitFor();
    expect(await page.getByText('Shot number 22', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Load more comments' }).count()).toBe(0);
    await settled(page);
    await shot(page, 'comment-after');

    // A notification whose subject is gone says so instead of failing.
    await page.goto('/go/comment/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'This is no longer here' }).waitFor();
    await ann.context.close();
    await ben.context.close();
  });

  it('a like of a review: the notification opens the title page with the review scrolled to and ringed', async () => {
    const shot = screenshotter('notification-link-review');
    const cleo = await person('Cleo Critic');
    const dan = await person('Dan Liker');
    const review = await write<{ id: string }>(cleo.page, 'POST', '/api/ratings-and-reviews/create', {
      titleId: 'tt0068646',
      rating: 10,
      review: 'The wedding, the garden, the door closing: every scene a lesson.',
    });
    await write(dan.page, 'POST', `/api/ratings-and-reviews/${review.id}/likes`, {});

    const { page } = cleo;
    await page.goto('/home');
    await page.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: /Dan Liker liked your review/ }).click();
    await page.waitForURL(`**/home/movie/tt0068646#review-${review.id}`);
    const card = page.locator(`#review-${review.id}`);
    await expect.poll(() => card.getAttribute('data-highlighted')).toBe('true');
    await card.getByText('every scene a lesson').waitFor();
    await expect.poll(() => card.evaluate((e) => e.getBoundingClientRect().top >= 0 && e.getBoundingClientRect().top < window.innerHeight)).toBe(true);
    await shot(page, 'review-ringed');
    // Shown once, though it is both on the first page of reviews and linked.
    expect(await page.locator(`[id="review-${review.id}"]`).count()).toBe(1);
    await cleo.context.close();
    await dan.context.close();
  });
});
