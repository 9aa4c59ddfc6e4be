import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from './stripe-emulator';

describe('the local Stripe’s webhook signatures', () => {
  it('are Stripe’s scheme: the stripe SDK verifies them over the exact bytes, and refuses them under another secret', async () => {
    const payload = JSON.stringify({
      id: 'evt_local',
      object: 'event',
      type: 'customer.subscription.updated',
    });
    const header = stripeSignatureHeader(payload, 'whsec_local');
    const sdk = new Stripe('sk_test_unused');
    await expect(sdk.webhooks.constructEventAsync(payload, header, 'whsec_local')).resolves.toMatchObject({
      id: 'evt_local',
    });
    await expect(sdk.webhooks.constructEventAsync(payload, header, 'whsec_other')).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
