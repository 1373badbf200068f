import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotter, seriousViolations, settled, signUpThroughUi, startStack } from './harness.ts';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
}, 120000);
afterAll(async () => {
  await stack?.stop();
});

const run = Date.now().toString(36);
const PUBLIC = `Slow Cinema Club ${run}`;
const PRIVATE = `Criterion Night ${run}`;
const TITLE = 'Is Jeanne Dielman the most patient film ever made?';
const BODY = 'Three and a half hours of potatoes and it still grips. Essay: https://example.com/jeanne-dielman';
const SECRET = 'Members only: the projection booth schedule';

/** A screenshot of the same screen at 390 and at 1440 px wide. */
async function shotBoth(shot: ReturnType<typeof screenshotter>, page: Page, step: string) {
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(page);
    await shot(page, `${step}-${width}`);
  }
  await page.setViewportSize(size);
}

async function person(name: string, width = 1440, height = 900) {
  const p = await stack.newPage(width, height);
  await signUpThroughUi(stack, p.page, `${name.toLowerCase().replace(/\W+/g, '.')}.${run}@example.com`, name);
  return p;
}

describe('communities and discussions', () => {
  let publicUrl = '';
  let discussionUrl = '';

  it('creates a public community with an image; a second person joins and posts; a third comments, replies and likes', async () => {
    const shot = screenshotter('communities');
    const admin = await person('Agnes Admin');
    const { page } = admin;

    await page.goto('/community');
    await page.getByRole('heading', { level: 1, name: 'Communities' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Create community' }).click();
    await page.waitForURL('**/createCommunity');

    const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: { r: 120, g: 40, b: 60 } } })
      .composite([{ input: Buffer.from('<svg width="1280" height="720"><circle cx="640" cy="360" r="220" fill="#ffb347"/></svg>'), top: 0, left: 0 }])
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Preview of what you chose' }).waitFor();
    await expect.poll(() => page.getByText('Uploading…').count()).toBe(0);
    await page.getByLabel('Name').fill(PUBLIC);
    await page.getByLabel('Description').fill('Long takes, still frames and films that trust you. Akerman, Tarr, Kiarostami and friends.');
    await shotBoth(shot, page, 'create-community');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create community' }).click();
    await page.getByRole('heading', { level: 1, name: PUBLIC }).waitFor();
    publicUrl = new URL(page.url()).pathname;
    expect(publicUrl).toMatch(/^\/community\/[0-9a-f-]{36}$/);
    // The stored image, not the preview, is the community's picture.
    await expect.poll(() => page.locator('header img').first().getAttribute('src')).toMatch(/^\/media\/images\/.+\.webp$/);
    await expect.poll(() => page.getByRole('button', { name: `Admin ${PUBLIC}` }).getAttribute('data-membership')).toBe('admin');
    await page.getByText('1 member', { exact: true }).waitFor();
    // The admin's button does nothing (and says so to assistive technology with aria-disabled).
    await page.getByRole('button', { name: `Admin ${PUBLIC}` }).click({ force: true });
    await settled(page);
    expect(await page.getByRole('button', { name: `Admin ${PUBLIC}` }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('button', { name: `Admin ${PUBLIC}` }).getAttribute('data-membership')).toBe('admin');
    expect(await page.getByRole('status').getByText(/joined|left|pending/i).count()).toBe(0);
    await shotBoth(shot, page, 'community-admin');
    expect(await seriousViolations(page)).toEqual([]);

    // A second person joins and starts a discussion.
    const poster = await person('Bruno Poster', 390, 844);
    await poster.page.goto(publicUrl);
    await poster.page.getByRole('button', { name: `Join ${PUBLIC}` }).click();
    await poster.page.getByText(`You joined ${PUBLIC}!`).waitFor();
    await poster.page.getByRole('button', { name: `Joined ${PUBLIC}` }).waitFor();
    await poster.page.getByText('2 members', { exact: true }).waitFor();
    await poster.page.getByRole('link', { name: 'Start a discussion' }).first().click();
    await poster.page.waitForURL('**/createDiscussion?communityId=*');
    await expect.poll(() => poster.page.getByLabel('Community').inputValue()).toBe(publicUrl.split('/').pop());
    await poster.page.getByLabel('Title').fill(TITLE);
    await poster.page.getByLabel('Text (optional)').fill(BODY);
    await shotBoth(shot, poster.page, 'create-discussion');
    await poster.page.getByRole('button', { name: 'Post discussion' }).click();
    await poster.page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    discussionUrl = new URL(poster.page.url()).pathname;
    expect(discussionUrl).toMatch(/^\/community\/[0-9a-f-]{36}\/discussions\/[0-9a-f-]{36}$/);
    // Links in plain text are clickable; nothing else becomes markup.
    expect(await poster.page.getByRole('link', { name: 'https://example.com/jeanne-dielman' }).getAttribute('rel')).toContain('noopener');
    await poster.context.close();

    // A third person comments, replies and likes.
    const reader = await person('Chiara Commenter');
    const r = reader.page;
    await r.goto(publicUrl);
    await r.getByRole('article', { name: TITLE }).waitFor();
    await r.getByRole('button', { name: `Join ${PUBLIC}` }).click();
    await r.getByText(`You joined ${PUBLIC}!`).waitFor();
    await r.getByText('3 members', { exact: true }).waitFor();
    await r.goto(discussionUrl);
    await r.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await r.getByRole('button', { name: 'Like this discussion' }).click();
    await expect.poll(() => r.getByTestId('discussion-like-count').textContent()).toBe('1');
    await r.getByLabel('Write a comment').fill('The bathtub scene alone is worth the running time.');
    await r.getByRole('button', { name: 'Comment', exact: true }).click();
    const comment = r.getByRole('article', { name: 'Comment by Chiara Commenter' }).first();
    await comment.getByText('The bathtub scene alone').waitFor();
    await comment.getByRole('button', { name: 'Reply to Chiara Commenter' }).click();
    await r.getByLabel('Reply to Chiara Commenter').fill('And the meatloaf. Do not forget the meatloaf.');
    await r.getByRole('button', { name: 'Reply', exact: true }).click();
    const reply = r.getByText('And the meatloaf. Do not forget the meatloaf.');
    await reply.waitFor();
    await comment.getByRole('button', { name: 'Like the comment by Chiara Commenter' }).first().click();
    await expect.poll(() => comment.getByTestId('comment-like-count').first().textContent()).toBe('1');
    await r.reload();
    await r.getByText('And the meatloaf. Do not forget the meatloaf.').waitFor();
    await expect.poll(() => r.getByTestId('discussion-like-count').textContent()).toBe('1');
    await r.getByText('2 comments').waitFor();
    // A reply thread folds away and comes back.
    const top = r.getByRole('article', { name: 'Comment by Chiara Commenter' }).first();
    await top.getByRole('button', { name: 'Collapse the comment by Chiara Commenter' }).first().click();
    await top.getByText('1 reply hidden').waitFor();
    expect(await r.getByText('And the meatloaf.', { exact: false }).count()).toBe(0);
    await top.getByRole('button', { name: 'Expand the comment by Chiara Commenter' }).click();
    await r.getByText('And the meatloaf. Do not forget the meatloaf.').waitFor();
    await shotBoth(shot, r, 'discussion');
    expect(await seriousViolations(r)).toEqual([]);

    // A deep thread stays readable: indentation stops growing, and past six levels it continues in its own view.
    await r.evaluate(async (path) => {
      const [, , communityId, , discussionId] = path.split('/');
      const base = `/api/communities/${communityId}/discussions/${discussionId}/comments`;
      const first = await (await fetch(base)).json();
      let parentId = first.data.results[0].replies[0].commentId as string;
      for (let level = 2; level <= 7; level += 1) {
        const res = await fetch(base, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ text: `Level ${level} of a long thread`, parentId }) });
        parentId = (await res.json()).data.commentId;
      }
    }, discussionUrl);
    await r.reload();
    const more = r.getByRole('button', { name: /^Show \d+ more repl/ });
    const cont = r.getByRole('button', { name: /^Continue this thread/ });
    for (let i = 0; i < 6 && (await cont.count()) === 0; i += 1) {
      await more.first().click();
      await expect.poll(async () => (await more.count()) + (await cont.count()) > 0 && !(await r.getByText('Loading replies…').count())).toBe(true);
    }
    await r.getByText('Level 5 of a long thread').scrollIntoViewIfNeeded();
    await shotBoth(shot, r, 'deep-thread');
    await cont.click();
    await r.getByRole('button', { name: 'Back to all comments' }).waitFor();
    await r.getByText('Level 7 of a long thread').waitFor();
    await shotBoth(shot, r, 'continued-thread');
    await r.getByRole('button', { name: 'Back to all comments' }).click();
    await r.getByText('The bathtub scene alone is worth the running time.').waitFor();

    await r.goto('/discussions');
    await r.getByRole('article', { name: TITLE }).waitFor();
    // Beside the list on wide screens, the reader's communities as compact cards.
    await r.getByRole('complementary', { name: 'Your communities' }).getByRole('button', { name: `Joined ${PUBLIC}` }).waitFor();
    await shotBoth(shot, r, 'discussions');
    await r.goto('/community');
    await r.getByRole('article', { name: PUBLIC }).waitFor();
    await shotBoth(shot, r, 'communities');
    await reader.context.close();

    // The home page shows the discussion and the community.
    await page.goto('/home');
    const topSection = page.getByRole('region', { name: 'Top Discussions' });
    await topSection.getByRole('article', { name: TITLE }).waitFor();
    await topSection.getByText('Bruno Poster').waitFor();
    await page.getByRole('region', { name: 'Trending Communities' }).getByRole('article', { name: PUBLIC }).waitFor();
    await shotBoth(shot, page, 'home');
    await admin.context.close();
  }, 240000);

  it('admits a member to a private community by approval; strangers get a not-found page', async () => {
    const shot = screenshotter('private-community');
    const admin = await person('Petra Private');
    const { page } = admin;
    await page.goto('/createCommunity');
    await page.getByLabel('Name').fill(PRIVATE);
    await page.getByLabel('Description').fill('Friday screenings, by invitation.');
    await page.getByText('Private', { exact: true }).click();
    await page.getByRole('button', { name: 'Create community' }).click();
    await page.getByRole('heading', { level: 1, name: PRIVATE }).waitFor();
    const privateUrl = new URL(page.url()).pathname;
    await page.getByRole('link', { name: 'Start a discussion' }).first().click();
    await page.getByLabel('Title').fill(SECRET);
    await page.getByRole('button', { name: 'Post discussion' }).click();
    await page.getByRole('heading', { level: 1, name: SECRET }).waitFor();
    const secretUrl = new URL(page.url()).pathname;

    // Someone asks to join: Pending, and a second click says so.
    const asker = await person('Quentin Asker', 390, 844);
    const q = asker.page;
    await q.goto(privateUrl);
    await q.getByRole('heading', { name: 'This community is private' }).waitFor();
    await q.getByRole('button', { name: `Join ${PRIVATE}` }).click();
    await q.getByRole('button', { name: `Pending ${PRIVATE}` }).waitFor();
    await q.getByRole('button', { name: `Pending ${PRIVATE}` }).click();
    await q.getByText('Your request is pending for approval!').waitFor();
    await shotBoth(shot, q, 'pending');
    await q.goto(secretUrl);
    await q.getByRole('heading', { name: 'We can’t find this discussion' }).waitFor();

    // The admin approves.
    await page.goto(`${privateUrl}?tab=admin`);
    const request = page.getByRole('listitem', { name: 'Request from Quentin Asker' });
    await request.waitFor();
    await shotBoth(shot, page, 'admin-tools');
    expect(await seriousViolations(page)).toEqual([]);
    await request.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Quentin Asker is now a member').waitFor();
    await page.getByRole('listitem', { name: 'Member Quentin Asker' }).waitFor();

    // Now the discussion is visible to the new member.
    await q.goto(privateUrl);
    await q.getByRole('button', { name: `Joined ${PRIVATE}` }).waitFor();
    await q.getByRole('article', { name: SECRET }).waitFor();
    await q.goto(secretUrl);
    await q.getByRole('heading', { level: 1, name: SECRET }).waitFor();

    // A member reports it; the admin sees the report, locks the discussion, and it takes no more comments.
    await q.getByRole('button', { name: 'Report' }).click();
    const dialog = q.getByRole('dialog', { name: 'Report this discussion' });
    await dialog.getByLabel('Reason').fill('Posted the schedule before it was final.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${privateUrl}?tab=admin`);
    await page.getByText('“Posted the schedule before it was final.”').waitFor();
    await page.goto(secretUrl);
    await page.getByRole('button', { name: 'Lock' }).click();
    await page.getByRole('button', { name: 'Unlock' }).waitFor();
    await q.reload();
    await q.getByText('This discussion is locked: it takes no new comments.').waitFor();
    expect(await q.getByLabel('Write a comment').count()).toBe(0);
    await shotBoth(shot, q, 'locked');
    await asker.context.close();

    // A stranger gets a not-found page for the private discussion's address.
    const stranger = await person('Stella Stranger');
    await stranger.page.goto(secretUrl);
    await stranger.page.getByRole('heading', { name: 'We can’t find this discussion' }).waitFor();
    expect(await stranger.page.getByText(SECRET).count()).toBe(0);
    await shotBoth(shot, stranger.page, 'not-found');
    await stranger.context.close();
    await admin.context.close();
  }, 240000);
});
