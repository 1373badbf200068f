import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, type Stack, screenshotterAtBothWidths, seriousViolations, sharedStack, signUpThroughUi, usernameFor } from './harness.ts';

// On Netflix US (2023) and Prime Video US (2022) in the starter catalogue's JustWatch files.
const TITLE = 'Road to Perdition';
const TITLE_PATH = '/home/movie/tt0257044';

let stack: Stack;
beforeAll(async () => {
  stack = await sharedStack();
}, 180000);
afterAll(() => {
  // SHOTS_DIR: a copy of this journey's screenshots for review (e.g. /work/shots/diary).
  const to = process.env.SHOTS_DIR;
  if (!to) return;
  mkdirSync(to, { recursive: true });
  for (const f of readdirSync(SCREENSHOT_DIR).filter((n) => n.startsWith('diary-'))) copyFileSync(join(SCREENSHOT_DIR, f), join(to, f));
});

describe('the diary', () => {
  it('marks a title watched from its page, shows it in the diary, and opens the year in review with its card', { timeout: 180000 }, async () => {
    const shot = screenshotterAtBothWidths('diary');
    const { context, page } = await stack.newPage(1440, 900);
    const email = `diarist.${Date.now()}@example.com`;
    await signUpThroughUi(stack, page, email, 'Dora Diarist');

    await page.goto(TITLE_PATH);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // Where to watch: the services of the profile's country, else the United States.
    const services = page.getByRole('list', { name: 'Streaming services in United States' });
    await services.getByText('Netflix').waitFor();
    await services.getByText('Prime Video').waitFor();
    await page.getByRole('heading', { name: 'Not watched yet' }).waitFor();

    await page.getByRole('button', { name: 'Mark watched' }).click();
    await page.getByText(new RegExp(`^${TITLE} logged as watched on`)).waitFor();
    await expect.poll(() => page.getByTestId('watched-summary').textContent(), { timeout: 10_000 }).toMatch(/^Logged once, last on /);
    await page.getByRole('heading', { name: 'Watched', exact: true }).waitFor();

    // A second, earlier day this year through the Log dialog: the later one becomes a rewatch.
    const year = new Date().getFullYear();
    const earlier = `${year}-01-01`;
    await page.getByRole('button', { name: 'Log a date…' }).click();
    const dialog = page.getByRole('dialog', { name: `Log ${TITLE}` });
    await dialog.getByLabel('Watched on').fill(earlier);
    await dialog.getByRole('button', { name: 'Log', exact: true }).click();
    await expect.poll(() => page.getByTestId('watched-summary').textContent(), { timeout: 10_000 }).toMatch(/^Logged 2 times/);
    // Rated too (separately): the year in review names it among the highest rated.
    await page.getByRole('radio', { name: '8 out of 10' }).check();
    await page.getByRole('button', { name: 'Save rating' }).click();
    await expect.poll(() => page.getByText('/10 · your rating').count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'title-page');
    expect(await seriousViolations(page)).toEqual([]);

    // The diary, this month: the title, as a rewatch (watched on the first of January first).
    await page.goto('/diary');
    const entries = page.getByRole('list', { name: 'Diary entries' });
    await entries.getByRole('link', { name: TITLE }).first().waitFor();
    if (new Date().getMonth() > 0 || new Date().getDate() > 1) await entries.getByText('Rewatch').waitFor();
    await shot(page, 'month', true);
    expect(await seriousViolations(page)).toEqual([]);

    // The year in review: one film, two entries, one rewatch, and the image card to download.
    await page.getByRole('link', { name: `${year} in review` }).click();
    await page.getByRole('heading', { level: 1, name: `Your ${year} in review` }).waitFor();
    const figures = page.getByTestId('year-figures');
    await expect.poll(() => figures.textContent(), { timeout: 10_000 }).toContain('1film watched');
    expect(await figures.textContent()).toContain('2diary entries');
    expect(await figures.textContent()).toContain('1rewatch');
    const card = page.getByRole('img', { name: new RegExp(`^Reelhouse ${year} in review`) });
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBe(1200);
    expect(await page.getByRole('link', { name: 'Download image' }).getAttribute('download')).toBe(`reelhouse-${year}.png`);
    await page.getByRole('region', { name: 'Highest rated' }).getByText(TITLE).first().waitFor();
    await shot(page, 'year-in-review', true);
    expect(await seriousViolations(page)).toEqual([]);

    // The diary on the profile, as someone else sees it: the month's entries with the owner's rating, no remove buttons.
    const visitor = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, visitor.page, `visitor.${Date.now()}@example.com`, 'Vic Visitor');
    await visitor.page.goto(`/profile/${usernameFor(email)}`);
    const diary = visitor.page.getByRole('region', { name: 'Diary' });
    await diary.getByRole('list', { name: 'Diary entries' }).getByRole('link', { name: TITLE }).first().waitFor();
    await diary.getByText('Rated 8/10').first().waitFor();
    expect(await diary.getByRole('button', { name: /from your diary$/ }).count()).toBe(0);
    await diary.scrollIntoViewIfNeeded();
    await shot(visitor.page, 'profile-diary', true);
    expect(await seriousViolations(visitor.page)).toEqual([]);
    await visitor.context.close();
    await context.close();
  });
});
