/**
 * Routes that exist only in the local cloud, under `/__local/` (docs/TESTIDS.md, "Local run contract"): the mail
 * outbox, and whatever the embedded engines bring (engines/register.ts: the pages standing in for Stripe
 * Checkout and the customer portal, the speech socket). Production has no such paths.
 */
import { engineRoutes, engineSockets } from '@wayfarer/engines/register';
import type { LocalRoute, LocalSocket } from '@wayfarer/engines/engine';
import { mailOutboxRoutes } from './mail-outbox';
import { localSpeechRelay } from './speech-relay';

export { LOCAL_ROUTE_PREFIX, type LocalRoute, type LocalSocket } from '@wayfarer/engines/engine';

export const localRoutes: readonly LocalRoute[] = [...mailOutboxRoutes, ...engineRoutes()];

/**
 * The WebSocket endpoints on the gateway's port, the speech relay first; each is created once the handlers'
 * environment is set.
 */
export const localSockets: readonly (() => LocalSocket)[] = [localSpeechRelay, ...engineSockets()];
