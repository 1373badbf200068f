import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, signUpThroughUi, startStack } from './harness.ts';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('accessibility (axe, WCAG 2.1 AA)', () => {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ]) {
    it(`has no serious or critical violations on the landing page, login, home, the account menu and light home at ${width} px`, async () => {
      const { context, page } = await stack.newPage(width, height);
      await page.goto('/');
      await page.getByText('Ready to start').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/login');
      await page.getByLabel('E-mail address').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await signUpThroughUi(stack, page, `a11y.${width}.${Date.now()}@example.com`, 'Ada Access');
      expect(await seriousViolations(page)).toEqual([]);
      // The account menu with its theme switch, then home in the light theme.
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitemradio', { name: 'Light' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
