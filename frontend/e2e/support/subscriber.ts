import { expect, type Page } from '@playwright/test';
import { signInFresh } from './sign-in';

/**
 * A fresh account with the Pro plan, bought through the local checkout (no Stripe key: the local cloud's checkout
 * page sends the signed webhooks Stripe would). A subscriber's speech has no daily cut-off, so a spec whose
 * sessions outlast the second local cloud's small allowances speaks as one. `origin` is the server's APP_URL host,
 * where the checkout returns.
 */
export async function subscribeFresh(page: Page, origin: string): Promise<void> {
  await signInFresh(page);
  await page.goto(`${origin}/subscribe`);
  await page.getByTestId('subscribe-terms').check();
  await page.getByTestId('subscribe-button').click();
  await page.getByTestId('local-checkout-pay').click();
  await expect(page.getByTestId('subscribe-success')).toHaveAttribute('data-state', 'confirmed', {
    timeout: 20_000,
  });
}
