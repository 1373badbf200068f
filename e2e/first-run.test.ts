import { once } from 'node:events';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLinkOf } from '../server/test/smtp.ts';
import { type Stack, screenshotterAtBothWidths, seriousViolations, signUpThroughUi, startStack, usernameFor } from './harness.ts';

/** An address nothing listens on: a port opened, then closed. */
async function closedUrl(): Promise<string> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

describe('first start offline, and a shared link', () => {
  let stack: Stack;
  beforeAll(async () => {
    // No CATALOGUE_DIR (whatever the shell says), and IMDb's host out of reach.
    stack = await startStack({ CATALOGUE_DIR: '', CATALOGUE_DOWNLOAD: 'auto', IMDB_DATASETS_URL: await closedUrl() });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('an empty catalogue with IMDb out of reach: the landing and home pages say what to run', { timeout: 120_000 }, async () => {
    const shot = screenshotterAtBothWidths('first-run-offline');
    const { context, page } = await stack.newPage(1440, 900);

    await page.goto('/');
    const notice = page.getByTestId('catalogue-notice');
    await notice.getByRole('heading', { name: 'The catalogue is empty' }).waitFor();
    await expect.poll(() => notice.textContent()).toContain("IMDb's datasets cannot be reached from this machine");
    for (const command of ['CATALOGUE_DIR=/path/to/catalogue npm start', 'npm run catalogue:import -- /path/to/catalogue']) {
      await notice.getByText(command, { exact: true }).waitFor();
    }
    await notice.getByText(/^npm run catalogue:imdb/).waitFor();
    await shot(page, 'landing');
    expect(await seriousViolations(page)).toEqual([]);

    // Signed in, home says the same above its empty rows.
    await signUpThroughUi(stack, page, `offline.${Date.now()}@example.com`, 'Ola Offline');
    await notice.getByRole('heading', { name: 'The catalogue is empty' }).waitFor();
    await notice.getByText('npm run catalogue:import -- /path/to/catalogue', { exact: true }).waitFor();
    await shot(page, 'home');
    await context.close();
  });

  // On the same server: an empty list is shared as well as a full one.
  it('a shared list link opened signed out leads through sign-in to the list, for a returning person and through onboarding for a new one', { timeout: 240_000 }, async () => {
    const shot = screenshotterAtBothWidths('shared-link');

    // Someone makes a public list and copies its link.
    const owner = await stack.newPage(1440, 900);
    const ownerEmail = `sharer.${Date.now()}@example.com`;
    await signUpThroughUi(stack, owner.page, ownerEmail, 'Sam Sharer');
    const listId = await owner.page.evaluate(async () => {
      const res = await fetch('/api/lists', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Rainy Sunday films', type: 'movie', contentList: [] }),
      });
      return ((await res.json()) as { data: { listId: string } }).data.listId;
    });
    await owner.context.close();
    const link = `/lists/${listId}/view`;

    // A friend with no account opens it: sign-in first, saying why.
    const friend = await stack.newPage(390, 844);
    const friendEmail = `friend.${Date.now()}@example.com`;
    await friend.page.goto(link);
    await friend.page.waitForURL(`**/login?next=${encodeURIComponent(link)}`);
    await friend.page.getByText('Sign in to open the page you were sent.', { exact: false }).waitFor();
    await shot(friend.page, 'sign-in');
    await friend.page.getByLabel('E-mail address').fill(friendEmail);
    await friend.page.getByRole('button', { name: 'Send sign-in link' }).click();
    await friend.page.getByText('Check your inbox').waitFor();

    // The mail's link carries the way back; a new person sets a name first, then lands on the list.
    const friendLink = new URL(signInLinkOf((await stack.smtp.mailFor(friendEmail)).raw));
    expect(friendLink.searchParams.get('callbackURL')).toBe(link);
    await friend.page.goto(friendLink.toString());
    await friend.page.waitForURL(`**/onboarding?next=${encodeURIComponent(link)}`);
    const dialog = friend.page.getByRole('dialog', { name: 'Welcome to Reelhouse' });
    await dialog.getByLabel('Display name').fill('Fran Friend');
    await dialog.getByLabel('Username').fill(usernameFor(friendEmail));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('heading', { name: 'Pick your country' }).waitFor();
    await dialog.getByRole('button', { name: 'Finish later' }).click();
    await friend.page.waitForURL(`**${link}`);
    await friend.page.getByRole('heading', { level: 1, name: 'Rainy Sunday films' }).waitFor();
    await shot(friend.page, 'list-after-onboarding');
    await friend.context.close();

    // The owner, signed out on another device, opens the same link: the e-mail link leads straight to the list.
    const again = await stack.newPage(1440, 900);
    await again.page.goto(link);
    await again.page.waitForURL(`**/login?next=${encodeURIComponent(link)}`);
    await again.page.getByLabel('E-mail address').fill(ownerEmail);
    await again.page.getByRole('button', { name: 'Send sign-in link' }).click();
    await again.page.getByText('Check your inbox').waitFor();
    await again.page.goto(signInLinkOf((await stack.smtp.mailFor(ownerEmail)).raw));
    await again.page.waitForURL(`**${link}`);
    await again.page.getByRole('heading', { level: 1, name: 'Rainy Sunday films' }).waitFor();

    // A way back that leads off the site is ignored: sign-in then goes home.
    await again.context.clearCookies();
    await again.page.goto('/login?next=%2F%2Fevil.example');
    await again.page.getByText('Enter your e-mail and we will send you a link.', { exact: false }).waitFor();
    await again.context.close();
  });
});
