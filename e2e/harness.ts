import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { freePort } from '../server/test/process.ts';
import { startSmtpServer } from '../server/test/smtp.ts';

export const SCREENSHOT_DIR = 'e2e/screenshots';


/** The built app served by the real server on a real port, with a real SMTP server for its mail. */
export async function startStack(env: Record<string, string> = {}) {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('The app is not built: run npm run build first.');
  }
  const smtp = await startSmtpServer();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'reelhouse-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATABASE_URL: `sqlite:${join(dir, 'e2e.db')}`,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      SIGNIN_RATE_LIMIT: '100',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // First start may import a catalogue (CATALOGUE_DIR) before listening.
  const deadline = Date.now() + 120000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not become ready in 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
  return {
    baseUrl,
    smtp,
    browser,
    async newPage(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl, colorScheme: 'dark' });
      const page = await context.newPage();
      return { context, page };
    },
    async stop() {
      await browser.close();
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Saves one screenshot per step of a journey, numbered in order. */
export function screenshotter(journey: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  let n = 0;
  return async (page: Page, step: string) => {
    n += 1;
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${journey}-${String(n).padStart(2, '0')}-${step}.png`) });
  };
}

/** A username unique to the test's e-mail address (usernames are unique ignoring case). */
export function usernameFor(email: string): string {
  return email.split('@')[0].replace(/[^A-Za-z0-9._]/g, '_').slice(-30).padStart(3, '_');
}

/** Signs a new person up through the UI: e-mail link from the SMTP inbox, then the profile step. */
export async function signUpThroughUi(stack: Awaited<ReturnType<typeof startStack>>, page: Page, email: string, displayName: string) {
  const { signInLinkOf } = await import('../server/test/smtp.ts');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  await page.goto(signInLinkOf((await stack.smtp.mailFor(email)).raw));
  const dialog = page.getByRole('dialog', { name: 'Welcome to Reelhouse' });
  await dialog.getByLabel('Display name').fill(displayName);
  await dialog.getByLabel('Username').fill(usernameFor(email));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The rest of onboarding (country, genres, top titles, picture, bio) is left for later.
  await dialog.getByRole('heading', { name: 'Pick your country' }).waitFor();
  await dialog.getByRole('button', { name: 'Finish later' }).click();
  await page.waitForURL('**/home');
}

/** The serious and critical WCAG 2.1 AA violations axe finds on the page, one line each. */
export async function seriousViolations(page: import('playwright-core').Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}
