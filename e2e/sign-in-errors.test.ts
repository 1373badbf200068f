import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInErrorMessage } from '../common/sign-in-errors.ts';
import { signInLinkOf } from '../server/test/smtp.ts';
import { screenshotter, startStack } from './harness.ts';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const USED_LINK = 'That sign-in link has expired or was already used. Enter your e-mail to get a new one.';

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** Waits until the address bar has lost ?error= (taken out with history.replaceState, no reload). */
async function expectCleanLoginUrl(page: Page) {
  await expect.poll(() => new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).pathname).toBe('/login');
}

/** Screenshots wait for the alert's short entrance animation to end. */
async function alertSettled(page: Page) {
  await page.waitForFunction(() =>
    (document.querySelector('[role="alert"]')?.getAnimations() ?? []).every((a) => a.playState !== 'running'),
  );
}

async function journey(name: string, width: number, height: number) {
  const shot = screenshotter(name);
  const email = `${name}.${Date.now()}@example.com`;

  // A fan asks for a link and opens it: signed up, on to onboarding.
  const first = await stack.newPage(width, height);
  await first.page.goto('/login');
  await first.page.getByLabel('E-mail address').fill(email);
  await first.page.getByRole('button', { name: 'Send sign-in link' }).click();
  await first.page.getByText('Check your inbox').waitFor();
  const link = signInLinkOf((await stack.smtp.mailFor(email)).raw);
  await first.page.goto(link);
  await first.page.waitForURL('**/onboarding');
  await first.context.close();

  // Later they open the same mail again in another browser: the link is spent, and the login
  // page says so instead of showing a bare form.
  const { context, page } = await stack.newPage(width, height);
  let reloads = 0;
  page.on('load', () => {
    reloads += 1;
  });
  await page.goto(link);
  await page.waitForURL('**/login**');
  const alert = page.getByRole('alert');
  await expect.poll(() => alert.textContent()).toBe(USED_LINK);
  await expectCleanLoginUrl(page);
  expect(reloads).toBe(1);
  // The e-mail field is described by the message, so a screen reader hears it on focus.
  const field = page.getByLabel('E-mail address');
  expect(await field.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  await alertSettled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'used-link');

  // Typing a new address clears the message.
  await field.fill('again@example.com');
  await expect.poll(() => alert.count()).toBe(0);
  expect(await field.getAttribute('aria-describedby')).toBeNull();

  // A refresh does not bring it back: the code left the address once shown.
  await page.reload();
  await field.waitFor();
  expect(await page.getByRole('alert').count()).toBe(0);

  // The person declined at their identity provider.
  await page.goto('/login?error=access_denied&error_description=%3Cb%3EUser%20cancelled%3C%2Fb%3E');
  const declined = signInErrorMessage('access_denied');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe(declined);
  await expectCleanLoginUrl(page);
  expect(await page.content()).not.toContain('User cancelled');
  await alertSettled(page);
  await shot(page, 'access-denied');

  // Sending a new link clears it too.
  await field.fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  expect(await page.getByRole('alert').count()).toBe(0);
  await stack.smtp.mailFor(email);

  // A code nobody knows, or one crafted as markup, gets the generic sentence and is never shown.
  await page.goto(`/login?error=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
  await expect.poll(() => page.getByRole('alert').textContent()).toBe("We couldn't sign you in. Please try again.");
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.getByText('onerror').count()).toBe(0);
  await context.close();
}

describe('a failed sign-in explained on the login page', () => {
  it('works on a phone at 390 px', async () => {
    await journey('signin-error-mobile', 390, 844);
  });

  it('works on a desktop at 1440 px', async () => {
    await journey('signin-error-desktop', 1440, 900);
  });

  it('sends a browser that is already signed in on into the app when it opens a used link', async () => {
    const { context, page } = await stack.newPage(1440, 900);
    const email = `twice.${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByText('Check your inbox').waitFor();
    const link = signInLinkOf((await stack.smtp.mailFor(email)).raw);
    await page.goto(link);
    await page.waitForURL('**/onboarding');
    await page.goto(link);
    await page.waitForURL('**/onboarding');
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });
});
