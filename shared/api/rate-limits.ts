import { routeTable } from './route-table';
import type { RateLimitClass, RouteMeta } from './route-types';

/**
 * The per-viewer limits of each 429 class (docs/DESIGN.md, "Abuse and limits"): how many requests one viewer
 * may send to the class's routes in a window, counted across the class's routes together. The one table both
 * enforcers read: the API's web ACL in AWS (a WAF rate-based rule per class, infra/aws/constructs/api-firewall.ts)
 * and the local gateway (infra/local/viewer-limits.ts). A viewer is an address (IPv6 grouped by /64 where the
 * counter is ours: viewerGroup below).
 *
 * WAF evaluates rate-based rules over 1, 2, 5 or 10 minutes and takes no limit under 10, so every window here
 * is one of those and every limit at least 10. Each figure is far above what a traveller does (the reason is
 * beside it) and far below what a script does in seconds; a group behind one NAT (a hotel, a carrier) shares
 * one address, which is why none is tight.
 */
export interface ViewerRateLimit {
  readonly requests: number;
  readonly windowSeconds: 60 | 120 | 300 | 600;
}

export const VIEWER_RATE_LIMITS = {
  // A login or a registration is one call; the Lambdas also count attempts per e-mail and per address.
  auth: { requests: 60, windowSeconds: 300 },
  // A reset is one mail and one new password; the mail costs money and annoys its recipient.
  'password-reset': { requests: 20, windowSeconds: 300 },
  // One ticket per start or reconnect; the speech area also limits tickets per caller (SPEECH_TICKET_LIMITS), and
  // the relay meters the speech itself.
  speech: { requests: 60, windowSeconds: 300 },
  // A phrase is one translate and one TTS call: a phrase every 2 s for 5 minutes.
  expensive: { requests: 300, windowSeconds: 300 },
  // An analysis is three calls (emergency, locations, prices), a currency change one more: 30 analyses in 5 min.
  analysis: { requests: 100, windowSeconds: 300 },
  // Checkout, portal and the subscription read: each is a call to Stripe, whose rate limit the app shares.
  stripe: { requests: 100, windowSeconds: 300 },
  // Capabilities, country, exchange rates, page tracking, the account, health: a few calls per page.
  default: { requests: 600, windowSeconds: 300 },
} as const satisfies Readonly<Record<RateLimitClass, ViewerRateLimit>>;

/** The routes each class limits together, from the route table. */
export function routesOfClass(rateLimitClass: RateLimitClass): readonly RouteMeta[] {
  return routeTable.filter((route) => route.rateLimitClass === rateLimitClass);
}

/**
 * Requests per second across all viewers that real traffic reaches at its busiest, per class: the design
 * estimate the API Gateway ceilings are set CEILING_HEADROOM times above (infra/aws/stacks/api-stack.ts), so a
 * ceiling stops a flood from many addresses running up a bill and never a traveller. Sized for about 100
 * travellers in a conversation at the same moment: a phrase every 5 s each is 20 translate and 20 TTS calls a
 * second. More traffic than that raises these figures and the stage's `throttleRateLimit` together.
 */
export const PEAK_REQUESTS_PER_SECOND = {
  auth: 2,
  'password-reset': 1,
  speech: 3,
  expensive: 40,
  analysis: 5,
  stripe: 1,
  default: 20,
} as const satisfies Readonly<Record<RateLimitClass, number>>;

/** How far above PEAK_REQUESTS_PER_SECOND an aggregate ceiling must sit. */
export const CEILING_HEADROOM = 10;

/**
 * The group a viewer's address counts in: an IPv4 address itself, an IPv6 address by its /64 (one subscriber's
 * network; a client can pick any address inside it at will). IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is IPv4.
 * Anything that does not parse is its own group, so nothing is ever merged with another caller by mistake.
 */
export function viewerGroup(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  if (mapped?.[1]) return mapped[1];
  if (!trimmed.includes(':')) return trimmed;
  const groups = expandIpv6(trimmed.split('%')[0] ?? trimmed);
  if (!groups) return trimmed.toLowerCase();
  return `${groups.slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] | undefined {
  const halves = address.toLowerCase().split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  // An embedded IPv4 tail (`::1.2.3.4`) is two groups.
  const last = tail.length > 0 ? tail : head;
  const dotted = last.at(-1);
  if (dotted?.includes('.')) {
    const octets = dotted.split('.').map(Number);
    if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet) || octet < 0 || octet > 255)) {
      return undefined;
    }
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => group.replace(/^0+(?=.)/, ''));
}
