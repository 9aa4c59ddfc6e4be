import type { Engine } from '../engine';
import { checkoutRoutes } from './checkout-pages';
import { createLocalBilling } from './local-stripe';

/** The Pro plan offline: the Stripe emulator in this process, with local checkout and portal pages. */
export const billingEngine: Engine<'billing'> = {
  capability: 'billing',
  provider: createLocalBilling,
  routes: checkoutRoutes,
};
