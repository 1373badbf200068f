import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotter, seriousViolations, settled, signUpThroughUi, startStack } from './harness.ts';

/** Where the screens of the moderation and safety settings are kept for review, at both widths. */
const SHOTS = process.env.MOD_SHOTS_DIR ?? '/work/shots/mod';

let stack: Awaited<ReturnType<typeof startStack>>;
// The journey's own database file, so the admin command can give the moderator role, as an operator would.
const dir = mkdtempSync(join(tmpdir(), 'reelhouse-moderation-'));
const DATABASE_URL = `sqlite:${join(dir, 'moderation.db')}`;
beforeAll(async () => {
  stack = await startStack({ DATABASE_URL });
}, 120000);
afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const run = Date.now().toString(36);
const emailOf = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}.${run}@example.com`;

async function person(name: string) {
  const p = await stack.newPage(1440, 900);
  await signUpThroughUi(stack, p.page, emailOf(name), name);
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

/** The same screen at 390 and 1440 px into SHOTS, then back to the width it had. */
async function shotBoth(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From the top, nothing focused: a whole-page shot of a scrolled page repeats the sticky top bar mid-page.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await settled(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  // The items load with the menu; My profile is always there.
  await page.getByRole('menuitem', { name: 'My profile' }).waitFor();
}

describe('moderation', () => {
  it('a moderator hides a reported discussion from the queue, then resolves the report; others do not see the screen', async () => {
    const shot = screenshotter('moderation');
    const troll = await person('Tom Troll');
    const reporter = await person('Rita Reporter');
    const mod = await person('Mona Moderator');

    const { communityId } = await write<{ communityId: string }>(troll.page, 'POST', '/api/communities', { name: `Cheap Pills ${run}`, isPublic: true });
    const { discussionId } = await write<{ discussionId: string }>(troll.page, 'POST', `/api/communities/${communityId}/discussions`, {
      title: 'Buy followers here, best prices',
    });
    const discussionUrl = `/community/${communityId}/discussions/${discussionId}`;
    await write(reporter.page, 'POST', '/api/reports', { targetType: 'discussion', targetId: discussionId, reason: 'Spam: selling followers' });

    // Not a moderator yet: no link in the menu, and the screen says it is for moderators.
    await openAccountMenu(mod.page);
    await mod.page.getByRole('menuitem', { name: 'Safety and notifications' }).waitFor();
    expect(await mod.page.getByRole('menuitem', { name: 'Moderation' }).count()).toBe(0);
    await mod.page.keyboard.press('Escape');
    await mod.page.goto('/moderation');
    await mod.page.getByRole('heading', { name: 'Moderators only' }).waitFor();

    // The operator's command gives the role.
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant-moderator', emailOf('Mona Moderator')], {
      env: { ...process.env, DATABASE_URL },
    });

    const { page } = mod;
    await page.goto('/home');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Moderation' }).click();
    await page.waitForURL('**/moderation');
    await page.getByRole('heading', { level: 1, name: 'Moderation' }).waitFor();
    const report = page.getByRole('article', { name: 'Report of a discussion' });
    await report.getByText('Spam: selling followers').waitFor();
    await report.getByRole('link', { name: 'Tom Troll' }).waitFor();
    await report.getByRole('link', { name: 'Open the discussion' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'moderation-queue');
    await shot(page, 'queue');

    await report.getByRole('button', { name: 'Hide', exact: true }).click();
    await report.getByText('Hidden', { exact: true }).waitFor();
    await report.getByRole('button', { name: 'Unhide' }).waitFor();
    await shotBoth(page, 'moderation-hidden');

    // Gone for everyone but its author.
    await reporter.page.goto(discussionUrl);
    await reporter.page.getByRole('heading', { name: 'We can’t find this discussion' }).waitFor();
    await troll.page.goto(discussionUrl);
    await troll.page.getByRole('heading', { level: 1, name: 'Buy followers here, best prices' }).waitFor();

    await report.getByRole('button', { name: 'Resolve' }).click();
    await report.getByLabel('Resolution note (optional)').fill('Hidden as spam');
    await report.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('heading', { name: 'Nothing to review' }).waitFor();
    await page.getByRole('button', { name: 'Resolved' }).click();
    await page.getByText('Resolution: Hidden as spam').waitFor();
    await shot(page, 'resolved');

    // Safety settings, from the same menu: someone blocked (from their profile, here through the API) is listed there.
    const rita = await reporter.page.evaluate(async () => (await (await fetch('/api/user/me')).json()).data.id as string);
    await write(page, 'POST', `/api/user/blocks/${rita}`, {});
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Safety and notifications' }).click();
    await page.waitForURL('**/settings/safety');
    await page.getByRole('heading', { level: 1, name: 'Safety and notifications' }).waitFor();
    const blocked = page.getByRole('list', { name: 'Blocked people' });
    await blocked.getByRole('link', { name: 'Rita Reporter' }).waitFor();
    // Mute someone found by name; they move to the muted list.
    await page.getByLabel('Mute someone').fill('Tom Troll');
    await page.getByRole('list', { name: 'People found' }).getByRole('button', { name: 'Mute Tom Troll' }).click();
    await page.getByRole('list', { name: 'Muted people' }).getByRole('link', { name: 'Tom Troll' }).waitFor();
    // A kind of notification turned off stays off.
    const follows = page.getByRole('switch', { name: 'Someone follows you' });
    await follows.click();
    await expect.poll(() => follows.isChecked()).toBe(false);
    await page.getByLabel('Mute someone').fill('');
    expect(await seriousViolations(page)).toEqual([]);
    await shotBoth(page, 'settings-safety');
    await page.reload();
    await page.getByRole('list', { name: 'Muted people' }).getByRole('link', { name: 'Tom Troll' }).waitFor();
    await expect.poll(() => page.getByRole('switch', { name: 'Someone follows you' }).isChecked()).toBe(false);
    // Unmute and unblock empty the lists again.
    await page.getByRole('button', { name: 'Unmute Tom Troll' }).click();
    await page.getByText('You have not muted anyone.').waitFor();
    await page.getByRole('button', { name: 'Unblock Rita Reporter' }).click();
    await page.getByText('You have not blocked anyone.', { exact: false }).waitFor();

    for (const p of [troll, reporter, mod]) await p.context.close();
  });
});
