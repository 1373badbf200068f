import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLinkOf } from '../server/test/smtp.ts';
import { screenshotter, startStack, usernameFor } from './harness.ts';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

async function journey(name: string, width: number, height: number, mobile: boolean) {
  const shot = screenshotter(name);
  const { context, page } = await stack.newPage(width, height);
  const email = `${name}.${Date.now()}@example.com`;

  // A visitor lands on the landing page.
  await page.goto('/');
  await expect.poll(() => page.getByText('Ready to start').count()).toBeGreaterThan(0);
  await shot(page, 'landing');

  // /home without a session sends them to /login.
  await page.goto('/home');
  await page.waitForURL('**/login');
  await shot(page, 'login');

  // They ask for a sign-in link.
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  await shot(page, 'link-sent');

  // The link arrives by SMTP; opening it signs them up and continues into onboarding.
  const mail = await stack.smtp.mailFor(email);
  const link = signInLinkOf(mail.raw);
  expect(new URL(link).origin).toBe(stack.baseUrl);
  await page.goto(link);
  await page.waitForURL('**/onboarding');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Reelhouse' });
  await dialog.waitFor();
  await shot(page, 'onboarding');
  await dialog.getByLabel('Display name').fill('Maya Film');
  await dialog.getByLabel('Username').fill(usernameFor(email));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The other steps (country, genres, top titles, picture, bio) can wait: e2e/profile.test.ts walks them.
  await dialog.getByRole('heading', { name: 'Pick your country' }).waitFor();
  await dialog.getByRole('button', { name: 'Finish later' }).click();
  await page.waitForURL('**/home');

  // Signed in: home greets them, and the side menu is there (through the hamburger on a phone).
  // A first visit: the newcomer's greeting (e2e/layout.test.ts follows it to a returning one).
  await page.getByRole('heading', { name: /Glad you’re here, Maya/ }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (mobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await nav.getByRole('link', { name: 'Home' }).first().waitFor({ state: 'visible' });
  await expect.poll(() => nav.getByText('Create Discussion').isVisible()).toBe(true);
  await shot(page, 'home');

  // The avatar menu offers My profile and Log out.
  if (mobile) {
    // On a phone the side menu shows the avatar with the name, opening My Profile / Log out.
    await nav.getByRole('button', { name: /Maya Film/ }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  }
  await page.getByRole('menuitem', { name: /my profile/i }).first().waitFor();
  await shot(page, 'avatar-menu');
  await page.getByRole('menuitem', { name: 'Log out' }).first().click();
  await page.waitForURL('**/onboarding');
  await shot(page, 'logged-out');

  // The session is gone on the server too.
  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  expect(session).toEqual({ data: { user: null } });
  await context.close();
}

describe('sign-up by e-mail link, then log out', () => {
  it('works on a desktop at 1440 px', async () => {
    await journey('desktop', 1440, 900, false);
  });

  it('works on a phone at 390 px through the hamburger', async () => {
    await journey('mobile', 390, 844, true);
  });
});

describe('a session that ends on the server', () => {
  it("says 'Session expired. Please log in again.' when the session ends elsewhere", async () => {
    const shot = screenshotter('expired');
    const { context, page } = await stack.newPage(1440, 900);
    const email = `expired.${Date.now()}@example.com`;
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await page.getByText('Check your inbox').waitFor();
    await page.goto(signInLinkOf((await stack.smtp.mailFor(email)).raw));
    const dialog = page.getByRole('dialog', { name: 'Welcome to Reelhouse' });
    await dialog.getByLabel('Display name').waitFor();

    // The session is ended elsewhere (another tab logs out) while this tab shows the form.
    const token = (await context.cookies()).find((c) => c.name === 'idToken')?.value;
    expect(token).toBeTruthy();
    const out = await fetch(`${stack.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie: `idToken=${token}`, origin: stack.baseUrl } });
    expect(out.status).toBe(200);

    // The tab hears it at once through its live connection and goes to sign in, saying why; a tab that had missed
    // it would say the same on its next call (query-client.ts). Either way the words are the spec's.
    await page.getByText('Session expired. Please log in again.').waitFor();
    await shot(page, 'toast');
    await context.close();
  });
});
