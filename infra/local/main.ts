/**
 * `npm run serve` (and `npm start`, after building the SPA): the whole app on http://localhost:8787 with
 * embedded engines. PORT and DATA_DIR override the port and the data folder (docs/TESTIDS.md, local run contract).
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { getConfig } from '@wayfarer/lambdas/config';
import { capabilityReadiness } from '@wayfarer/lambdas/providers';
import { capabilityStatesOf } from '@wayfarer/lambdas/readiness';
import { capabilityLines } from './banner';
import { ChildStartError } from './child-processes';
import { PortInUseError } from './loopback';
import { startLocalCloud, type LocalCloud } from './local-cloud';
import { PrerequisiteError } from './preflight';
import { warmEngines } from '@wayfarer/engines/register';

const DEFAULT_PORT = 8787;
const DEFAULT_DATA_DIR = '.data';
/** How often we check that whoever started us (npm, tsx) is still there. */
const PARENT_CHECK_MS = 1_000;

function fail(message: string): never {
  console.error(`\nwayfarer: ${message}\n`);
  process.exit(1);
}

function portFromEnv(value: string | undefined, name = 'PORT'): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    fail(`${name} must be a number from 1 to 65535, not "${value}".`);
  return port;
}

function rateLimitsFromEnv(value: string | undefined): 'on' | 'off' {
  const setting = value?.trim().toLowerCase() || 'on';
  if (setting !== 'on' && setting !== 'off') fail(`RATE_LIMITS must be on or off, not "${value}".`);
  return setting;
}

/**
 * LOCAL_ACCESS_TOKEN_SECONDS: how long cognito-local's access tokens live (default an hour, as in AWS). A test of a
 * traveller whose access token has expired sets a few seconds (frontend/e2e/session-expired-token.spec.ts).
 */
function accessTokenSecondsFromEnv(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1)
    fail(`LOCAL_ACCESS_TOKEN_SECONDS must be a whole number of seconds, not "${value}".`);
  return seconds;
}

/** TRUSTED_PROXIES: the addresses of reverse proxies in front of the gateway, comma- or space-separated. */
function trustedProxiesFromEnv(value: string | undefined): string[] {
  const addresses = (value ?? '').split(/[\s,]+/).filter((address) => address.length > 0);
  for (const address of addresses) {
    if (isIP(address) === 0) fail(`TRUSTED_PROXIES must list IP addresses, and "${address}" is not one.`);
  }
  return addresses;
}

async function main(): Promise<void> {
  const started = Date.now();
  // Node 20 is the documented local runtime (Lambda runs 22); the SDK's reminder would only clutter the banner.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const port = portFromEnv(process.env.PORT) ?? DEFAULT_PORT;
  // The local port (`/__local/` alone, loopback, never proxied): by default the one used last on this DATA_DIR.
  const localRoutesPort = portFromEnv(process.env.LOCAL_ROUTES_PORT, 'LOCAL_ROUTES_PORT');
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR);
  const viewerLimits = {
    rateLimits: rateLimitsFromEnv(process.env.RATE_LIMITS),
    trustedProxies: trustedProxiesFromEnv(process.env.TRUSTED_PROXIES),
  };
  let cloud: LocalCloud | undefined;
  let stopping = false;

  const shutDown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local cloud...');
    await cloud?.stop();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      // A second Ctrl-C while stopping means "now".
      if (stopping) process.exit(130);
      void shutDown(0);
    });
  }
  // If npm or tsx above us is killed outright we become an orphan: stop rather than hold the port forever.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutDown(1);
  }, PARENT_CHECK_MS).unref();

  console.log(`Starting Wayfarer's local cloud (data in ${dataDir})...`);
  try {
    cloud = await startLocalCloud({
      port,
      dataDir,
      // The built app to serve (default frontend/dist); the service-worker update test deploys a second build.
      webRoot: process.env.WEB_ROOT?.trim() || undefined,
      verbose: true,
      warmHandlers: true,
      viewerLimits,
      ports: localRoutesPort === undefined ? undefined : { local: localRoutesPort },
      accessTokenSeconds: accessTokenSecondsFromEnv(process.env.LOCAL_ACCESS_TOKEN_SECONDS),
      onCrash: (name) => {
        console.error(
          `\nwayfarer: ${name} stopped unexpectedly and would not start again (its log is under ${path.join(dataDir, 'logs')}).`,
        );
        void shutDown(1);
      },
    });
  } catch (error) {
    if (
      error instanceof PrerequisiteError ||
      error instanceof PortInUseError ||
      error instanceof ChildStartError
    ) {
      fail(error.message);
    }
    throw error;
  }
  if (stopping) return;
  // The speech model loads in the background; the banner waits for it, as /api/health does.
  await cloud.whenReady();
  if (stopping) return;

  let providers: string[];
  try {
    // The readiness table GET /api/capabilities answers, plus billing, with each verdict and its reason.
    const config = await getConfig();
    const table = capabilityReadiness(config);
    const states = capabilityStatesOf(table);
    providers = capabilityLines(table);
    // The voice's worker costs 0.8-1.7 s to start and the OCR worker 0.5-2.6 s (docs/ENGINES.md): pay it now,
    // in the background, rather than on the traveller's first translated phrase or first photo.
    warmEngines(states);
  } catch (error) {
    // A bad setting (ANON_DAILY_SECONDS=abc, ...) would fail every handler: say which, and stop.
    console.error(`\nwayfarer: ${error instanceof Error ? error.message : String(error)}\n`);
    await shutDown(1);
    return;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `Wayfarer is running at ${cloud.url}  (ready in ${seconds} s)`,
      `Local pages (mail outbox, local checkout): ${cloud.localRoutesUrl}/__local/outbox, on this machine only`,
      '',
      'Providers:',
      '  storage    embedded (DynamoDB Local)',
      '  identity   embedded (cognito-local)',
      '  events     embedded (local PutEvents endpoint)',
      ...providers,
      '',
      `Data: ${dataDir}. Local mode is for trying and developing Wayfarer, not for serving the public.`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('\nwayfarer: the local cloud could not start:', error);
  process.exit(1);
});
