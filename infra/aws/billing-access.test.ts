import { describe, expect, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';
import { resourcesOfType, synthWayfarer } from './testing/synth-wayfarer';

const { templates } = synthWayfarer();
const stacks = [templates.api, templates.events];
/** The Stripe secret of the data stack, as other stacks reference it. */
const STRIPE_SECRET = /StripeKeys/;
// The account area deletes the account's Stripe customer (docs/DESIGN.md §9).
const billingRouteIds = routes
  .filter((route) => route.handler.area === 'billing' || route.handler.area === 'account')
  .map((route) => route.id);

describe('billing in AWS', () => {
  it('lets the billing and account functions, and no other, read the Stripe secret', () => {
    const readers = stacks.flatMap((template) => {
      const functions = resourcesOfType(template, 'AWS::Lambda::Function');
      const policies = resourcesOfType(template, 'AWS::IAM::Policy');
      const byVariable = Object.values(functions)
        .filter((fn) => STRIPE_SECRET.test(JSON.stringify(fn.Properties?.Environment ?? {})))
        .map((fn) => String(fn.Properties?.Description ?? '').replace(/^Wayfarer /, ''));
      const byPolicy = Object.entries(policies)
        .filter(([, policy]) => STRIPE_SECRET.test(JSON.stringify(policy.Properties?.PolicyDocument ?? {})))
        .map(([id]) => id);
      expect(byPolicy).toHaveLength(byVariable.length);
      return byVariable;
    });
    expect(readers.sort()).toEqual([...billingRouteIds].sort());
  });
});
