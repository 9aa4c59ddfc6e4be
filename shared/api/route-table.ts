import type { HttpMethod, RouteMeta } from './route-types';

const KB = 1024;
const SMALL_JSON = 8 * KB;
const TEXT_JSON = 64 * KB;
/*
 * The photo upload's ceiling is Lambda's, not ours. A synchronous invocation's request may be at most 6 MB
 * (6,291,456 bytes); multipart is a binary media type, so API Gateway hands the body to Lambda base64-encoded
 * (4 bytes per 3), inside a JSON event whose headers, context and identity take some KB more. So the multipart
 * body may be at most 3/4 of what is left after that envelope, and the image that much less the multipart
 * framing (boundaries, part headers, the targetLanguage field). The device downscales a photo to
 * PHOTO_MAX_SIDE_PX before upload (about 1 MB as a JPEG), far below this.
 */
export const LAMBDA_REQUEST_LIMIT_BYTES = 6 * KB * KB;
/** What the proxy event around the body may take: headers (with a token), request context, identity. */
export const API_EVENT_ENVELOPE_BYTES = 64 * KB;
/** Boundaries, part headers and the non-file field of the multipart body. */
export const MULTIPART_FRAMING_BYTES = 16 * KB;
/** Bytes once base64-encoded (padded). */
export const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);
/** The largest multipart body whose base64 still fits the Lambda request with its event envelope. */
export const IMAGE_UPLOAD = Math.floor(((LAMBDA_REQUEST_LIMIT_BYTES - API_EVENT_ENVELOPE_BYTES) * 3) / 4);
export const MAX_IMAGE_BYTES = IMAGE_UPLOAD - MULTIPART_FRAMING_BYTES;
/** The long side a photo is scaled down to on the device before upload: enough for OCR of a menu or a sign. */
export const PHOTO_MAX_SIDE_PX = 2000;
// Stripe events are a few KB; large invoices stay well under this.
const WEBHOOK_BODY = 256 * KB;
// Bodyless POSTs (refresh, checkout, portal) ignore a body, but some clients send `{}`: tolerate a little.
const IGNORED_BODY = 1 * KB;

type RouteMetaInput = Omit<RouteMeta, 'streaming' | 'bodyKind' | 'maxBodyBytes'> &
  Partial<Pick<RouteMeta, 'streaming' | 'bodyKind' | 'maxBodyBytes'>>;

/** Fills in defaults while keeping each entry's literal types, so RouteId stays a union of the real ids. */
function route<const Input extends RouteMetaInput>(input: Input): RouteMeta & Input {
  const bodyKind = input.bodyKind ?? (input.method === 'GET' ? 'none' : 'json');
  const defaultMaxBodyBytes = bodyKind === 'json' ? SMALL_JSON : input.method === 'GET' ? 0 : IGNORED_BODY;
  return { streaming: false, maxBodyBytes: defaultMaxBodyBytes, ...input, bodyKind } as RouteMeta & Input;
}

/**
 * Every call of docs/SPEC.md §7 (plus health, capabilities, the caller's country and the Stripe webhook): method, path, auth, 429 class and handler.
 * It holds no schemas, so the browser can map errors by path without loading every zod schema; routes.ts adds
 * the schemas for the server, the gateway and the CDK stack.
 */
export const routeTable = [
  route({
    id: 'health.check',
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'health', export: 'check' },
  }),
  route({
    id: 'capabilities.list',
    method: 'GET',
    path: '/api/capabilities',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'capabilities', export: 'list' },
  }),
  route({
    id: 'capabilities.country',
    method: 'GET',
    path: '/api/geo/country',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'capabilities', export: 'country' },
  }),
  route({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    auth: 'none',
    rateLimitClass: 'auth',
    handler: { area: 'auth', export: 'login' },
  }),
  route({
    id: 'auth.register',
    method: 'POST',
    path: '/api/auth/register',
    auth: 'none',
    rateLimitClass: 'auth',
    handler: { area: 'auth', export: 'register' },
  }),
  route({
    id: 'auth.forgotPassword',
    method: 'POST',
    path: '/api/auth/forgot-password',
    auth: 'none',
    rateLimitClass: 'password-reset',
    handler: { area: 'reset-request', export: 'forgotPassword' },
  }),
  route({
    id: 'auth.resetPassword',
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: 'none',
    rateLimitClass: 'password-reset',
    handler: { area: 'auth', export: 'resetPassword' },
  }),
  // Asks for a verification mail (the register page sends it after registering); it answers the same whether or
  // not the address has an account, as forgot-password does.
  route({
    id: 'auth.verificationMail',
    method: 'POST',
    path: '/api/auth/verification-mail',
    auth: 'none',
    rateLimitClass: 'password-reset',
    handler: { area: 'reset-request', export: 'verificationMail' },
  }),
  route({
    id: 'auth.verifyEmail',
    method: 'POST',
    path: '/api/auth/verify-email',
    auth: 'none',
    rateLimitClass: 'auth',
    handler: { area: 'auth', export: 'verifyEmail' },
  }),
  route({
    id: 'auth.me',
    method: 'GET',
    path: '/api/auth/me',
    auth: 'required',
    rateLimitClass: 'default',
    handler: { area: 'auth', export: 'me' },
  }),
  // Refresh and logout read the bearer token themselves: an expired access token is accepted there (the refresh
  // session, found by that exact token, decides), so a traveller back after an hour is still signed in.
  route({
    id: 'auth.refresh',
    method: 'POST',
    path: '/api/auth/refresh',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'auth', export: 'refresh' },
    bodyKind: 'none',
  }),
  route({
    id: 'auth.logout',
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'auth', export: 'logout' },
    bodyKind: 'none',
  }),
  // The account page's calls (docs/SPEC.md §2): each asks for the password again, so a stolen access token alone
  // can neither change the password, sign the owner out, download the account's data nor delete the account.
  route({
    id: 'auth.changePassword',
    method: 'POST',
    path: '/api/auth/change-password',
    auth: 'required',
    rateLimitClass: 'auth',
    handler: { area: 'auth', export: 'changePassword' },
  }),
  route({
    id: 'auth.signOutEverywhere',
    method: 'POST',
    path: '/api/auth/sign-out-everywhere',
    auth: 'required',
    rateLimitClass: 'auth',
    handler: { area: 'auth', export: 'signOutEverywhere' },
  }),
  route({
    id: 'account.export',
    method: 'POST',
    path: '/api/account/export',
    auth: 'required',
    rateLimitClass: 'auth',
    handler: { area: 'account', export: 'exportAccount' },
  }),
  route({
    id: 'account.delete',
    method: 'DELETE',
    path: '/api/account',
    auth: 'required',
    rateLimitClass: 'auth',
    handler: { area: 'account', export: 'deleteAccount' },
    bodyKind: 'json',
  }),
  route({
    id: 'speech.ticket',
    method: 'POST',
    path: '/api/speech/ticket',
    auth: 'optional',
    rateLimitClass: 'speech',
    handler: { area: 'speech', export: 'ticket' },
    bodyKind: 'none',
    // Nothing to send: a body is refused (413), not ignored.
    maxBodyBytes: 0,
  }),
  route({
    id: 'tts.speak',
    method: 'POST',
    path: '/api/tts/{provider}',
    auth: 'optional',
    rateLimitClass: 'expensive',
    handler: { area: 'tts', export: 'speak' },
    streaming: true,
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
  }),
  route({
    id: 'analysis.emergency',
    method: 'POST',
    path: '/api/analysis/emergency',
    auth: 'optional',
    rateLimitClass: 'analysis',
    handler: { area: 'analysis', export: 'emergency' },
    maxBodyBytes: TEXT_JSON,
    invalidRequestStatus: 400,
  }),
  route({
    id: 'analysis.locations',
    method: 'POST',
    path: '/api/analysis/locations',
    auth: 'optional',
    rateLimitClass: 'analysis',
    handler: { area: 'analysis', export: 'locations' },
    maxBodyBytes: TEXT_JSON,
    invalidRequestStatus: 400,
  }),
  route({
    id: 'analysis.prices',
    method: 'POST',
    path: '/api/analysis/prices',
    auth: 'optional',
    rateLimitClass: 'analysis',
    handler: { area: 'analysis', export: 'prices' },
    maxBodyBytes: TEXT_JSON,
    invalidRequestStatus: 400,
  }),
  route({
    id: 'analysis.exchangeRates',
    method: 'GET',
    path: '/api/analysis/exchange-rates',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'rates', export: 'exchangeRates' },
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
  }),
  route({
    id: 'billing.createCheckoutSession',
    method: 'POST',
    path: '/api/stripe/create-checkout-session',
    auth: 'required',
    rateLimitClass: 'stripe',
    handler: { area: 'billing', export: 'createCheckoutSession' },
    bodyKind: 'none',
  }),
  route({
    id: 'billing.subscription',
    method: 'GET',
    path: '/api/stripe/subscription',
    auth: 'required',
    rateLimitClass: 'stripe',
    handler: { area: 'billing', export: 'subscription' },
  }),
  route({
    id: 'billing.customerPortal',
    method: 'POST',
    path: '/api/stripe/customer-portal',
    auth: 'required',
    rateLimitClass: 'stripe',
    handler: { area: 'billing', export: 'customerPortal' },
    bodyKind: 'none',
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
  }),
  route({
    id: 'analytics.verifyAdminPassword',
    method: 'POST',
    path: '/api/analytics/verify-admin-password',
    auth: 'none',
    rateLimitClass: 'default',
    handler: { area: 'analytics', export: 'verifyAdminPassword' },
  }),
  route({
    id: 'analytics.stats',
    method: 'GET',
    path: '/api/analytics/stats',
    auth: 'admin-cookie',
    rateLimitClass: 'default',
    handler: { area: 'analytics', export: 'stats' },
  }),
  route({
    id: 'analytics.track',
    method: 'POST',
    path: '/api/analytics/track',
    auth: 'optional',
    rateLimitClass: 'default',
    handler: { area: 'analytics', export: 'track' },
  }),
] as const satisfies readonly RouteMeta[];

export type RouteId = (typeof routeTable)[number]['id'];

function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) =>
      /^\{[^}]+\}$/.test(segment) ? '([^/]+)' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}$`);
}

const compiled = routeTable.map((definition) => ({
  definition,
  pattern: pathPattern(definition.path),
  parameterNames: [...definition.path.matchAll(/\{([^}]+)\}/g)].map((name) => name[1] ?? ''),
}));

function pathOnly(pathOrUrl: string): string {
  const withoutOrigin = pathOrUrl.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const cut = withoutOrigin.search(/[?#]/);
  const path = cut === -1 ? withoutOrigin : withoutOrigin.slice(0, cut);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export interface RouteMetaMatch {
  readonly id: RouteId;
  readonly pathParameters: Record<string, string>;
}

/** Finds the route for a request; the path may carry an origin, a query string or a trailing slash. */
export function matchRouteMeta(method: HttpMethod | string, pathOrUrl: string): RouteMetaMatch | undefined {
  const path = pathOnly(pathOrUrl);
  for (const { definition, pattern, parameterNames } of compiled) {
    if (definition.method !== method.toUpperCase()) continue;
    const found = pattern.exec(path);
    if (!found) continue;
    const pathParameters: Record<string, string> = {};
    parameterNames.forEach((name, index) => {
      pathParameters[name] = decodeURIComponent(found[index + 1] ?? '');
    });
    return { id: definition.id, pathParameters };
  }
  return undefined;
}

/** Any route on this path, whatever its method (used where only the path is known, e.g. 429 mapping). */
export function routeForPath(pathOrUrl: string): RouteMeta | undefined {
  const path = pathOnly(pathOrUrl);
  return compiled.find(({ pattern }) => pattern.test(path))?.definition;
}

/** True when some route has this path but none has this method (405 rather than 404). */
export function pathHasOtherMethods(method: string, pathOrUrl: string): boolean {
  return routeForPath(pathOrUrl) !== undefined && matchRouteMeta(method, pathOrUrl) === undefined;
}
