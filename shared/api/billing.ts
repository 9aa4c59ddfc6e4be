import * as z from 'zod';
import { subscriptionStatusSchema } from './auth';

export const checkoutSessionResponseSchema = z.object({ checkoutUrl: z.string().url() });
export const customerPortalResponseSchema = z.object({ portalUrl: z.string().url() });
export const subscriptionSchema = z.object({
  status: subscriptionStatusSchema,
  cancelAtPeriodEnd: z.boolean(),
  stripeCurrentPeriodEnd: z.iso.datetime().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
export const subscriptionSuccessQuerySchema = z.object({ session_id: z.string().min(1).max(255) });
