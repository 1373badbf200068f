import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
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
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${join(dir, 'e2e.db')}`;
  const server: ChildProcess = spawn(process.execPath, ['--require', './e2e/parent-guard.cjs', 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      SIGNIN_RATE_LIMIT: '100',
      E2E_DATA_DIR: dir,
      // An empty catalogue is not filled from IMDb's servers during a journey (e2e/first-start.test.ts turns it on).
      CATALOGUE_DOWNLOAD: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // The channel is there for the server to notice when this process is gone; it does not keep this process alive.
  server.channel?.unref();
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
    /** The server's database, for the operator's commands (scripts/admin.ts). */
    databaseUrl,
    smtp,
    browser,
    async newPage(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl, colorScheme: 'dark' });
      const page = await context.newPage();
      // A loaded machine (two cores shared by several runs) can take more than Playwright's 30 s to load a page.
      page.setDefaultNavigationTimeout(90000);
      return { context, page };
    },
    async stop() {
      await browser.close();
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the screen is still, as a person would before looking: two frames drawn (after a resize or a click),
 * then every transition and finite animation finished (the infinite skeleton shimmer is not waited for).
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await frame();
    await frame();
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Waits until what `selector` matches stops moving (a carousel gliding to its slide): the same box for 3 frames. */
export async function stoppedMoving(page: Page, selector: string) {
  await page.waitForFunction(
    (sel) => {
      const w = window as unknown as { __lastBoxes?: string[] };
      const box = document.querySelector(sel)?.getBoundingClientRect();
      const key = box ? `${box.x},${box.y},${box.width},${box.height}` : 'none';
      w.__lastBoxes = [...(w.__lastBoxes ?? []), key].slice(-3);
      return w.__lastBoxes.length === 3 && w.__lastBoxes.every((k) => k === key);
    },
    selector,
    { polling: 'raf' },
  );
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** The starter catalogue beside the project (../shared), or CATALOGUE_DIR. */
export const CATALOGUE_DIR = process.env.CATALOGUE_DIR ?? fileURLToPath(new URL('../../shared/data/catalogue', import.meta.url));

let shared: Promise<Stack> | undefined;

/**
 * One stack with the starter catalogue, started by the first journey that asks and kept for the whole run (the
 * journeys run one after another in one process: e2e/vitest.config.ts), so the catalogue is imported once. Journeys on
 * it sign up their own people with addresses of their own and never assume an empty database. It stops with the test
 * process (e2e/parent-guard.cjs); journeys close only their own browser contexts.
 */
export function sharedStack(): Promise<Stack> {
  shared ??= startStack({ CATALOGUE_DIR });
  return shared;
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

/** Signs a new person in through the UI with the e-mail link from the SMTP inbox; returns the onboarding dialog. */
export async function openOnboarding(stack: Awaited<ReturnType<typeof startStack>>, page: Page, email: string): Promise<Locator> {
  const { signInLinkOf } = await import('../server/test/smtp.ts');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await page.getByText('Check your inbox').waitFor();
  await page.goto(signInLinkOf((await stack.smtp.mailFor(email)).raw));
  return page.getByRole('dialog', { name: 'Welcome to Reelhouse' });
}

/** Signs a new person up through the UI: e-mail link from the SMTP inbox, then the profile step. */
export async function signUpThroughUi(stack: Awaited<ReturnType<typeof startStack>>, page: Page, email: string, displayName: string) {
  const dialog = await openOnboarding(stack, page, email);
  await dialog.getByLabel('Display name').fill(displayName);
  await dialog.getByLabel('Username').fill(usernameFor(email));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The rest of onboarding (country, genres, top titles, picture, bio) is left for later.
  await dialog.getByRole('heading', { name: 'Pick your country' }).waitFor();
  await dialog.getByRole('button', { name: 'Finish later' }).click();
  await page.waitForURL('**/home');
}

/** Each screen at 1440 px and at 390 px (the same page, resized; whole pages when asked), then back to the width it had. */
export function screenshotterAtBothWidths(journey: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  let n = 0;
  return async (page: Page, step: string, fullPage = false) => {
    const size = page.viewportSize() ?? { width: 1440, height: 900 };
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      await settled(page);
      n += 1;
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${journey}-${String(n).padStart(2, '0')}-${step}-${width}.png`), fullPage });
    }
    await page.setViewportSize(size);
  };
}

/** Closes every toast on the page. */
export async function dismissToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  while ((await close.count()) > 0) await close.first().click();
}

/** Picks a title in an onboarding step's title search, and waits for it to be added. */
export async function pickTitle(page: Page, dialog: Locator, query: string, title: string) {
  const box = dialog.getByPlaceholder('Search titles');
  await box.click();
  await box.fill(query);
  await page.getByRole('option', { name: new RegExp(`^${title}`) }).first().click();
  await page.getByText(`${title} added`).waitFor();
  await dismissToasts(page);
}

/** Five movies of the starter catalogue, each a search and the title it finds. */
export const TOP_MOVIES: [string, string][] = [
  ['shawshank', 'The Shawshank Redemption'],
  ['godfather', 'The Godfather'],
  ['pulp fiction', 'Pulp Fiction'],
  ['inception', 'Inception'],
  ['fight club', 'Fight Club'],
];
/** Five shows of the starter catalogue, each a search and the title it finds. */
export const TOP_SHOWS: [string, string][] = [
  ['breaking bad', 'Breaking Bad'],
  ['the wire', 'The Wire'],
  ['fleabag', 'Fleabag'],
  ['narcos', 'Narcos'],
  ['ozark', 'Ozark'],
];

export type OnboardingStep = 'name' | 'country' | 'genres' | 'movies' | 'shows' | 'picture' | 'bio';
type StepCheck = (dialog: Locator) => Promise<void>;

/**
 * Goes through every onboarding step in the open dialog and ends on /profile/view. Without `picture` or `bio` those
 * steps are skipped. A journey's own checks run on a step once it shows (`onArrive`; for the name step, once the
 * display name is typed) and once its choices are made, right before Continue (`onChosen`).
 */
export async function completeOnboarding(
  page: Page,
  dialog: Locator,
  o: {
    displayName: string;
    username: string;
    /** What is typed in the country search, and the country picked. */
    country: [string, string];
    genres: string[];
    movies?: [string, string][];
    shows?: [string, string][];
    picture?: Buffer;
    bio?: string;
    onArrive?: Partial<Record<OnboardingStep, StepCheck>>;
    onChosen?: Partial<Record<OnboardingStep, StepCheck>>;
  },
) {
  const arrive = async (step: OnboardingStep) => o.onArrive?.[step]?.(dialog);
  const chosen = async (step: OnboardingStep) => o.onChosen?.[step]?.(dialog);
  const proceed = () => dialog.getByRole('button', { name: 'Continue' }).click();

  await dialog.getByLabel('Display name').fill(o.displayName);
  await arrive('name');
  await dialog.getByLabel('Username').fill(o.username);
  await chosen('name');
  await proceed();

  await dialog.getByRole('heading', { name: 'Pick your country' }).waitFor();
  await arrive('country');
  const [countryQuery, country] = o.country;
  await dialog.getByPlaceholder('Search countries').fill(countryQuery);
  await dialog.getByText(country, { exact: true }).click();
  await dialog.getByText(`Chosen: ${country}`).waitFor();
  await chosen('country');
  await proceed();

  await dialog.getByRole('heading', { name: 'Favourite genres' }).waitFor();
  await arrive('genres');
  for (const genre of o.genres) await dialog.getByRole('button', { name: genre, exact: true }).click();
  await chosen('genres');
  await proceed();

  for (const [step, heading, titles] of [
    ['movies', 'Your top 5 movies', o.movies ?? TOP_MOVIES],
    ['shows', 'Your top 5 TV shows', o.shows ?? TOP_SHOWS],
  ] as const) {
    await dialog.getByRole('heading', { name: heading }).waitFor();
    await arrive(step);
    for (const [query, title] of titles) await pickTitle(page, dialog, query, title);
    // Clicking the heading closes the last suggestions.
    await dialog.getByRole('heading', { name: heading }).click();
    await chosen(step);
    await proceed();
  }

  await dialog.getByRole('heading', { name: 'Add a profile picture' }).waitFor();
  await arrive('picture');
  if (o.picture) {
    await dialog.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: o.picture });
    await dialog.getByText('Looking good. Continue to save it.').waitFor();
    await chosen('picture');
    await proceed();
  } else {
    await dialog.getByRole('button', { name: 'Skip' }).click();
  }

  await dialog.getByRole('heading', { name: 'Say a little about yourself' }).waitFor();
  await arrive('bio');
  if (o.bio) {
    await dialog.getByLabel('Bio').fill(o.bio);
    await chosen('bio');
    await dialog.getByRole('button', { name: 'Finish', exact: true }).click();
  } else {
    await dialog.getByRole('button', { name: 'Skip' }).click();
  }
  await page.waitForURL('**/profile/view');
}

/** The serious and critical WCAG 2.1 AA violations axe finds on the page, one line each. */
export async function seriousViolations(page: import('playwright-core').Page) {
  // Only violations are collected (passes and incomplete checks are not needed): a quicker run on every screen.
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ resultTypes: ['violations'] }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** A call to the API from the person's own page (their session, their origin); throws on an error status, answers `data`. */
export async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: b === undefined ? {} : { 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await res.text();
      return { status: res.status, text };
    },
    [method, path, body] as const,
  );
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return (answer.text ? JSON.parse(answer.text).data : undefined) as T;
}

/** Gives the moderator role to the account with this e-mail address, with the operator's command. */
export async function grantModerator(stack: Stack, email: string) {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant-moderator', email], {
    env: { ...process.env, DATABASE_URL: stack.databaseUrl },
  });
}

/**
 * Waits until a screen has drawn what it loads: a level-1 heading (or a dialog) shows and no loading placeholder is
 * left, or 8 s have passed (a screen still loading then is checked as it is).
 */
export async function screenReady(page: Page) {
  await page
    .waitForFunction(
      () => {
        const visible = (el: Element | null) => !!el && (el as HTMLElement).getClientRects().length > 0;
        const heading = visible(document.querySelector('h1')) || visible(document.querySelector('[role=dialog]'));
        return heading && !document.querySelector('.skeleton, [role=status][aria-label^="Loading"]');
      },
      undefined,
      { timeout: 8000 },
    )
    .catch(() => undefined);
  await settled(page);
}
