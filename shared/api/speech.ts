import * as z from 'zod';

/** GET /api/deepgram/key: a short-lived key for the live speech socket, and the socket to open with it. */
export const speechKeyResponseSchema = z.object({
  key: z.string().min(1),
  time_to_live_in_seconds: z.number().int().positive(),
  url: z.string().url(),
});
export type SpeechKeyResponse = z.infer<typeof speechKeyResponseSchema>;

/** A day has 86,400 seconds; nothing longer can be a real session. */
export const MAX_SESSION_SECONDS = 86_400;

export const usageUpdateRequestSchema = z.object({
  durationSeconds: z.number().finite().min(0).max(MAX_SESSION_SECONDS),
});
export type UsageUpdateRequest = z.infer<typeof usageUpdateRequestSchema>;
