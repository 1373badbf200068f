import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Stack, screenshotter, seriousViolations, settled, sharedStack, signUpThroughUi } from './harness.ts';

const TITLE = 'The Shawshank Redemption';
const TITLE_ID = 'tt0111161';
const TITLE_PATH = `/home/movie/${TITLE_ID}`;
const LIST = 'Prison films';

let stack: Stack;
beforeAll(async () => {
  // The server imports the starter catalogue on first start; journeys on it share it (harness.ts sharedStack).
  stack = await sharedStack();
}, 180000);

/** Creates a list through the API with the page's session; answers its id. */
async function createList(page: Page, name: string, titleIds: string[]): Promise<string> {
  return page.evaluate(
    async ({ name, titleIds }) => {
      const res = await fetch('/api/lists', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, type: 'movie', genres: ['Drama'], contentList: titleIds.map((titleId) => ({ titleId })) }),
      });
      if (res.status !== 201) throw new Error(`create list: ${res.status} ${await res.text()}`);
      return (await res.json()).data.listId as string;
    },
    { name, titleIds },
  );
}

describe('add to list', () => {
  it('adds a title to one of my lists from its page, then starts a new list with it', async () => {
    const shot = screenshotter('add-to-list');
    const { page, context } = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, page, `adder.${Date.now()}@example.com`, 'Ada Adder');
    const listId = await createList(page, LIST, ['tt0068646']);
    await createList(page, 'Weekend watches', []);

    await page.goto(TITLE_PATH);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('button', { name: 'Add to list' }).click();
    const dialog = page.getByRole('dialog', { name: `Add ${TITLE} to a list` });
    const choice = dialog.getByRole('button', { name: `Add to ${LIST}` });
    await choice.waitFor();
    expect(await choice.textContent()).toContain('1 title');
    await settled(page);
    await shot(page, 'dialog-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await shot(page, 'dialog-390');
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 900 });

    await choice.click();
    await page.getByText(`${TITLE} added to ${LIST}`).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // The dialog now shows the list holding it, with one more title.
    await page.getByRole('button', { name: 'Add to list' }).click();
    const held = dialog.getByRole('button', { name: `${LIST}: already holds ${TITLE}` });
    await held.waitFor();
    expect(await held.isDisabled()).toBe(true);
    expect(await held.textContent()).toContain('2 titles');
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await shot(page, 'dialog-holding-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.keyboard.press('Escape');

    await page.goto(`/lists/${listId}/view`);
    await page.getByRole('heading', { level: 1, name: LIST }).waitFor();
    await page.getByRole('link', { name: TITLE }).first().waitFor();
    await shot(page, 'list-with-title');

    // "New list with this title" opens /createList with the title chosen.
    await page.goto(TITLE_PATH);
    await page.getByRole('button', { name: 'Add to list' }).click();
    await dialog.getByRole('link', { name: 'New list with this title' }).click();
    await page.waitForURL(`**/createList?titleId=${TITLE_ID}`);
    await page.getByRole('heading', { level: 1, name: 'Create list' }).waitFor();
    await page.getByTestId('list-item').filter({ hasText: TITLE }).waitFor();
    await shot(page, 'new-list-with-title');
    await context.close();
  }, 120000);
});
