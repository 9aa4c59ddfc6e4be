import type { HandlerArea } from '@wayfarer/shared/api/route-types';

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

export interface AreaAccess {
  /** 'none': the area never touches the table, so it gets no grant on it. */
  readonly table: 'none' | 'read' | 'readWrite';
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

const httpDefaults = {
  table: 'readWrite',
  publishesEvents: false,
  // Anonymous callers are counted by a keyed hash of their IP (usage, rate limits), on any route.
  secrets: ['ipHash'],
  userPoolAdmin: false,
  sendsMail: false,
  memorySize: 512,
  // API Gateway gives a buffered integration 29 s (BUFFERED_INTEGRATION_TIMEOUT_SECONDS): the Lambda's own
  // deadline comes first, so the caller gets the handler's clean 503, not API Gateway's 504 while it still runs.
  timeoutSeconds: 25,
} as const satisfies AreaAccess;

// Exhaustive: a new area in shared/api/route-types.ts does not compile until its access is declared here.
const areaAccess: Readonly<Record<HandlerArea, AreaAccess>> = {
  health: { ...httpDefaults, table: 'read', secrets: [], memorySize: 256, timeoutSeconds: 10 },
  // Reads the provider keys only to say which are configured (GET /api/capabilities); never the table's data.
  capabilities: {
    ...httpDefaults,
    table: 'read',
    secrets: ['providers'],
    memorySize: 256,
    timeoutSeconds: 10,
  },
  // The only area that may use the app client: its admin calls and its secret (docs/DESIGN.md §9, "Cognito").
  auth: { ...httpDefaults, secrets: ['ipHash', 'cognitoClient'], userPoolAdmin: true },
  // Forgot-password: counts the attempt and publishes passwordResetRequested; the mail area does the rest.
  'reset-request': { ...httpDefaults, publishesEvents: true },
  speech: { ...httpDefaults, secrets: ['ipHash', 'providers'] },
  usage: { ...httpDefaults, publishesEvents: true },
  // Streaming responses are not bound by the 29 s buffered limit (their integration allows
  // STREAMING_INTEGRATION_TIMEOUT_SECONDS); a long translation or TTS clip may need more.
  // Least privilege: they call a provider with its key and nothing else (their per-viewer limit is the web ACL's).
  tts: { ...httpDefaults, table: 'none', secrets: ['providers'], memorySize: 1024, timeoutSeconds: 60 },
  translate: { ...httpDefaults, table: 'none', secrets: ['providers'], memorySize: 1024, timeoutSeconds: 60 },
  // Reads the RATES item (one signed GetItem, no DynamoDB client: the openai client fills the bundle budget).
  analysis: { ...httpDefaults, table: 'read', secrets: ['ipHash', 'providers'], memorySize: 1024 },
  // Exchange rates: the route reads the RATES item, the daily schedule writes it from the ECB feed.
  rates: { ...httpDefaults, memorySize: 256 },
  // Reads the caller's profile (one signed GetItem, as analysis: the openai client fills the bundle budget).
  vision: { ...httpDefaults, table: 'read', secrets: ['ipHash', 'providers'], memorySize: 1536 },
  billing: { ...httpDefaults, publishesEvents: true, secrets: ['ipHash', 'stripe'] },
  analytics: { ...httpDefaults, publishesEvents: true, secrets: ['ipHash', 'admin'] },
  consumers: { ...httpDefaults, secrets: [], memorySize: 256, timeoutSeconds: 30 },
  // The password-reset consumer: finds the account by the address in its profile (gsi1), writes the hashed
  // token and its idempotency mark, and is the only function that may send mail.
  mail: {
    ...httpDefaults,
    secrets: [],
    sendsMail: true,
    memorySize: 256,
    timeoutSeconds: 30,
  },
};

export function accessForArea(area: HandlerArea): AreaAccess {
  return areaAccess[area];
}
