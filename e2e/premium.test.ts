import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotter, seriousViolations, signUpThroughUi, startStack } from './harness.ts';

let stack: Awaited<ReturnType<typeof startStack>>;
beforeAll(async () => {
  // No Stripe settings: payments go through the embedded sandbox checkout.
  stack = await startStack();
}, 180000);
afterAll(async () => {
  await stack?.stop();
});

describe('gems, premium and badges', () => {
  it('buys 500 gems in the sandbox, subscribes to Premiere, buys and equips a badge, cancels the subscription', async () => {
    const shot = screenshotter('premium');
    const { context, page } = await stack.newPage(1440, 900);
    await signUpThroughUi(stack, page, `premium.${Date.now()}@example.com`, 'Paula Premium');

    // The 500-gem bundle through the sandbox checkout.
    await page.goto('/gems');
    await page.getByRole('heading', { name: 'Gems', exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('gem-balance').textContent()).toBe('0');
    await page.getByTestId('test-mode-banner').getByText('TEST MODE').waitFor();
    const bundle = page.getByRole('button', { name: /500 gems/ });
    await bundle.click();
    expect(await bundle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$19.99');
    // Choosing the selected bundle again clears it and the total (spec 4).
    await bundle.click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$0.00');
    expect(await page.getByRole('button', { name: 'Buy gems' }).isDisabled()).toBe(true);
    await bundle.click();
    await shot(page, 'gems-selected');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Buy gems' }).click();

    await page.waitForURL('**/api/purchases/sandbox/**');
    await page.getByText('TEST MODE').waitFor();
    expect(await page.getByTestId('sandbox-total').textContent()).toBe('$19.99');
    await shot(page, 'sandbox-checkout');
    await page.getByRole('button', { name: 'Confirm test payment' }).click();
    await page.waitForURL('**/gems');
    await page.getByText('Payment confirmed. Your gems are in your balance.').waitFor();
    await expect.poll(() => page.getByTestId('gem-balance').textContent()).toBe('500');

    await page.getByRole('link', { name: 'Transaction history' }).click();
    await page.getByRole('heading', { name: 'Gem transactions' }).waitFor();
    const row = page.getByTestId('gem-transaction').first();
    await expect.poll(() => row.textContent()).toContain('500 gems bundle');
    expect(await row.textContent()).toContain('+500');
    await expect.poll(() => page.getByTestId('ledger-balance').textContent()).toContain('500');
    await shot(page, 'transactions');

    // Without Premium, buying a badge asks first and says it shows only with Premium; Cancel spends nothing.
    await page.goto('/badges');
    await page.getByRole('button', { name: 'Buy Popcorn for 50 gems' }).click();
    const askFirst = page.getByRole('dialog', { name: 'Buy the Popcorn badge' });
    await askFirst.getByText('50 gems · 450 left after').waitFor();
    expect(await askFirst.getByTestId('badge-premium-note').textContent()).toContain('only with Premiere or Platinum');
    await shot(page, 'badge-confirm');
    await askFirst.getByRole('button', { name: 'Cancel' }).click();
    await askFirst.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('gem-balance').textContent()).toBe('500');

    // Premiere through the sandbox.
    await page.goto('/premium');
    await page.getByRole('heading', { name: 'Go Premium' }).waitFor();
    await page.getByTestId('test-mode-banner').getByText('TEST MODE').waitFor();
    const premiere = page.getByRole('button', { name: /^Premiere/ });
    await premiere.click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$4.99');
    await page.getByRole('button', { name: /Platinum/ }).click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$49.99');
    await page.getByRole('button', { name: /Platinum/ }).click();
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe('$0.00');
    await premiere.click();
    await shot(page, 'plans');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue to checkout' }).click();
    await page.waitForURL('**/api/purchases/sandbox/**');
    await page.getByRole('button', { name: 'Confirm test payment' }).click();
    await page.waitForURL('**/premium');
    await expect.poll(() => page.getByTestId('premium-status').textContent()).toBe('Premiere');

    // A badge, bought with gems and worn on the picture.
    await page.goto('/badges');
    await page.getByRole('heading', { name: 'Badges', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Buy Popcorn for 50 gems' }).click();
    const premiumConfirm = page.getByRole('dialog', { name: 'Buy the Popcorn badge' });
    await premiumConfirm.getByText('Buy the Popcorn badge?').waitFor();
    expect(await premiumConfirm.getByTestId('badge-premium-note').count()).toBe(0);
    await premiumConfirm.getByRole('button', { name: 'Buy for 50 gems' }).click();
    await page.getByText('Popcorn badge bought').waitFor();
    await expect.poll(() => page.getByTestId('gem-balance').textContent()).toBe('450');
    await page.getByRole('button', { name: 'Equip Popcorn' }).click();
    await page.getByRole('button', { name: 'Take off Popcorn' }).waitFor();
    await page.getByText('Popcorn badge equipped').waitFor();
    const picture = page.getByTestId('profile-picture').first();
    // Drawn by Reelhouse (an SVG), not by the device's emoji font.
    await expect.poll(() => picture.getByTestId('profile-badge').locator('svg[data-badge-art]').count()).toBe(1);
    expect(await picture.getByTestId('profile-badge').textContent()).toBe('');
    expect(await picture.getAttribute('aria-label')).toBe('Paula Premium, Premiere, Popcorn badge');
    await shot(page, 'badge-equipped');
    expect(await seriousViolations(page)).toEqual([]);

    // The same screens on a phone.
    const phone = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: stack.baseUrl, colorScheme: 'dark' });
    await phone.addCookies(await context.cookies());
    const mobile = await phone.newPage();
    for (const [path, heading, step] of [
      ['/premium', 'Go Premium', 'plans-phone'],
      ['/gems', 'Gems', 'gems-phone'],
      ['/gems/transactions', 'Gem transactions', 'transactions-phone'],
      ['/badges', 'Badges', 'badges-phone'],
    ] as const) {
      await mobile.goto(path);
      await mobile.getByRole('heading', { name: heading, exact: true }).waitFor();
      await mobile.getByTestId(path === '/gems/transactions' ? 'gem-transaction' : 'profile-picture').first().waitFor();
      await shot(mobile, step);
    }
    expect(await mobile.getByTestId('profile-badge').locator('svg[data-badge-art]').count()).toBe(1);
    // The sandbox checkout on a phone, left with Cancel: nothing is charged.
    await mobile.goto('/gems');
    await mobile.getByRole('button', { name: /100 gems/ }).click();
    await mobile.getByRole('button', { name: 'Buy gems' }).click();
    await mobile.waitForURL('**/api/purchases/sandbox/**');
    await mobile.getByText('TEST MODE').waitFor();
    await shot(mobile, 'sandbox-phone');
    await mobile.getByRole('button', { name: 'Cancel' }).click();
    await mobile.waitForURL('**/gems');
    await mobile.getByText('Checkout canceled. You were not charged.').waitFor();
    await expect.poll(() => mobile.getByTestId('gem-balance').textContent()).toBe('450');
    await phone.close();

    // Cancel from the subscription settings: premium stays until the period ends.
    await page.goto('/premium');
    await page.getByRole('heading', { name: 'Subscription settings' }).waitFor();
    await expect.poll(() => page.getByTestId('subscription-state').textContent()).toContain('renews on');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel your Premiere subscription?' });
    await confirm.waitFor();
    await shot(page, 'cancel-confirm');
    await confirm.getByRole('button', { name: 'Yes, cancel' }).click();
    await page.getByText('Subscription canceled. Premium stays until the end of the paid period.').waitFor();
    await expect.poll(() => page.getByTestId('subscription-state').textContent()).toContain('is canceled and stays active until');
    expect(await page.getByTestId('premium-status').textContent()).toBe('Premiere');
    await shot(page, 'canceled');
    await context.close();
  });
});
