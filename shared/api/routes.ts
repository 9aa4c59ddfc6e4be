import * as z from 'zod';
import type { HttpMethod, RouteDefinition, RouteSchemas } from './route-types';
import { matchRouteMeta, routeTable, type RouteId } from './route-table';
import { okResponseSchema } from './common';
import {
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  passwordConfirmationRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  userSchema,
  verificationMailRequestSchema,
  verifyEmailRequestSchema,
} from './auth';
import { speechTicketResponseSchema } from './speech';
import { accountExportSchema } from './account';
import { capabilitiesResponseSchema, countryResponseSchema } from './capabilities';
import { translateRequestSchema, ttsPathSchema, ttsRequestSchema } from './voice-output';
import {
  analysisTextRequestSchema,
  emergencyResultSchema,
  exchangeRatesResponseSchema,
  locationsResponseSchema,
  pricesRequestSchema,
  pricesResponseSchema,
} from './analysis';
import { translateImageFieldsSchema, translateImageResponseSchema } from './vision';
import {
  checkoutSessionResponseSchema,
  customerPortalResponseSchema,
  subscriptionResponseSchema,
} from './billing';
import {
  analyticsStatsSchema,
  statsQuerySchema,
  trackRequestSchema,
  verifyAdminPasswordRequestSchema,
} from './analytics';

/** The request and response schemas of every route in the route table, by route id. */
export const routeSchemas = {
  'health.check': {
    request: {},
    response: z.object({ ok: z.literal(true) }),
  },
  'capabilities.list': {
    request: {},
    response: capabilitiesResponseSchema,
  },
  'capabilities.country': {
    request: {},
    response: countryResponseSchema,
  },
  'auth.login': {
    request: { body: loginRequestSchema },
    response: sessionResponseSchema,
  },
  'auth.register': {
    request: { body: registerRequestSchema },
    response: sessionResponseSchema,
  },
  'auth.forgotPassword': {
    request: { body: forgotPasswordRequestSchema },
    response: messageResponseSchema,
  },
  'auth.resetPassword': {
    request: { body: resetPasswordRequestSchema },
    response: messageResponseSchema,
  },
  'auth.verificationMail': {
    request: { body: verificationMailRequestSchema },
    response: messageResponseSchema,
  },
  'auth.verifyEmail': {
    request: { body: verifyEmailRequestSchema },
    response: messageResponseSchema,
  },
  'auth.me': {
    request: {},
    response: userSchema,
  },
  'auth.refresh': {
    request: {},
    response: sessionResponseSchema,
  },
  'auth.logout': {
    request: {},
    response: okResponseSchema,
  },
  'auth.changePassword': {
    request: { body: changePasswordRequestSchema },
    response: sessionResponseSchema,
  },
  'auth.signOutEverywhere': {
    request: { body: passwordConfirmationRequestSchema },
    response: sessionResponseSchema,
  },
  'account.export': {
    request: { body: passwordConfirmationRequestSchema },
    response: accountExportSchema,
  },
  'account.delete': {
    request: { body: passwordConfirmationRequestSchema },
    response: okResponseSchema,
  },
  'speech.ticket': {
    request: {},
    response: speechTicketResponseSchema,
  },
  'tts.speak': {
    request: { pathParameters: ttsPathSchema, body: ttsRequestSchema },
  },
  'translate.stream': {
    request: { body: translateRequestSchema },
  },
  'analysis.emergency': {
    request: { body: analysisTextRequestSchema },
    response: emergencyResultSchema,
  },
  'analysis.locations': {
    request: { body: analysisTextRequestSchema },
    response: locationsResponseSchema,
  },
  'analysis.prices': {
    request: { body: pricesRequestSchema },
    response: pricesResponseSchema,
  },
  'analysis.exchangeRates': {
    request: {},
    response: exchangeRatesResponseSchema,
  },
  'vision.translateImage': {
    request: { body: translateImageFieldsSchema },
    response: translateImageResponseSchema,
  },
  'billing.createCheckoutSession': {
    request: {},
    response: checkoutSessionResponseSchema,
  },
  'billing.subscription': {
    request: {},
    response: subscriptionResponseSchema,
  },
  'billing.customerPortal': {
    request: {},
    response: customerPortalResponseSchema,
  },
  'billing.webhook': {
    request: {},
    response: z.object({ received: z.literal(true) }),
  },
  'analytics.verifyAdminPassword': {
    request: { body: verifyAdminPasswordRequestSchema },
    response: okResponseSchema,
  },
  'analytics.stats': {
    request: { query: statsQuerySchema },
    response: analyticsStatsSchema,
  },
  'analytics.track': {
    request: { body: trackRequestSchema },
    response: okResponseSchema,
  },
} as const satisfies Record<RouteId, RouteSchemas>;

type TableEntry = (typeof routeTable)[number];
type RouteWithSchemas<Id extends RouteId> = Extract<TableEntry, { readonly id: Id }> &
  (typeof routeSchemas)[Id];
/** One route with its literal metadata and schemas; `(typeof routes)[number]` is the union of all of them. */
export type FullRoute = { [Id in RouteId]: RouteWithSchemas<Id> }[RouteId];

/** The route table with schemas: the single source for the gateway, the handlers and the CDK API stack. */
export const routes: readonly FullRoute[] = routeTable.map(
  (meta) => ({ ...meta, ...routeSchemas[meta.id] }) as FullRoute,
);

export type { RouteId };
export { routeForPath, pathHasOtherMethods } from './route-table';

export interface RouteMatch {
  readonly route: RouteDefinition;
  readonly pathParameters: Record<string, string>;
}

/** Finds the route (with its schemas) for a request. */
export function matchRoute(method: HttpMethod | string, pathOrUrl: string): RouteMatch | undefined {
  const found = matchRouteMeta(method, pathOrUrl);
  if (!found) return undefined;
  const route = routes.find((candidate) => candidate.id === found.id);
  return route && { route, pathParameters: found.pathParameters };
}
