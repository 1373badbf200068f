import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshotter, seriousViolations, sharedStack, signUpThroughUi } from './harness.ts';

const TITLE = 'The Shawshank Redemption';
const REVIEW = 'Patient, humane and quietly thrilling: the escape still lands every time.';

let stack: Stack;
beforeAll(async () => {
  // The server imports the starter catalogue on first start; journeys on it share it (harness.ts sharedStack).
  stack = await sharedStack();
}, 180000);

/** Calls the API with the page's own session cookie, as the page would (same origin). */
async function call(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await page.request.fetch(path, { method, data, headers: { origin: stack.baseUrl } });
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return ((await response.json()) as { data: unknown }).data;
}
const idOf = async (page: Page) => ((await call(page, 'GET', '/api/auth/session')) as { user: { id: string } }).user.id;

/** Serious and critical WCAG 2.1 AA violations inside one part of the page (the rest belongs to other journeys). */
async function violationsIn(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A screenshot at 390 px and at 1440 px of the same state. */
async function bothSizes(page: Page, shot: (page: Page, step: string) => Promise<void>, step: string) {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${step}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, `${step}-1440`);
  await page.setViewportSize(size);
}

describe('live social journey', () => {
  it('notifies a follow live, exchanges messages live, closes the conversation on a block, and shows the feed', { timeout: 180000 }, async () => {
    const shot = screenshotter('live');
    const stamp = Date.now();
    const ana = await stack.newPage(1440, 900);
    const ben = await stack.newPage(390, 844);
    await signUpThroughUi(stack, ana.page, `ana.${stamp}@example.com`, 'Ana Live');
    await signUpThroughUi(stack, ben.page, `ben.${stamp}@example.com`, 'Ben Live');
    const anaId = await idOf(ana.page);
    const benId = await idOf(ben.page);

    // Ben follows Ana: Ana's bell counts it without a reload.
    const anaBell = ana.page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => anaBell.getAttribute('aria-label')).toBe('Notifications');
    await call(ben.page, 'POST', '/api/user/follow', { fromId: benId, toId: anaId });
    await expect.poll(() => anaBell.getAttribute('aria-label'), { timeout: 5000 }).toBe('Notifications, 1 unread');
    await anaBell.click();
    const panel = ana.page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('link', { name: 'Unread: Ben Live followed you' }).waitFor();
    await bothSizes(ana.page, shot, 'bell-panel');
    expect(await violationsIn(ana.page, 'header')).toEqual([]);
    await panel.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => anaBell.getAttribute('aria-label')).toBe('Notifications');
    await panel.getByRole('link', { name: 'Ben Live followed you' }).waitFor();
    await ana.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // Ana writes first (Ben follows her); Ben sees the unread count and the message arrive live.
    await ana.page.goto(`/messages?to=${benId}`);
    const anaBox = ana.page.getByLabel('Message to Ben Live');
    await anaBox.fill('Hi Ben, thanks for the follow!');
    await anaBox.press('Enter');
    await ana.page.waitForURL(/\/messages\?c=/);
    await ana.page.getByRole('list', { name: 'Messages' }).getByText('Hi Ben, thanks for the follow!').waitFor();
    const benMessages = ben.page.getByRole('banner').getByRole('link', { name: /^Messages/ });
    await expect.poll(() => benMessages.getAttribute('aria-label'), { timeout: 5000 }).toBe('Messages, 1 unread');
    await benMessages.click();
    await ben.page.getByRole('link', { name: /Ana Live/ }).click();
    const benThread = ben.page.getByRole('list', { name: 'Messages' });
    await benThread.getByText('Hi Ben, thanks for the follow!').waitFor();
    await expect.poll(() => benMessages.getAttribute('aria-label')).toBe('Messages');
    await ben.page.getByLabel('Message to Ana Live').fill('Hello Ana! Loved your list.');
    await ben.page.getByRole('button', { name: 'Send' }).click();
    await ana.page.getByRole('list', { name: 'Messages' }).getByText('Hello Ana! Loved your list.').waitFor({ timeout: 5000 });
    await benThread.getByText('Hello Ana! Loved your list.').waitFor();
    await bothSizes(ana.page, shot, 'conversation');
    expect(await seriousViolations(ana.page)).toEqual([]);

    // Someone who neither follows Ana nor wrote to her: the refusal is shown as the server words it.
    const cleo = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, cleo.page, `cleo.${stamp}@example.com`, 'Cleo Live');
    const cleoId = await idOf(cleo.page);
    await cleo.context.close();
    await ana.page.goto(`/messages?to=${cleoId}`);
    await ana.page.getByLabel('Message to Cleo Live').fill('Hello?');
    await ana.page.getByRole('button', { name: 'Send' }).click();
    await ana.page.getByRole('alert').getByText('You can write to someone once they follow you or have written to you.').waitFor();
    await shot(ana.page, 'not-allowed');
    await ana.page.getByRole('complementary', { name: 'Conversations' }).getByRole('link', { name: /Ben Live/ }).click();
    await ana.page.getByLabel('Message to Ben Live').waitFor();

    // Ben blocks Ana from the conversation: it closes on both pages at once.
    await ben.page.getByRole('button', { name: 'Block', exact: true }).click();
    await ben.page.getByRole('button', { name: 'Block Ana Live' }).click();
    await ben.page.getByText('You blocked Ana Live. This conversation is closed.').waitFor();
    await ana.page.getByText('This conversation is closed. You can no longer write to each other.').waitFor({ timeout: 5000 });
    expect(await ana.page.getByLabel('Message to Ben Live').count()).toBe(0);
    expect(await ben.page.getByLabel('Message to Ana Live').count()).toBe(0);
    await bothSizes(ana.page, shot, 'closed');
    const refused = await ana.page.request.post('/api/messages', { data: { toId: benId, text: 'Still there?' }, headers: { origin: stack.baseUrl } });
    expect(refused.status()).toBe(403);

    // Unblocking from the blocked-people list opens it again.
    await ben.page.goto('/messages');
    await ben.page.getByText('Blocked people (1)').click();
    await ben.page.getByRole('button', { name: 'Unblock Ana Live' }).click();
    await ben.page.getByText('You haven’t blocked anyone.').waitFor();
    await ben.page.getByRole('link', { name: /Ana Live/ }).click();
    await ben.page.getByLabel('Message to Ana Live').waitFor();

    // The feed: Ben follows Ana again (the block ended the follow); Ana reviews a title; Ben's feed shows it.
    await call(ben.page, 'POST', '/api/user/follow', { fromId: benId, toId: anaId });
    await call(ana.page, 'POST', '/api/ratings-and-reviews/create', { titleId: 'tt0111161', rating: 9, review: REVIEW });
    await ben.page.goto('/feed');
    const item = ben.page.getByRole('list', { name: 'From people you follow' }).getByRole('article').first();
    await item.getByText(REVIEW).waitFor();
    expect(await item.textContent()).toContain(`Ana Live reviewed ${TITLE}`);
    await bothSizes(ben.page, shot, 'feed');
    expect(await seriousViolations(ben.page)).toEqual([]);

    // On home, the section loads once scrolled near.
    await ben.page.goto('/home');
    await ben.page.getByRole('heading', { name: 'From people you follow' }).scrollIntoViewIfNeeded();
    await ben.page.getByRole('list', { name: 'From people you follow' }).getByText(REVIEW).waitFor();
    await shot(ben.page, 'home-feed-390');

    await ana.context.close();
    await ben.context.close();
  });
});
