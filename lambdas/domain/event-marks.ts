/**
 * How long an idempotency mark (`EVENT#<id>`) outlives its delivery: EventBridge retries for up to a day, and
 * the mark outlives that so a late redelivery still does nothing.
 */
export const EVENT_MARK_TTL_SECONDS = 7 * 24 * 60 * 60;
