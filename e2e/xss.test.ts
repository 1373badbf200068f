import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, grantModerator, type Stack, screenReady, sharedStack, signUpThroughUi, usernameFor } from './harness.ts';

/**
 * A corpus of classic XSS payloads written through every text field a person can fill (through the API, as an
 * attacker would), then shown in Chromium on every page that shows them: no script runs (no dialog, no marker set),
 * the Content-Security-Policy reports no violation, and each payload reads as text where it belongs. The RSS feeds,
 * XML, are fetched and parsed: the payloads come back as text, never as markup.
 */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=window.__xss=1>',
  '"><img src=x onerror=window.__xss=1>',
  "'><script>alert(1)</script>",
  '</textarea><script>window.__xss=1</script>',
  '</title><script>window.__xss=1</script>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">click me</a>',
  'javascript:window.__xss=1',
  '[click](javascript:window.__xss=1)',
  '{{constructor.constructor(\'window.__xss=1\')()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-string payload, on purpose
  '${window.__xss=1}',
  '<div style="width:expression(window.__xss=1)">css</div>',
  '<style>@import "javascript:window.__xss=1";</style>',
  '\u003cscript\u003ewindow.__xss=1\u003c/script\u003e in unicode escapes',
  '＜script＞window.__xss=1＜/script＞',
  '\u202e<img src=x onerror=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<math><mtext></p><img src=x onerror=window.__xss=1>',
  'https://example.com/"onmouseover="window.__xss=1"',
  '<body onload=alert(1)>',
];

/** The corpus in pieces of at most `max` characters, one payload a line. */
function chunks(max: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const p of PAYLOADS) {
    const next = current ? `${current}\n${p}` : p;
    if (next.length > max) {
      out.push(current);
      current = p;
    } else current = next;
  }
  if (current) out.push(current);
  return out;
}

let stack: Stack;
const run = Date.now().toString(36);
const emailOf = (name: string) => `xss.${name}.${run}@example.com`;
const xavierName = '<img src=x onerror=alert(1)>';
const bioChunks = chunks(300);
const listName = `</title><script>window.__xss=1</script>${run}`;
const communityName = `<svg onload=window.__xss=1> ${run}`;
const discussionTitle = `"><img src=x onerror=window.__xss=1> ${run}`;
const allText = PAYLOADS.join('\n');

/** What each page must show as text, and where it is. */
let pages: { name: string; url: string; shows: string[]; open?: (page: Page) => Promise<void> }[];
let reader: { page: Page; close: () => Promise<void> };
let xavierUsername: string;

/** Watches a page for anything a payload could run: dialogs, CSP violations (event and console), the marker. */
async function watch(page: Page) {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) seen.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (/content security policy/i.test(e.message)) seen.push(`page error: ${e.message}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      w.__csp = [...(w.__csp ?? []), `${e.violatedDirective} ${e.blockedURI}`];
    });
  });
  return seen;
}

beforeAll(async () => {
  stack = await sharedStack();
  const x = await stack.newPage(1440, 900);
  const m = await stack.newPage(1440, 900);
  await signUpThroughUi(stack, x.page, emailOf('xavier'), 'Xavier');
  await signUpThroughUi(stack, m.page, emailOf('mona'), 'Mona Reader');
  await grantModerator(stack, emailOf('mona'));
  xavierUsername = usernameFor(emailOf('xavier'));
  const xp = x.page;
  const xavier = await api<{ id: string }>(xp, 'GET', '/api/user/me');
  const mona = await api<{ id: string }>(m.page, 'GET', '/api/user/me');

  // A username takes letters, digits, dots and underscores only: a payload there is refused, naming the field.
  const refused = await xp.evaluate(async () => {
    const res = await fetch('/api/user/setProfile', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ displayName: 'Xavier', username: '<script>x</script>' }),
    });
    return { status: res.status, text: await res.text() };
  });
  expect(refused.status).toBe(400);
  expect(refused.text).toMatch(/username/i);

  // The profile: a display name and a bio holding payloads.
  await api(xp, 'POST', '/api/user/setProfile', { displayName: xavierName, bio: bioChunks[0] });

  // Reviews, a list with notes, a community with a discussion and a comment, a message, reports.
  const titles = (await api<{ results: { id: string; type: string; title: string }[] }>(xp, 'GET', '/api/search?q=the%20godfather')).results.slice(0, 3);
  const movie = titles[0];
  const { id: reviewId } = await api<{ id: string }>(xp, 'POST', '/api/ratings-and-reviews/create', { titleId: movie.id, rating: 7, review: allText });
  const noteChunks = chunks(500);
  const { listId } = await api<{ listId: string }>(xp, 'POST', '/api/lists', {
    name: listName,
    description: chunks(1000)[0],
    contentList: titles.map((t, i) => ({ titleId: t.id, note: noteChunks[i % noteChunks.length] })),
  });
  const { communityId } = await api<{ communityId: string }>(xp, 'POST', '/api/communities', { name: communityName, description: allText, isPublic: true });
  const { discussionId } = await api<{ discussionId: string }>(xp, 'POST', `/api/communities/${communityId}/discussions`, { title: discussionTitle, body: allText });
  await api(m.page, 'POST', `/api/communities/join-community/${communityId}`, { userId: mona.id });
  const comment = await api<{ commentId: string }>(xp, 'POST', `/api/communities/${communityId}/discussions/${discussionId}/comments`, { text: allText });
  // Mona follows Xavier, so he may write to her; he follows her back, which she is told of.
  await api(m.page, 'POST', '/api/user/follow', { fromId: mona.id, toId: xavier.id });
  await api(xp, 'POST', '/api/user/follow', { fromId: xavier.id, toId: mona.id });
  const message = await api<{ id: string }>(xp, 'POST', '/api/messages', { toId: mona.id, text: allText });
  // Mona reports each of his things, each reason a piece of the corpus.
  const reasons = chunks(500);
  const targets: [string, string][] = [
    ['person', xavier.id],
    ['review', reviewId],
    ['list', listId],
    ['discussion', discussionId],
    ['comment', comment.commentId],
    ['message', message.id],
  ];
  for (const [i, [targetType, targetId]] of targets.entries()) {
    await api(m.page, 'POST', '/api/reports', { targetType, targetId, reason: reasons[i % reasons.length] });
  }
  // The community's own report, seen by its admin.
  await api(m.page, 'POST', `/api/discussions/${discussionId}/reports`, { reason: reasons[0] });
  await x.context.close();

  const titleUrl = `/home/${movie.type}/${movie.id}`;
  const discussionUrl = `/community/${communityId}/discussions/${discussionId}`;
  const first = (s: string) => s.split('\n')[0];
  pages = [
    { name: 'profile', url: `/profile/${xavierUsername}`, shows: [xavierName, first(bioChunks[0])] },
    { name: 'title page reviews', url: titleUrl, shows: [xavierName, PAYLOADS[0], PAYLOADS[PAYLOADS.length - 1]] },
    { name: 'list page', url: `/lists/${listId}/view`, shows: [listName, first(chunks(1000)[0]), first(noteChunks[0])] },
    { name: 'community', url: `/community/${communityId}`, shows: [communityName, discussionTitle] },
    { name: 'communities', url: '/community', shows: [communityName] },
    { name: 'discussion', url: discussionUrl, shows: [discussionTitle, PAYLOADS[3], PAYLOADS[10]] },
    { name: 'discussions', url: '/discussions', shows: [discussionTitle] },
    { name: 'profile of mine (following)', url: '/profile/view', shows: ['Mona Reader'] },
    {
      name: 'conversation',
      url: '/messages',
      shows: [PAYLOADS[1], PAYLOADS[PAYLOADS.length - 2]],
      open: async (page) => {
        await page.getByRole('link', { name: new RegExp(escapeRegExp(xavierName)) }).first().click();
        await page.getByRole('list', { name: 'Messages' }).waitFor();
      },
    },
    {
      name: 'notifications',
      url: '/home',
      shows: [xavierName],
      open: async (page) => {
        await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
        await page.getByText(xavierName).first().waitFor();
      },
    },
    { name: 'moderation queue', url: '/moderation', shows: [first(reasons[0]), xavierName] },
    { name: 'search results', url: `/search?q=${encodeURIComponent(PAYLOADS[1])}`, shows: [PAYLOADS[1]] },
    // People search matches names by their words; the query itself comes back in the page.
    { name: 'people search', url: `/people?q=${encodeURIComponent(xavierName)}`, shows: [] },
    { name: 'home', url: '/home', shows: [] },
    { name: 'lists', url: '/lists', shows: [] },
  ];
  reader = { page: m.page, close: () => m.context.close() };
}, 300000);

afterAll(async () => {
  await reader?.close();
});

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('XSS corpus', () => {
  it('no payload runs or breaks the policy on any page that shows it, and each reads as text', async () => {
    const { page } = reader;
    const seen = await watch(page);
    const missing: Record<string, string[]> = {};
    for (const p of pages) {
      await page.goto(p.url);
      await screenReady(page);
      if (p.open) await p.open(page);
      await screenReady(page);
      const state = await page.evaluate(() => {
        const w = window as unknown as { __xss?: unknown; __csp?: string[] };
        return { xss: w.__xss ?? null, csp: w.__csp ?? [], text: document.body.innerText };
      });
      expect(state.xss, `window.__xss on ${p.name}`).toBeNull();
      expect(state.csp, `CSP violations on ${p.name}`).toEqual([]);
      const absent = p.shows.filter((s) => !state.text.includes(s));
      if (absent.length) missing[p.name] = absent;
      // No link built from user text goes anywhere but http(s) or the app itself.
      const hrefs = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.filter((h) => /^\s*(javascript|data|vbscript):/i.test(h)), `links on ${p.name}`).toEqual([]);
      // Nothing the payloads hold became an element.
      expect(await page.locator('main iframe, main script, main svg[onload], main img[onerror], main details[ontoggle], main style').count(), `elements on ${p.name}`).toBe(0);
    }
    expect(seen).toEqual([]);
    expect(missing).toEqual({});
  }, 300000);

  it('the RSS feeds carry the payloads as escaped text', async () => {
    const { page } = reader;
    for (const kind of ['reviews', 'lists'] as const) {
      const res = await fetch(`${stack.baseUrl}/users/${xavierUsername}/${kind}.rss`);
      expect(res.status).toBe(200);
      const xml = await res.text();
      expect(xml).not.toContain('<script>');
      expect(xml).not.toContain('<img src=x');
      const parsed = await page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, 'application/xml');
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          items: [...doc.querySelectorAll('item')].map((i) => `${i.querySelector('title')?.textContent ?? ''}\n${i.querySelector('description')?.textContent ?? ''}`),
          elements: doc.querySelectorAll('script, img, svg, iframe').length,
        };
      }, xml);
      expect(parsed.error).toBeNull();
      expect(parsed.elements).toBe(0);
      const text = parsed.items.join('\n');
      if (kind === 'reviews') expect(text).toContain(PAYLOADS[0]);
      else expect(text).toContain(listName);
    }
  });
});
