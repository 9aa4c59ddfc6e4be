import { z } from 'zod';
import type { HttpMethod, RouteDefinition } from './route-types';
import { okResponseSchema } from './common';
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  userSchema,
} from './auth';
import { speechKeyResponseSchema, usageUpdateRequestSchema } from './speech';
import { translateRequestSchema, ttsPathSchema, ttsRequestSchema } from './voice-output';
import {
  analysisTextRequestSchema,
  emergencyResultSchema,
  exchangeRatesResponseSchema,
  locationsResponseSchema,
  pricesRequestSchema,
  pricesResponseSchema,
} from './analysis';
import { MAX_IMAGE_BYTES, translateImageFieldsSchema, translateImageResponseSchema } from './vision';
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

const KB = 1024;
const SMALL_JSON = 8 * KB;
const TEXT_JSON = 64 * KB;
// Multipart adds boundaries and headers around the image.
const IMAGE_UPLOAD = MAX_IMAGE_BYTES + 64 * KB;
// Stripe events are a few KB; large invoices stay well under this.
const WEBHOOK_BODY = 256 * KB;

type RouteInput = Omit<RouteDefinition, 'streaming' | 'bodyKind' | 'maxBodyBytes' | 'request'> &
  Partial<Pick<RouteDefinition, 'streaming' | 'bodyKind' | 'maxBodyBytes' | 'request'>>;

// Bodyless POSTs (refresh, checkout, portal) ignore a body, but some clients send `{}`: tolerate a little.
const IGNORED_BODY = 1 * KB;

/** Fills in defaults while keeping each entry's literal types, so RouteId and per-route schemas stay precise. */
function route<const Input extends RouteInput>(input: Input): RouteDefinition & Input {
  const bodyKind = input.bodyKind ?? (input.method === 'GET' ? 'none' : 'json');
  const defaultMaxBodyBytes = bodyKind === 'json' ? SMALL_JSON : input.method === 'GET' ? 0 : IGNORED_BODY;
  return {
    streaming: false,
    request: {},
    maxBodyBytes: defaultMaxBodyBytes,
    ...input,
    bodyKind,
  } as RouteDefinition & Input;
}

/**
 * Every call of SPEC §7 (plus health and the Stripe webhook), the single source of truth for the local
 * gateway, the CDK API stack and the client's 429 mapping.
 */
export const routes = [
  route({
    id: 'health.check',
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'health', export: 'check' },
    response: z.object({ ok: z.literal(true) }),
  }),
  route({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    auth: 'none',
    rateLimitClass: 'auth',
    handler: { area: 'auth', export: 'login' },
    request: { body: loginRequestSchema },
    response: sessionResponseSchema,
  }),
  route({
    id: 'auth.register',
    method: 'POST',
    path: '/api/auth/register',
    auth: 'none',
    rateLimitClass: 'auth',
    handler: { area: 'auth', export: 'register' },
    request: { body: registerRequestSchema },
    response: sessionResponseSchema,
  }),
  route({
    id: 'auth.forgotPassword',
    method: 'POST',
    path: '/api/auth/forgot-password',
    auth: 'none',
    rateLimitClass: 'password-reset',
    handler: { area: 'auth', export: 'forgotPassword' },
    request: { body: forgotPasswordRequestSchema },
    response: messageResponseSchema,
  }),
  route({
    id: 'auth.resetPassword',
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: 'none',
    rateLimitClass: 'password-reset',
    handler: { area: 'auth', export: 'resetPassword' },
    request: { body: resetPasswordRequestSchema },
    response: messageResponseSchema,
  }),
  route({
    id: 'auth.me',
    method: 'GET',
    path: '/api/auth/me',
    auth: 'required',
    rateLimitClass: 'default',
    handler: { area: 'auth', export: 'me' },
    response: userSchema,
  }),
  route({
    id: 'auth.refresh',
    method: 'POST',
    path: '/api/auth/refresh',
    auth: 'required',
    rateLimitClass: 'default',
    handler: { area: 'auth', export: 'refresh' },
    bodyKind: 'none',
    response: sessionResponseSchema,
  }),
  route({
    id: 'speech.key',
    method: 'GET',
    path: '/api/deepgram/key',
    auth: 'optional',
    rateLimitClass: 'speech-key',
    handler: { area: 'speech', export: 'key' },
    response: speechKeyResponseSchema,
  }),
  route({
    id: 'usage.update',
    method: 'POST',
    path: '/api/usage/update',
    auth: 'optional',
    rateLimitClass: 'usage',
    handler: { area: 'usage', export: 'update' },
    request: { body: usageUpdateRequestSchema },
    response: okResponseSchema,
  }),
  route({
    id: 'tts.speak',
    method: 'POST',
    path: '/api/tts/{provider}',
    auth: 'optional',
    rateLimitClass: 'expensive',
    handler: { area: 'tts', export: 'speak' },
    streaming: true,
    request: { pathParameters: ttsPathSchema, body: ttsRequestSchema },
  }),
  route({
    id: 'translate.stream',
    method: 'POST',
    path: '/api/translate',
    auth: 'optional',
    rateLimitClass: 'expensive',
    handler: { area: 'translate', export: 'stream' },
    streaming: true,
    maxBodyBytes: TEXT_JSON,
    request: { body: translateRequestSchema },
  }),
  route({
    id: 'analysis.emergency',
    method: 'POST',
    path: '/api/analysis/emergency',
    auth: 'optional',
    rateLimitClass: 'default',
    handler: { area: 'analysis', export: 'emergency' },
    maxBodyBytes: TEXT_JSON,
    request: { body: analysisTextRequestSchema },
    response: emergencyResultSchema,
  }),
  route({
    id: 'analysis.locations',
    method: 'POST',
    path: '/api/analysis/locations',
    auth: 'optional',
    rateLimitClass: 'default',
    handler: { area: 'analysis', export: 'locations' },
    maxBodyBytes: TEXT_JSON,
    request: { body: analysisTextRequestSchema },
    response: locationsResponseSchema,
  }),
  route({
    id: 'analysis.prices',
    method: 'POST',
    path: '/api/analysis/prices',
    auth: 'optional',
    rateLimitClass: 'default',
    handler: { area: 'analysis', export: 'prices' },
    maxBodyBytes: TEXT_JSON,
    request: { body: pricesRequestSchema },
    response: pricesResponseSchema,
  }),
  route({
    id: 'analysis.exchangeRates',
    method: 'GET',
    path: '/api/analysis/exchange-rates',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'analysis', export: 'exchangeRates' },
    response: exchangeRatesResponseSchema,
  }),
  route({
    id: 'vision.translateImage',
    method: 'POST',
    path: '/api/vision/translate-image',
    auth: 'required',
    rateLimitClass: 'expensive',
    handler: { area: 'vision', export: 'translateImage' },
    bodyKind: 'multipart',
    maxBodyBytes: IMAGE_UPLOAD,
    request: { body: translateImageFieldsSchema },
    response: translateImageResponseSchema,
  }),
  route({
    id: 'billing.createCheckoutSession',
    method: 'POST',
    path: '/api/stripe/create-checkout-session',
    auth: 'required',
    rateLimitClass: 'stripe',
    handler: { area: 'billing', export: 'createCheckoutSession' },
    bodyKind: 'none',
    response: checkoutSessionResponseSchema,
  }),
  route({
    id: 'billing.subscription',
    method: 'GET',
    path: '/api/stripe/subscription',
    auth: 'required',
    rateLimitClass: 'stripe',
    handler: { area: 'billing', export: 'subscription' },
    response: subscriptionResponseSchema,
  }),
  route({
    id: 'billing.customerPortal',
    method: 'POST',
    path: '/api/stripe/customer-portal',
    auth: 'required',
    rateLimitClass: 'stripe',
    handler: { area: 'billing', export: 'customerPortal' },
    bodyKind: 'none',
    response: customerPortalResponseSchema,
  }),
  route({
    id: 'billing.webhook',
    method: 'POST',
    path: '/api/stripe/webhook',
    auth: 'none',
    rateLimitClass: 'stripe',
    handler: { area: 'billing', export: 'webhook' },
    // Stripe signs the exact bytes it sent: the handler must see the raw body.
    bodyKind: 'raw',
    maxBodyBytes: WEBHOOK_BODY,
    response: z.object({ received: z.literal(true) }),
  }),
  route({
    id: 'analytics.verifyAdminPassword',
    method: 'POST',
    path: '/api/analytics/verify-admin-password',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'analytics', export: 'verifyAdminPassword' },
    request: { body: verifyAdminPasswordRequestSchema },
    response: okResponseSchema,
  }),
  route({
    id: 'analytics.stats',
    method: 'GET',
    path: '/api/analytics/stats',
    auth: 'admin-cookie',
    rateLimitClass: 'default',
    handler: { area: 'analytics', export: 'stats' },
    request: { query: statsQuerySchema },
    response: analyticsStatsSchema,
  }),
  route({
    id: 'analytics.track',
    method: 'POST',
    path: '/api/analytics/track',
    auth: 'optional',
    rateLimitClass: 'default',
    handler: { area: 'analytics', export: 'track' },
    request: { body: trackRequestSchema },
    response: okResponseSchema,
  }),
] as const satisfies readonly RouteDefinition[];

export type RouteId = (typeof routes)[number]['id'];

function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) =>
      /^\{[^}]+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}$`);
}

const compiled = routes.map((definition) => ({ definition, pattern: pathPattern(definition.path) }));

function pathOnly(pathOrUrl: string): string {
  const withoutOrigin = pathOrUrl.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const cut = withoutOrigin.search(/[?#]/);
  const path = cut === -1 ? withoutOrigin : withoutOrigin.slice(0, cut);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export interface RouteMatch {
  readonly route: RouteDefinition;
  readonly pathParameters: Record<string, string>;
}

/** Finds the route for a request; the path may carry an origin, a query string or a trailing slash. */
export function matchRoute(method: HttpMethod | string, pathOrUrl: string): RouteMatch | undefined {
  const path = pathOnly(pathOrUrl);
  for (const { definition, pattern } of compiled) {
    if (definition.method !== method.toUpperCase()) continue;
    const found = pattern.exec(path);
    if (!found) continue;
    const names = [...definition.path.matchAll(/\{([^}]+)\}/g)].map((name) => name[1] ?? '');
    const pathParameters: Record<string, string> = {};
    names.forEach((name, index) => {
      pathParameters[name] = decodeURIComponent(found[index + 1] ?? '');
    });
    return { route: definition, pathParameters };
  }
  return undefined;
}

/** Any route on this path, whatever its method (used where only the path is known, e.g. 429 mapping). */
export function routeForPath(pathOrUrl: string): RouteDefinition | undefined {
  const path = pathOnly(pathOrUrl);
  return compiled.find(({ pattern }) => pattern.test(path))?.definition;
}

/** True when some route has this path but none has this method (405 rather than 404). */
export function pathHasOtherMethods(method: string, pathOrUrl: string): boolean {
  return routeForPath(pathOrUrl) !== undefined && matchRoute(method, pathOrUrl) === undefined;
}
