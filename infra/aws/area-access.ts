import type { HandlerArea } from '@wayfarer/shared/api/route-types';
import type { IndexPartition, TablePartition } from '@wayfarer/lambdas/adapters/aws/table-keys';

/**
 * What each handler area may touch in AWS, and how it is sized. Routes and consumers come from shared/;
 * this is the one place that turns an area into grants, so least privilege is reviewed here, per area.
 */

/**
 * Secrets Manager secrets (stacks/data-stack.ts; the app client's in stacks/auth-stack.ts); each holds a JSON
 * object keyed by env variable names.
 */
export type SecretName = 'providers' | 'stripe' | 'admin' | 'ipHash' | 'cognitoClient';

const SECRET_ID_NAMES: Readonly<Record<SecretName, string>> = {
  providers: 'providers',
  stripe: 'stripe',
  admin: 'admin',
  ipHash: 'ip-hash',
  cognitoClient: 'cognito-client',
};

/** The secret's name in Secrets Manager: `wayfarer/<stage>/<name>` (docs/OPERATIONS.md rotates them by it). */
export const secretIdOf = (stage: string, secret: SecretName): string =>
  `wayfarer/${stage}/${SECRET_ID_NAMES[secret]}`;

/**
 * The table as an area may use it. 'none': never, so no grant on it. 'describe': DescribeTable only (the health
 * check's ping, which reads no item). Otherwise item calls, read or read-write, on the named partitions only
 * (`TABLE_PARTITIONS` in table-keys.ts; the grant's dynamodb:LeadingKeys condition, docs/DESIGN.md §9), and
 * Query on gsi1 for the `index` partitions named. Both lists are exactly the partitions the area's bundle builds
 * keys in: infra/aws/table-partitions.test.ts derives them from the bundled code and compares.
 */
export type TableAccess =
  | 'none'
  | 'describe'
  | {
      readonly access: 'read' | 'readWrite';
      readonly partitions: readonly TablePartition[];
      readonly index?: readonly IndexPartition[];
      /**
       * Daily-ceiling counters the area charges (`TRANSLATED#`, `SPOKEN#`, `ANALYSED#`, `PHOTOS#`): UpdateItem alone, on these
       * partitions only, in a statement of its own, so an area that only reads its other partitions still writes
       * nothing else.
       */
      readonly counters?: readonly TablePartition[];
    };

export interface AreaAccess {
  readonly table: TableAccess;
  /** Publishes domain events on the bus (events:PutEvents on that bus only). */
  readonly publishesEvents: boolean;
  readonly secrets: readonly SecretName[];
  /** Calls Cognito's admin APIs on the app's user pool (and reads the app client's secret: give it cognitoClient). */
  readonly userPoolAdmin: boolean;
  /** Sends mail (password-reset links) through SES, from the MAIL_FROM identity only. */
  readonly sendsMail: boolean;
  readonly memorySize: number;
  readonly timeoutSeconds: number;
}

// No table default: each area names the partitions it touches.
const httpDefaults = {
  publishesEvents: false,
  // Anonymous callers are counted by a keyed hash of their IP (usage, rate limits), on any route.
  secrets: ['ipHash'],
  userPoolAdmin: false,
  sendsMail: false,
  memorySize: 512,
  // API Gateway gives a buffered integration 29 s (BUFFERED_INTEGRATION_TIMEOUT_SECONDS): the Lambda's own
  // deadline comes first, so the caller gets the handler's clean 503, not API Gateway's 504 while it still runs.
  timeoutSeconds: 25,
} as const satisfies Omit<AreaAccess, 'table'>;

// Exhaustive: a new area in shared/api/route-types.ts does not compile until its access is declared here.
const areaAccess: Readonly<Record<HandlerArea, AreaAccess>> = {
  health: { ...httpDefaults, table: 'describe', secrets: [], memorySize: 256, timeoutSeconds: 10 },
  // Reads the provider keys only to say which are configured (GET /api/capabilities); never the table.
  capabilities: {
    ...httpDefaults,
    table: 'none',
    secrets: ['providers'],
    memorySize: 256,
    timeoutSeconds: 10,
  },
  // The only area that may use the app client: its admin calls and its secret (docs/DESIGN.md §9, "Cognito").
  // Profiles, reset and verification tokens, refresh sessions (a reset finds an account's sessions in gsi1), attempt counters.
  auth: {
    ...httpDefaults,
    table: {
      access: 'readWrite',
      partitions: ['USER#', 'RESET#', 'VERIFY#', 'SESSION#', 'ATTEMPTS#'],
      index: ['EMAIL#', 'SESSIONS#', 'MAILED#'],
    },
    secrets: ['ipHash', 'cognitoClient'],
    userPoolAdmin: true,
  },
  // The account page's export and deletion: the password is checked with a sign-in (the app client), deletion
  // removes the Cognito user, asks Stripe to delete the customer, and erases every partition keyed by the account
  // (its days of usage and daily counters, its relay socket, its sessions and unused mailed links through gsi1,
  // the customer's reverse lookup, the profile); the goodbye mail goes through the bus to the mail area.
  account: {
    ...httpDefaults,
    table: {
      access: 'readWrite',
      partitions: [
        'USER#',
        'CUSTOMER#',
        'USAGE#',
        'SPEECH#',
        'SESSION#',
        'RESET#',
        'VERIFY#',
        'ATTEMPTS#',
        'TRANSLATED#',
        'SPOKEN#',
        'PHOTOS#',
        'ANALYSED#',
      ],
      index: ['EMAIL#', 'SESSIONS#', 'MAILED#'],
    },
    publishesEvents: true,
    secrets: ['ipHash', 'cognitoClient', 'stripe'],
    userPoolAdmin: true,
  },
  // Forgot-password and verification-mail: count the attempt and publish passwordResetRequested or
  // emailVerificationRequested; the mail area does the rest.
  'reset-request': {
    ...httpDefaults,
    table: { access: 'readWrite', partitions: ['ATTEMPTS#'] },
    publishesEvents: true,
  },
  // Speech tickets: the caller's profile (plan), the day's usage with its leases and ticket places, the ticket.
  // The profile store's email lookup comes with the store, so gsi1's EMAIL# partitions too. It holds no Deepgram
  // key: speech sockets are opened by the relay alone, with the listen key only its roles read (RELAY_ACCESS
  // below, stacks/relay-stack.ts).
  speech: {
    ...httpDefaults,
    table: { access: 'readWrite', partitions: ['USER#', 'USAGE#', 'TICKET#'], index: ['EMAIL#'] },
    secrets: ['ipHash'],
  },
  // Streaming responses are not bound by the 29 s buffered limit (their integration allows
  // STREAMING_INTEGRATION_TIMEOUT_SECONDS); a long translation or TTS clip may need more.
  // Each charges its daily ceiling's counter (one signed UpdateItem, as vision reads: the openai client fills the
  // bundle) and reads a signed-in caller's profile once past the free ceiling, to tell a subscriber.
  tts: {
    ...httpDefaults,
    table: { access: 'read', partitions: ['USER#'], counters: ['SPOKEN#'] },
    secrets: ['ipHash', 'providers'],
    memorySize: 1024,
    timeoutSeconds: 60,
  },
  translate: {
    ...httpDefaults,
    table: { access: 'read', partitions: ['USER#'], counters: ['TRANSLATED#'] },
    secrets: ['ipHash', 'providers'],
    memorySize: 1024,
    timeoutSeconds: 60,
  },
  // Reads the RATES item (one signed GetItem, no DynamoDB client: the openai client fills the bundle budget),
  // charges the daily analysis ceiling's counter (one signed UpdateItem) and reads a signed-in caller's profile once
  // past the free ceiling, to tell a subscriber.
  analysis: {
    ...httpDefaults,
    table: { access: 'read', partitions: ['RATES', 'USER#'], counters: ['ANALYSED#'] },
    secrets: ['ipHash', 'providers'],
    memorySize: 1024,
  },
  // Exchange rates: the route reads the RATES item, the daily schedule writes it from the ECB feed.
  rates: { ...httpDefaults, table: { access: 'readWrite', partitions: ['RATES'] }, memorySize: 256 },
  // Reads the caller's profile (one signed GetItem, as analysis: the openai client fills the bundle budget) and
  // charges the day's photo quota (one signed UpdateItem).
  vision: {
    ...httpDefaults,
    table: { access: 'read', partitions: ['USER#'], counters: ['PHOTOS#'] },
    secrets: ['ipHash', 'providers'],
    memorySize: 1536,
  },
  // Checkout and portal (the caller's profile, per-address attempt counters) and the Stripe webhook (the
  // customer's reverse lookup, the profile's subscription, the delivery's idempotency mark).
  billing: {
    ...httpDefaults,
    table: {
      access: 'readWrite',
      partitions: ['USER#', 'CUSTOMER#', 'EVENT#', 'ATTEMPTS#'],
      index: ['EMAIL#'],
    },
    publishesEvents: true,
    secrets: ['ipHash', 'stripe'],
  },
  // The dashboard's figures, the admin password's lockout counters; the analytics store's writers (the page-view
  // projection) come with the store.
  analytics: {
    ...httpDefaults,
    table: {
      access: 'readWrite',
      partitions: ['EVENT#', 'STATS#', 'VISITORS#', 'ANONYMOUS#', 'RECENT', 'ATTEMPTS#'],
    },
    publishesEvents: true,
    secrets: ['ipHash', 'admin'],
  },
  // The usage day counters and the analytics projections, each delivery behind its idempotency mark.
  consumers: {
    ...httpDefaults,
    table: {
      access: 'readWrite',
      partitions: ['USAGE#', 'EVENT#', 'STATS#', 'VISITORS#', 'ANONYMOUS#', 'RECENT'],
    },
    secrets: [],
    memorySize: 256,
    timeoutSeconds: 30,
  },
  // The password-reset and verification consumers: find the account by the address in its profile (gsi1), write
  // the hashed token and the idempotency mark, and are the only functions that may send mail.
  mail: {
    ...httpDefaults,
    table: {
      access: 'readWrite',
      partitions: ['USER#', 'EVENT#', 'RESET#', 'VERIFY#'],
      index: ['EMAIL#', 'MAILED#'],
    },
    secrets: [],
    sendsMail: true,
    memorySize: 256,
    timeoutSeconds: 30,
  },
};

export function accessForArea(area: HandlerArea): AreaAccess {
  return areaAccess[area];
}

/** Every handler area: the keys of the access table, which the compiler holds to the whole HandlerArea union. */
export const HANDLER_AREAS = Object.keys(areaAccess) as readonly HandlerArea[];

/**
 * The speech relay's grants (stacks/relay-stack.ts), reviewed here beside the areas'. Table items on these
 * partitions only, by the same LeadingKeys condition: the day's usage and its leases (`USAGE#`), the single-use
 * tickets it takes with a conditional delete (`TICKET#`) and the one open socket per caller (`SPEECH#`).
 * usage.recorded goes on the bus. Its secrets (the Deepgram listen key and the IP-hash key) reach it as
 * environment variables that ECS reads at task start with the execution role; no Lambda reads the listen key.
 * The partitions are strings until `TICKET#` and `SPEECH#` join TABLE_PARTITIONS (table-keys.ts) with their
 * builders; then type them `readonly TablePartition[]`.
 */
export const RELAY_ACCESS = {
  table: { access: 'readWrite', partitions: ['USAGE#', 'TICKET#', 'SPEECH#'] },
  publishesEvents: true,
} as const;
