/**
 * `npm run serve` (and `npm start`, after building the SPA): the whole app on http://localhost:8787 with
 * embedded engines. Its settings (PORT, DATA_DIR, ...) are read once, by settings.ts; a bad one stops the start.
 */
import path from 'node:path';
import { ConfigError, getConfig } from '@wayfarer/lambdas/config';
import { capabilityReadiness } from '@wayfarer/lambdas/providers';
import { capabilityStatesOf } from '@wayfarer/lambdas/readiness';
import { capabilityLines } from './banner';
import { ChildStartError } from './child-processes';
import { PortInUseError } from './loopback';
import { startLocalCloud, type LocalCloud } from './local-cloud';
import { PrerequisiteError } from './preflight';
import { readLocalSettings, type LocalSettings } from './settings';
import { warmEngines } from '@wayfarer/engines/register';

/** How often we check that whoever started us (npm, tsx) is still there. */
const PARENT_CHECK_MS = 1_000;

function fail(message: string): never {
  console.error(`\nwayfarer: ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const started = Date.now();
  // Node 20 is the documented local runtime (Lambda runs 22); the SDK's reminder would only clutter the banner.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  let settings: LocalSettings;
  try {
    settings = readLocalSettings(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { port, localRoutesPort, dataDir, viewerLimits } = settings;
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
      webRoot: settings.webRoot,
      verbose: true,
      warmHandlers: true,
      viewerLimits,
      ports: localRoutesPort === undefined ? undefined : { local: localRoutesPort },
      accessTokenSeconds: settings.accessTokenSeconds,
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
