import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotter, signUpThroughUi, startStack } from './harness.ts';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('the theme', () => {
  it('is dark by default, switches to light in the account menu, and stays light after a reload', async () => {
    const shot = screenshotter('theme');
    // A device whose system prefers light: Reelhouse is still dark until the person chooses.
    const context = await stack.browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: stack.baseUrl, colorScheme: 'light' });
    const page = await context.newPage();
    await signUpThroughUi(stack, page, `theme.${Date.now()}@example.com`, 'Theo Dark');
    expect(await theme(page)).toBe('dark');

    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    const light = page.getByRole('menuitemradio', { name: 'Light' });
    await expect.poll(() => page.getByRole('menuitemradio', { name: 'Dark' }).getAttribute('aria-checked')).toBe('true');
    await light.click();
    expect(await theme(page)).toBe('light');
    expect(await light.getAttribute('aria-checked')).toBe('true');
    await shot(page, 'light-menu');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await theme(page)).toBe('light');
    await shot(page, 'light-after-reload');

    // Applied before the app runs: with every app script refused, the page is light already.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/home');
    expect(await theme(page)).toBe('light');
    await page.unroute('**/assets/*.js');

    // System follows the device's preference (light here).
    await page.goto('/home');
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'System' }).click();
    expect(await theme(page)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(page)).toBe('dark');
    await context.close();
  });
});

describe('the home greeting', () => {
  it('welcomes a newcomer on the first visit and welcomes them back after', async () => {
    const { context, page } = await stack.newPage(390, 844);
    await signUpThroughUi(stack, page, `greeting.${Date.now()}@example.com`, 'Nina New');
    await page.getByRole('heading', { level: 1, name: 'Glad you’re here, Nina' }).waitFor();
    expect(await page.getByText('Welcome to Reelhouse').count()).toBe(1);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Good to see you, Nina' }).waitFor();
    expect(await page.getByText('Welcome back').count()).toBe(1);
    await context.close();
  });
});

/** What a page downloads in JavaScript, gzipped as the server would send it to a gzip-only browser. */
async function scriptKilobytes(page: Page, go: () => Promise<unknown>) {
  const scripts = new Set<string>();
  const listener = (response: { url: () => string }) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path);
  };
  page.on('response', listener);
  await go();
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  let bytes = 0;
  for (const path of scripts) bytes += gzipSync(readFileSync(`dist/web${path}`), { level: 9 }).length;
  return bytes / 1024;
}

describe('the first download', () => {
  it('stays under 120 KB of gzipped JavaScript for / and for /home', async () => {
    const { context, page } = await stack.newPage(1440, 900);
    const landing = await scriptKilobytes(page, async () => {
      await page.goto('/');
      await page.getByText('Ready to start').first().waitFor();
    });
    expect(landing).toBeLessThan(120);
    await signUpThroughUi(stack, page, `budget.${Date.now()}@example.com`, 'Bea Budget');
    const home = await scriptKilobytes(page, async () => {
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
    expect(home).toBeLessThan(120);
    await context.close();
  });
});
