// Every route is wired through the full http stack now (size limit, auth, JSON parsing, validation, errors);
// the bodies belong to the billing issue and answer 501 until it lands.
import { BadRequestError, notImplemented } from '../../http/errors';
import { httpRoute } from '../../http/route';

export const createCheckoutSession = httpRoute('billing.createCheckoutSession', notImplemented);
export const subscription = httpRoute('billing.subscription', notImplemented);
export const customerPortal = httpRoute('billing.customerPortal', notImplemented);
// Stripe signs every delivery: an unsigned body is not from Stripe, whatever state billing is in.
export const webhook = httpRoute('billing.webhook', async ({ headers }) => {
  if (!headers['stripe-signature']) throw new BadRequestError('Missing Stripe-Signature header');
  return notImplemented();
});
