import * as z from 'zod';

/**
 * POST /api/speech/ticket: a single-use ticket that opens one socket on our own speech relay (`/v1/listen` on
 * the app's origin) for this caller, from this viewer, within SPEECH_TICKET_SECONDS. No body: who the caller is
 * comes from the bearer token, or the viewer's address when anonymous.
 */
export const speechTicketResponseSchema = z.object({
  ticket: z.string().min(1),
  /** Seconds of speech left today; null for a subscriber, who has no daily allowance (docs/SPEC.md §6). */
  seconds_left: z.number().nonnegative().nullable(),
});
export type SpeechTicketResponse = z.infer<typeof speechTicketResponseSchema>;
