import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capitalizeName } from '../common/display-name.ts';
import { signInLinkOf } from '../server/test/smtp.ts';
import { api, type Stack, screenReady, sharedStack, signUpThroughUi } from './harness.ts';

/**
 * A keyboard-only journey: after the first page.goto (and the e-mail link, which comes by mail), only the keyboard
 * (Tab, Shift+Tab, Enter, Space, arrows, typing). Kim signs in, finds a title with the top search box and rates it,
 * opens a discussion from the side menu and comments on it, then finds its author in the search box's People group
 * (the arrow keys go through every option of both groups) and writes to him from his profile.
 * Each control reached shows a focus ring. Assertions read the page; only the person's actions are keys.
 */
let stack: Stack;
const run = Date.now().toString(36);
const kimEmail = `keys.kim.${run}@example.com`;
const bobEmail = `keys.bob.${run}@example.com`;
const discussionTitle = `Keyboard heists ${run}`;
// Names of their own: journeys on the shared stack never assume an empty database.
const kimName = `Kim Keys ${run}`;
const bobName = `Bob Board ${run}`;
// Names are shown capitalised per word (spec 5): 'Bob Board Mx6an3ur'.
const kimShown = capitalizeName(kimName);
const bobShown = capitalizeName(bobName);
let kim: { id: string };
let communityId: string;
let discussionId: string;

beforeAll(async () => {
  stack = await sharedStack();
  // Kim has an account already; Bob runs a community with a discussion and follows Kim (so she may write to him).
  const k = await stack.newPage(1440, 900);
  await signUpThroughUi(stack, k.page, kimEmail, kimName);
  kim = await api<{ id: string }>(k.page, 'GET', '/api/user/me');
  await k.context.close();
  const b = await stack.newPage(1440, 900);
  await signUpThroughUi(stack, b.page, bobEmail, bobName);
  const bob = await api<{ id: string }>(b.page, 'GET', '/api/user/me');
  ({ communityId } = await api<{ communityId: string }>(b.page, 'POST', '/api/communities', { name: `Keyboard club ${run}`, isPublic: true }));
  ({ discussionId } = await api<{ discussionId: string }>(b.page, 'POST', `/api/communities/${communityId}/discussions`, { title: discussionTitle, body: 'Which one?' }));
  await api(b.page, 'POST', '/api/user/follow', { fromId: bob.id, toId: kim.id });
  await b.context.close();
}, 300000);

afterAll(async () => {
  // The shared stack stops with the run.
});

/** What the focused element is called: its label, its text, or its placeholder. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const input = el as HTMLInputElement;
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled
      ? labelled
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    const name = el.getAttribute('aria-label') || byId || input.labels?.[0]?.textContent || el.textContent || input.placeholder || '';
    return name.replace(/\s+/g, ' ').trim();
  });
}

/** Whether the focused element (or the label around it, for a hidden radio) draws a focus indicator. */
async function focusVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const shows = (el: Element | null) => {
      if (!el) return false;
      const s = getComputedStyle(el);
      return (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    };
    const el = document.activeElement;
    return shows(el) || shows(el?.parentElement ?? null);
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name matches, as someone tabbing through the page would;
 * fails after `max` presses. The control reached must show that it has the focus.
 */
async function tabTo(page: Page, name: RegExp, { back = false, max = 120 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    // The focus may rest on the page itself for a moment (on a control that is replaced as it loads): wait for it to land.
    await page.waitForFunction(() => document.activeElement && document.activeElement !== document.body, undefined, { timeout: 3000 }).catch(() => undefined);
    const focused = await focusedName(page);
    seen.push(focused.slice(0, 40));
    if (name.test(focused)) {
      expect(await focusVisible(page), `focus ring on ${name}`).toBe(true);
      return;
    }
  }
  throw new Error(`${name} was not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; focus went to: ${seen.slice(0, 60).join(' | ')}`);
}

/** Waits until the search box's matches for what is typed have come (its listbox no longer busy). */
async function settledOptions(page: Page) {
  await page.waitForFunction(() => {
    const listbox = document.querySelector('[role=listbox]');
    return listbox !== null && listbox.getAttribute('aria-busy') !== 'true' && listbox.querySelector('[role=option]') !== null;
  });
}

describe('keyboard only', () => {
  it('signs in, searches and rates a title, comments on a discussion and writes to its author', { timeout: 240000 }, async () => {
    const { context, page } = await stack.newPage(1440, 900);

    // Sign in: the address, Enter; the link from the mail.
    await page.goto('/login');
    await page.getByLabel('E-mail address').waitFor();
    await tabTo(page, /^E-mail address$/);
    await page.keyboard.type(kimEmail);
    await page.keyboard.press('Enter');
    await page.getByText('Check your inbox').first().waitFor();
    await page.goto(signInLinkOf((await stack.smtp.mailFor(kimEmail)).raw));
    await page.waitForURL('**/home');
    await screenReady(page);

    // The top search box: type (the box keeps what is typed while its full self loads), arrow down to the title, Enter.
    await tabTo(page, /^Search movies and TV shows$/);
    await page.keyboard.type('inception');
    const box = page.getByRole('combobox', { name: 'Search movies and TV shows' });
    expect(await box.inputValue()).toBe('inception');
    await settledOptions(page);
    // The title typed is the first option.
    const inception = await page.getByRole('option', { name: /^Inception\b/ }).first().getAttribute('id');
    expect(await page.getByRole('option').first().getAttribute('id')).toBe(inception);
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(inception);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/home\/movie\//);
    await page.getByRole('heading', { level: 1, name: 'Inception' }).waitFor();
    const titleId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await screenReady(page);

    // Rate it: Tab to the stars, arrows to 8, Tab to the review, type, Tab to Save, Enter.
    await tabTo(page, /^1 out of 10$/);
    // The first arrow chooses 2 and opens the rating form, which keeps the focus on the chosen star.
    await page.keyboard.press('ArrowRight');
    await page.getByRole('form', { name: 'Your rating' }).waitFor();
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.checked === true);
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('8 out of 10');
    await tabTo(page, /^Review \(optional\)$/);
    await page.keyboard.type('Rated without a mouse.');
    await tabTo(page, /^Save rating$/);
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: `Review by ${kimShown}` }).getByText('Rated without a mouse.').waitFor();
    const mine = await api<{ rating: { rating: number; review: string } | null }>(page, 'GET', `/api/movies/movie/${encodeURIComponent(titleId)}/me`);
    expect(mine.rating).toMatchObject({ rating: 8, review: 'Rated without a mouse.' });

    // The side menu's Discussions, then the discussion in the list (Shift+Tab back up to the menu from here).
    await tabTo(page, /^Discussions$/, { back: true, max: 200 });
    await page.keyboard.press('Enter');
    await page.waitForURL('**/discussions');
    await screenReady(page);
    await tabTo(page, new RegExp(discussionTitle), { max: 200 });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/discussions/${discussionId}`);
    await page.getByRole('heading', { level: 1, name: discussionTitle }).waitFor();
    await screenReady(page);

    // Comment: Tab to the box, type, Tab to Comment, Enter.
    await tabTo(page, /^(Add a comment|Write a comment|Comment on this discussion|Add to the discussion)/i);
    await page.keyboard.type('Typed and sent with the keyboard.');
    await tabTo(page, /^Comment$/);
    await page.keyboard.press('Enter');
    await page.getByRole('article').getByText('Typed and sent with the keyboard.').first().waitFor();
    const comments = await api<{ results: { text: string; author: { userId: string } | null }[] }>(
      page,
      'GET',
      `/api/communities/${communityId}/discussions/${discussionId}/comments`,
    );
    expect(comments.results.some((c) => c.text === 'Typed and sent with the keyboard.' && c.author?.userId === kim.id)).toBe(true);

    // The author's profile, from the top search box (Shift+Tab back up to it): his name, then the arrow keys through
    // every option of both groups, titles then people, each one announced (aria-activedescendant), back up to him, Enter.
    await tabTo(page, /^Search movies and TV shows$/, { back: true, max: 200 });
    await page.keyboard.type('bob board');
    const people = page.getByRole('group', { name: 'People' });
    await people.getByRole('option', { name: new RegExp(bobShown) }).waitFor();
    await settledOptions(page);
    const options = await page.getByRole('listbox').getByRole('option').evaluateAll((els) => els.map((el) => ({ id: el.id, text: el.textContent ?? '' })));
    expect(await page.getByRole('group', { name: 'Matches' }).getByRole('option').count(), 'titles match "bob board" too').toBeGreaterThan(0);
    const bobAt = options.findIndex((o) => o.text.includes(bobShown));
    expect(bobAt).toBeGreaterThan(0);
    const search = page.getByRole('combobox', { name: 'Search movies and TV shows' });
    for (const option of options) {
      await page.keyboard.press('ArrowDown');
      expect(await search.getAttribute('aria-activedescendant')).toBe(option.id);
    }
    for (let i = options.length - 2; i >= bobAt; i--) {
      await page.keyboard.press('ArrowUp');
      expect(await search.getAttribute('aria-activedescendant')).toBe(options[i].id);
    }
    expect(await page.locator(`[id="${options[bobAt].id}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/profile\//);
    await page.getByRole('heading', { level: 1, name: bobShown }).waitFor();
    await screenReady(page);
    // The button shows once the server said a message would be accepted, as a person waits for the page to load.
    await page.getByRole('link', { name: `Message ${bobShown}` }).waitFor();
    await tabTo(page, new RegExp(`^Message ${bobShown}$`));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/messages\?/);
    await screenReady(page);
    await tabTo(page, new RegExp(`^Message to ${bobShown}$`));
    await page.keyboard.type('Hello from the keyboard.');
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Messages' }).getByText('Hello from the keyboard.').waitFor();
    const { results: conversations } = await api<{ results: { with: { displayName: string }; lastMessage: { text: string } | null }[] }>(
      page,
      'GET',
      '/api/messages/conversations',
    );
    expect(conversations.some((c) => c.with.displayName === bobShown && c.lastMessage?.text === 'Hello from the keyboard.')).toBe(true);

    await context.close();
  });
});
