/**
 * The local cloud's settings: the variables `npm run serve` reads for itself, with every variable the functions
 * read (lambdas/config.ts), in one schema, so a bad value stops the start with its name before anything runs. The
 * one place that lists them; README.md's configuration table describes each.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import * as z from 'zod';
import {
  blankAsAbsent,
  envSchema,
  optionalCount,
  optionalText,
  parseEnvironment,
  optionalPort,
  portWithDefault,
} from '@wayfarer/lambdas/config';
import type { ViewerLimitOptions } from './viewer-limits';

const DEFAULT_PORT = 8787;
const DEFAULT_DATA_DIR = '.data';

export const localSettingsSchema = envSchema.extend({
  /** The gateway's port. */
  PORT: portWithDefault(DEFAULT_PORT),
  /** The local port (`/__local/` alone, loopback, never proxied); unset: the one used last on this DATA_DIR. */
  LOCAL_ROUTES_PORT: optionalPort,
  /** Where everything persists (tables, users, secrets, logs). */
  DATA_DIR: z.preprocess(blankAsAbsent, z.string().trim().min(1).default(DEFAULT_DATA_DIR)),
  /** The built app to serve; unset: frontend/dist (the service-worker update test deploys a second build). */
  WEB_ROOT: optionalText,
  /** The gateway's per-viewer limits: on, as the web ACL in AWS, or off (benchmarks). */
  RATE_LIMITS: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsAbsent(value.trim().toLowerCase()) : value),
    z.enum(['on', 'off'], { error: 'Must be on or off' }).default('on'),
  ),
  /** The addresses of reverse proxies in front of the gateway, comma- or space-separated. */
  TRUSTED_PROXIES: z.preprocess(
    (value) =>
      typeof value === 'string' ? value.split(/[\s,]+/).filter((address) => address.length > 0) : [],
    z.array(z.string()).superRefine((addresses, context) => {
      for (const address of addresses.filter((entry) => isIP(entry) === 0))
        context.addIssue({ code: 'custom', message: `"${address}" is not an IP address` });
    }),
  ),
  /**
   * How long cognito-local's access tokens live, in seconds; unset: an hour, as in AWS. A test of a traveller whose
   * access token has expired sets a few (frontend/e2e/session-expired-token.spec.ts).
   */
  LOCAL_ACCESS_TOKEN_SECONDS: optionalCount,
});

export interface LocalSettings {
  readonly port: number;
  readonly localRoutesPort: number | undefined;
  readonly dataDir: string;
  readonly webRoot: string | undefined;
  readonly viewerLimits: Required<Pick<ViewerLimitOptions, 'rateLimits' | 'trustedProxies'>>;
  readonly accessTokenSeconds: number | undefined;
}

/** Reads the local cloud's settings from `environment`; throws a ConfigError naming every bad variable. */
export function readLocalSettings(environment: Record<string, string | undefined>): LocalSettings {
  const env = parseEnvironment(localSettingsSchema, environment);
  return {
    port: env.PORT,
    localRoutesPort: env.LOCAL_ROUTES_PORT,
    dataDir: path.resolve(env.DATA_DIR),
    webRoot: env.WEB_ROOT,
    viewerLimits: { rateLimits: env.RATE_LIMITS, trustedProxies: env.TRUSTED_PROXIES },
    accessTokenSeconds: env.LOCAL_ACCESS_TOKEN_SECONDS,
  };
}
