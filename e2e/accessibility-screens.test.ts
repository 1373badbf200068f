import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, grantModerator, type Stack, screenReady, seriousViolations, sharedStack, signUpThroughUi, usernameFor } from './harness.ts';

/**
 * Every screen of the router through axe (WCAG 2.1 AA), signed out where it can be reached and signed in (as a
 * moderator, for /moderation), at 1440 and 390 px: no serious or critical violation. The screens hold content (a
 * rating with a review, a list, a community with a discussion and a comment, a conversation, notifications, an open
 * report), so what axe checks is what people see, not empty states only.
 */
let stack: Stack;
const run = Date.now().toString(36);
const emailOf = (name: string) => `a11y.${name}.${run}@example.com`;

interface World {
  titleUrl: string;
  showUrl: string;
  listId: string;
  communityId: string;
  discussionUrl: string;
  otherUsername: string;
  year: number;
}
let world: World;
/** Ada, a moderator with content of her own; Ben, who follows her, writes to her and reports. */
let ada: { page: Page; close: () => Promise<void> };

beforeAll(async () => {
  stack = await sharedStack();
  const a = await stack.newPage(1440, 900);
  const b = await stack.newPage(1440, 900);
  await signUpThroughUi(stack, a.page, emailOf('ada'), 'Ada Access');
  await signUpThroughUi(stack, b.page, emailOf('ben'), 'Ben Browse');
  await grantModerator(stack, emailOf('ada'));

  const movie = (await api<{ results: { id: string; type: string }[] }>(a.page, 'GET', '/api/search?q=inception')).results[0];
  const show = (await api<{ results: { id: string; type: string }[] }>(a.page, 'GET', '/api/search?q=breaking%20bad&type=tvSeries')).results[0];
  const me = await api<{ id: string }>(a.page, 'GET', '/api/user/me');
  const ben = await api<{ id: string }>(b.page, 'GET', '/api/user/me');

  await api(a.page, 'POST', '/api/ratings-and-reviews/create', { titleId: movie.id, rating: 9, review: 'A dream inside a dream, and it holds together.' });
  await api(b.page, 'POST', '/api/ratings-and-reviews/create', { titleId: movie.id, rating: 7, review: 'Loud, clever, a little long.' });
  await api(a.page, 'POST', '/api/watchlist', { titleId: show.id });
  await api(a.page, 'POST', '/api/diary', { titleId: movie.id });
  const list = await api<{ listId: string }>(a.page, 'POST', '/api/lists', {
    name: 'Mind benders',
    description: 'Films that fold back on themselves.',
    contentList: [{ titleId: movie.id, note: 'Start here.' }],
  });
  const { communityId } = await api<{ communityId: string }>(a.page, 'POST', '/api/communities', {
    name: `Heist night ${run}`,
    description: 'Capers, cons and vaults.',
    isPublic: true,
  });
  const { discussionId } = await api<{ discussionId: string }>(a.page, 'POST', `/api/communities/${communityId}/discussions`, {
    title: 'Best heist of the decade?',
    body: 'Make your case.',
  });
  await api(b.page, 'POST', `/api/communities/join-community/${communityId}`, { userId: ben.id });
  await api(b.page, 'POST', `/api/communities/${communityId}/discussions/${discussionId}/comments`, { text: 'The dream one, obviously.' });
  await api(b.page, 'POST', '/api/user/follow', { fromId: ben.id, toId: me.id });
  await api(a.page, 'POST', '/api/user/follow', { fromId: me.id, toId: ben.id });
  await api(b.page, 'POST', '/api/messages', { toId: me.id, text: 'Loved your list!' });
  await api(b.page, 'POST', '/api/reports', { targetType: 'discussion', targetId: discussionId, reason: 'Off topic' });
  await b.context.close();

  world = {
    titleUrl: `/home/${movie.type}/${movie.id}`,
    showUrl: `/home/${show.type}/${show.id}`,
    listId: list.listId,
    communityId,
    discussionUrl: `/community/${communityId}/discussions/${discussionId}`,
    otherUsername: usernameFor(emailOf('ben')),
    year: new Date().getUTCFullYear(),
  };
  ada = { page: a.page, close: () => a.context.close() };
}, 300000);

afterAll(async () => {
  await ada?.close();
});

/** Every screen of the router, signed in, with what to do once it shows (open a dialog or a panel on it). */
function signedInScreens(w: World): [string, string, ((page: Page) => Promise<void>)?][] {
  return [
    ['home', '/home'],
    ['title page (movie)', w.titleUrl],
    ['title page (series)', w.showUrl],
    ['own profile', '/profile/view'],
    ['followers', '/profile/view', async (page) => {
      await page.getByRole('button', { name: /Follower/ }).first().click();
      await page.getByRole('dialog').waitFor();
    }],
    ['someone’s profile', `/profile/${w.otherUsername}`],
    ['search results', '/search?q=dream'],
    ['top search box', '/home', async (page) => {
      // On a phone the box opens from the top bar's Search button.
      const phoneSearch = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
      if (await phoneSearch.isVisible()) await phoneSearch.click();
      // Both groups: titles and people ('Ben-Hur', Ben Browse).
      await page.getByRole('banner').getByRole('combobox').first().fill('ben');
      await page.getByRole('group', { name: 'Matches' }).getByRole('option').first().waitFor();
      await page.getByRole('group', { name: 'People' }).getByRole('option', { name: /Ben Browse/ }).waitFor();
    }],
    ['directory', '/directory'],
    ['directory of movies', '/directory/movies'],
    ['directory of shows', '/directory/shows'],
    ['movies', '/movies'],
    ['shows', '/shows'],
    ['discussions', '/discussions'],
    ['communities', '/community'],
    ['community', `/community/${w.communityId}`],
    ['discussion', w.discussionUrl],
    ['lists', '/lists'],
    ['list', `/lists/${w.listId}/view`],
    ['list editor', `/lists/edit-list?listId=${w.listId}`],
    ['new discussion', '/createDiscussion'],
    ['new community', '/createCommunity'],
    ['new list', '/createList'],
    ['watchlist', '/watchlist'],
    ['diary', '/diary'],
    ['year in review', `/diary/${w.year}`],
    ['messages', '/messages'],
    ['conversation', '/messages', async (page) => {
      await page.getByRole('link', { name: /Ben Browse/ }).first().click();
      // The conversation's own list (on a phone the list of conversations, which also quotes it, is then hidden).
      await page.getByRole('list', { name: 'Messages' }).getByText('Loved your list!').waitFor();
    }],
    ['notifications', '/home', async (page) => {
      await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('dialog', { name: 'Notifications' }).or(page.getByRole('region', { name: 'Notifications' })).first().waitFor();
    }],
    ['account menu', '/home', async (page) => {
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'My profile' }).waitFor();
    }],
    ['feed', '/feed'],
    ['levels', '/levels'],
    ['people', '/people'],
    ['import', '/settings/import'],
    ['account settings', '/settings/account'],
    ['safety settings', '/settings/safety'],
    ['moderation', '/moderation'],
    ['premium', '/premium'],
    ['gems', '/gems'],
    ['badges', '/badges'],
    ['onboarding', '/onboarding'],
    ['not found', '/no-such-page'],
  ];
}

async function check(page: Page, found: Record<string, string[]>, name: string) {
  await screenReady(page);
  const v = await seriousViolations(page);
  if (v.length) found[name] = v;
}

describe('accessibility of every screen (axe, WCAG 2.1 AA)', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`signed out: the landing page, sign-in and its sent state, a member's page at ${width} px`, async () => {
      const { context, page } = await stack.newPage(width, height);
      const found: Record<string, string[]> = {};
      await page.goto('/');
      await page.getByText('Ready to start').first().waitFor();
      await check(page, found, 'landing');
      await page.goto('/login');
      await page.getByLabel('E-mail address').waitFor();
      await check(page, found, 'sign in');
      await page.getByLabel('E-mail address').fill(emailOf(`visitor${width}`));
      await page.getByRole('button', { name: 'Send sign-in link' }).click();
      await page.getByText('Check your inbox').first().waitFor();
      await check(page, found, 'sign-in link sent');
      await page.goto(`/lists/${world.listId}/view`);
      await check(page, found, 'a list, signed out');
      await page.goto(world.titleUrl);
      await check(page, found, 'a title page, signed out');
      expect(found).toEqual({});
      await context.close();
    }, 120000);

    it(`signed in: every screen at ${width} px`, async () => {
      const { page } = ada;
      await page.setViewportSize({ width, height });
      const found: Record<string, string[]> = {};
      for (const [name, url, open] of signedInScreens(world)) {
        await page.goto(url);
        // check() waits for the screen to be ready; a screen with something to open waits before opening it too.
        if (open) {
          await screenReady(page);
          await open(page);
        }
        await check(page, found, name);
      }
      expect(found).toEqual({});
      // Forty-odd screens at each width: the time of the other long journeys on a loaded machine.
    }, 600000);
  }
});
