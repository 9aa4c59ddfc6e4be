import * as z from 'zod';
import { subscriptionStatusSchema } from './auth';

/**
 * GET /api/account/export (docs/SPEC.md §3, §7): everything the server holds about the account, as one JSON file
 * the traveller downloads. The two statements say what the server does not hold, in the file itself, so the file
 * stands on its own when read later.
 */
export const accountExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  profile: z.object({
    email: z.email(),
    subscriptionStatus: subscriptionStatusSchema,
  }),
  subscription: z.object({
    status: subscriptionStatusSchema,
    cancelAtPeriodEnd: z.boolean(),
    currentPeriodEnd: z.iso.datetime().nullable(),
    /** True when a Stripe customer is linked to the account (its id is Stripe's, not the traveller's business). */
    hasPaymentCustomer: z.boolean(),
  }),
  /** The days the server still counts (it keeps them a few days, then forgets them), newest first. */
  allowanceUseByDay: z.array(
    z.object({
      day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      speechSeconds: z.number().min(0),
      translatedCharacters: z.number().min(0),
      spokenCharacters: z.number().min(0),
      analysedCharacters: z.number().min(0),
      photos: z.number().min(0),
    }),
  ),
  /** Signed-in sessions that can still be refreshed, by when each ends at the latest. */
  openSessions: z.array(z.object({ endsAt: z.iso.datetime() })),
  keptOnlyOnTheDevice: z.string(),
  neverKeptOnTheServer: z.string(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** What the export says about the history (docs/SPEC.md §1, On-device history). */
export const KEPT_ONLY_ON_THE_DEVICE =
  'Conversation history (transcripts, translations, analyses) is kept only in the browser of each device, when ' +
  'history is on; it is never sent to the server. Export or delete it on the History page of that device.';
/** What the export says about voice and text (docs/SPEC.md §1, policy statements). */
export const NEVER_KEPT_ON_THE_SERVER =
  'No voice recording, transcript, translation or photo is kept on the server: they are processed as they ' +
  'happen and not stored.';
