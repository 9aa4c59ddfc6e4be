import * as z from 'zod';
import type { HandlerReference } from './api/route-types';

/** The EventBridge bus every domain event travels on (docs/DESIGN.md §5). */
export const EVENT_BUS_NAME = 'wayfarer';
/** One source for all of the app's own events; rules tell them apart by detail-type. */
export const EVENT_SOURCE = 'wayfarer.app';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a day as yyyy-mm-dd');

export const usageRecordedDetailSchema = z.object({
  /** A user's sub, or a keyed hash of an anonymous caller's IP: never the IP itself. */
  subject: z.string().min(1).max(128),
  seconds: z.number().finite().min(0),
  leaseId: z.string().min(1).max(128),
  /** The day the usage counts against (UTC). */
  day: isoDay,
});

export const pageViewedDetailSchema = z.object({
  page: z.string().min(1).max(512),
  userKind: z.enum(['authenticated', 'anonymous']),
  /** Already truncated by the publisher (last IPv4 octet / last 80 IPv6 bits zeroed). */
  truncatedIp: z.string().max(64),
  country: z.string().max(2).optional(),
  /**
   * A keyed hash of the viewer group (the IPv4 address, the IPv6 /64: `viewerGroup`), for unique-visitor counts
   * without keeping the IP.
   */
  visitorHash: z.string().max(128),
  /**
   * The visitor's place in the distinct-visitor sketch (shared/domain/visitor-sketch.ts), from a keyed hash of the
   * viewer group that does not change with the day: a register and a rank, never the hash. Optional: events published
   * before it existed have none.
   */
  visitorSketch: z
    .object({ register: z.number().int().min(0).max(65_535), rank: z.number().int().min(1).max(64) })
    .optional(),
  viewedAt: z.iso.datetime(),
});

export const subscriptionChangedDetailSchema = z.object({
  userSub: z.string().min(1).max(128),
  status: z.string().min(1).max(32),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.iso.datetime().nullable(),
});

export const passwordResetRequestedDetailSchema = z.object({
  /**
   * The address as the caller typed it, normalised; whether it has an account is the consumer's question, so
   * the request path does the same work either way. Nothing secret travels: the token is made by the consumer.
   */
  email: z.email().max(254),
});

export const emailVerificationRequestedDetailSchema = z.object({
  /** As for a password reset: the address as typed, normalised; the consumer finds the account, if any. */
  email: z.email().max(254),
});

export const accountDeletedDetailSchema = z.object({
  /** Where the goodbye goes: the deleted account's address, the only thing of it that travels or is kept. */
  email: z.email().max(254),
});

/**
 * The request an event was published for (the API request id), carried in the detail beside the catalogue's
 * fields, so logs follow one call from the API through the bus into its consumer. Consumers' schemas ignore
 * it; the consumer wrapper reads it with `eventRequestIdOf`.
 */
export const EVENT_REQUEST_ID_FIELD = 'requestId';
const eventTraceSchema = z.object({ [EVENT_REQUEST_ID_FIELD]: z.string().min(1).max(128) });

/** The request id an event's detail carries, if any. */
export function eventRequestIdOf(detail: unknown): string | undefined {
  return eventTraceSchema.safeParse(detail).data?.[EVENT_REQUEST_ID_FIELD];
}

export interface EventDefinition<Detail extends z.ZodType = z.ZodType> {
  readonly detailType: string;
  readonly detail: Detail;
  /** The consumer Lambda: `lambdas/functions/<area>/handler.ts`, named export. */
  readonly consumer: HandlerReference & { readonly id: string };
}

/** The catalogue: every event, its detail schema, and which consumer takes it. */
export const events = {
  usageRecorded: {
    detailType: 'usage.recorded',
    detail: usageRecordedDetailSchema,
    consumer: { id: 'consumers.usageRecorded', area: 'consumers', export: 'usageRecorded' },
  },
  pageViewed: {
    detailType: 'page.viewed',
    detail: pageViewedDetailSchema,
    consumer: { id: 'consumers.pageViewed', area: 'consumers', export: 'pageViewed' },
  },
  subscriptionChanged: {
    detailType: 'subscription.changed',
    detail: subscriptionChangedDetailSchema,
    consumer: { id: 'consumers.subscriptionChanged', area: 'consumers', export: 'subscriptionChanged' },
  },
  // Its own area: the SES client would take the consumers bundle over its 400 KB budget.
  passwordResetRequested: {
    detailType: 'password-reset.requested',
    detail: passwordResetRequestedDetailSchema,
    consumer: { id: 'mail.passwordResetRequested', area: 'mail', export: 'passwordResetRequested' },
  },
  emailVerificationRequested: {
    detailType: 'email-verification.requested',
    detail: emailVerificationRequestedDetailSchema,
    consumer: { id: 'mail.emailVerificationRequested', area: 'mail', export: 'emailVerificationRequested' },
  },
  accountDeleted: {
    detailType: 'account.deleted',
    detail: accountDeletedDetailSchema,
    consumer: { id: 'mail.accountDeleted', area: 'mail', export: 'accountDeleted' },
  },
} as const satisfies Record<string, EventDefinition>;

export type EventName = keyof typeof events;
export type EventDetail<Name extends EventName> = z.infer<(typeof events)[Name]['detail']>;

/** An EventBridge event pattern, limited to what our rules use: exact matches on listed values. */
export interface EventPattern {
  readonly source: readonly string[];
  readonly 'detail-type': readonly string[];
}

/** The rule pattern for an event: used verbatim by the CDK stack and by the local bus. */
export function rulePattern(name: EventName): EventPattern {
  return { source: [EVENT_SOURCE], 'detail-type': [events[name].detailType] };
}

export interface EventRule {
  readonly name: EventName;
  readonly pattern: EventPattern;
  readonly consumer: EventDefinition['consumer'];
}

/** One rule per event, each delivering to that event's consumer. */
// Pure: a bundle that reads only the bus name (every Lambda's config) leaves the catalogue out.
export const eventRules: readonly EventRule[] = /* @__PURE__ */ (Object.keys(events) as EventName[]).map(
  (name) => ({
    name,
    pattern: rulePattern(name),
    consumer: events[name].consumer,
  }),
);

/**
 * The daily exchange-rate refresh: a function run by the schedule in the infra/aws events stack, with no route
 * and no event of the catalogue. lambdas/functions/analysis/handler.ts exports `refreshRates`.
 */
export const RATE_REFRESH_HANDLER = {
  id: 'analysis.refreshRates',
  area: 'rates',
  export: 'refreshRates',
} as const satisfies HandlerReference & { readonly id: string };
