/**
 * The local cloud: DynamoDB Local, cognito-local, the PutEvents endpoint and the gateway, started together on
 * loopback and stopped together. Handlers reach the embedded servers only through the standard AWS_ENDPOINT_URL_*
 * variables set here, so they run exactly the code that runs in Lambda.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@wayfarer/shared/api/routes';
import { EVENT_BUS_NAME, eventRules } from '@wayfarer/shared/events';
import { tableDefinition } from '@wayfarer/lambdas/adapters/aws/table-definition';
import type { EnvVariableName } from '@wayfarer/lambdas/config';
import { registerEmbeddedEngines, resetProviders } from '@wayfarer/lambdas/providers';
import { hashAdminPassword } from '@wayfarer/lambdas/domain/admin-password';
import { OrphanGuard } from './child-processes';
import {
  cognitoLocalJwks,
  LOCAL_CLIENT_ID,
  LOCAL_USER_POOL_ID,
  startCognitoLocal,
  type Jwks,
} from './cognito-local';
import { ensureTable, localDynamoClient, LOCAL_CREDENTIALS, startDynamoDbLocal } from './dynamodb-local';
import { closeEngines, embeddedProviders } from '@wayfarer/engines/register';
import { startEventBus, type EventBus } from './event-bus';
import { createGateway, createLocalPortListener, createUpgradeListener } from './gateway';
import { listenOnLoopback, type Listening } from './loopback';
import { ACCOUNT_ID, installAwsLambdaShim, loadHandler, REGION } from './lambda-runtime';
import { createDeadLetterRoutes, DEAD_LETTER_FILE } from './dead-letters';
import { createProcessStatsRoutes } from './process-stats';
import { localRoutes, localSockets, type LocalRoute, type LocalSocket } from './local-routes';
import { LOCAL_SES_PATH } from './mail-outbox';
import { consoleLogger, quietLogger, type Logger } from './log';
import { freePort } from './free-port';
import { checkJava, javaCommand, PrerequisiteError } from './preflight';
import { createStaticSite } from './static-site';
import { stagedShutdown, type StagedShutdown } from './staged-shutdown';
import { superviseServers, type Supervisor } from './supervisor';
import type { ViewerLimitOptions } from './viewer-limits';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LocalCloudOptions {
  /** Gateway port; 0 picks a free one. */
  readonly port: number;
  /** Where everything persists (tables, users, secrets, logs). Created when missing. */
  readonly dataDir: string;
  /** Bind the gateway to this address only; default both 127.0.0.1 and ::1 (what `localhost` means). */
  readonly host?: string;
  /** The built SPA; default frontend/dist. */
  readonly webRoot?: string;
  /** The UI strings; default locales/. */
  readonly localesDir?: string;
  /** Fixed ports for the embedded servers; by default the ones used last time on this DATA_DIR, if still free. */
  readonly ports?: Partial<EmbeddedPorts>;
  /** Per-request and per-delivery lines on the console (the CLI wants them, tests do not). */
  readonly verbose?: boolean;
  /** Import every handler module once everything is up, so a broken one shows at start, not at first use. */
  readonly warmHandlers?: boolean;
  /** The WebSocket endpoints to serve; default local-routes.ts's (tests substitute their own). */
  readonly sockets?: readonly (() => LocalSocket)[];
  /** Called when an embedded server dies on its own after start. */
  readonly onCrash?: (name: string, recentOutput: string) => void;
  /** The gateway's per-viewer limits (on unless 'off') and trusted proxies (viewer-limits.ts). */
  readonly viewerLimits?: ViewerLimitOptions;
  /** Lifetime of cognito-local's access tokens; an hour, as in AWS, unless a test wants them to expire soon. */
  readonly accessTokenSeconds?: number;
}

export type EmbeddedServerName = 'DynamoDB Local' | 'cognito-local';

export interface EmbeddedPorts {
  readonly dynamodb: number;
  readonly cognito: number;
  readonly events: number;
  /** The local port: the `/__local/` routes alone, never behind a proxy (gateway.ts, createLocalPortListener). */
  readonly local: number;
}

export interface LocalCloud {
  /** The gateway's origin, e.g. http://localhost:8787. */
  readonly url: string;
  /** The local port's origin: the outbox, the local checkout and portal, the dead letters (`/__local/`). */
  readonly localRoutesUrl: string;
  readonly port: number;
  readonly dataDir: string;
  readonly ports: EmbeddedPorts;
  /** Every variable set in process.env for the handlers (and for test code that uses the adapters). */
  readonly env: Readonly<Record<string, string>>;
  readonly cognito: {
    readonly endpoint: string;
    readonly userPoolId: string;
    readonly clientId: string;
    /** The key set to preload with `verifier.cacheJwks(jwks)`; local mode only. */
    readonly jwks: Jwks;
  };
  /** Resolves when no event delivery is in flight or waiting to retry. */
  eventsIdle(): Promise<void>;
  /**
   * The processes serving now: this one (gateway, handlers, engines) and each embedded server's current one (a
   * crashed server is started again with a new pid). For the fault suite and the soak's memory figures.
   */
  processes(): readonly { readonly name: string; readonly pid: number }[];
  /**
   * Fault injection (the fault suite): stops an embedded server as an operator would (it is not restarted) and
   * starts it again, on the same port and data.
   */
  stopServer(name: EmbeddedServerName): Promise<void>;
  startServer(name: EmbeddedServerName): Promise<void>;
  /**
   * Resolves once every embedded part can serve, the speech model included; until then /api answers 503 (the
   * local run contract: GET /api/health is 200 only when everything is ready).
   */
  whenReady(): Promise<void>;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Reuses last run's ports when free, so endpoints (and clients built from them) stay put across restarts. */
async function choosePorts(dataDir: string, fixed: Partial<EmbeddedPorts>): Promise<EmbeddedPorts> {
  const file = path.join(dataDir, 'ports.json');
  let previous: Partial<EmbeddedPorts> = {};
  try {
    previous = JSON.parse(await readFile(file, 'utf8')) as Partial<EmbeddedPorts>;
  } catch {
    // First run on this DATA_DIR.
  }
  const pick = async (name: keyof EmbeddedPorts, taken: number[]): Promise<number> => {
    const wanted = fixed[name];
    if (wanted) return wanted;
    const last = previous[name];
    if (typeof last === 'number' && !taken.includes(last) && (await portIsFree(last))) return last;
    for (;;) {
      const port = await freePort();
      if (!taken.includes(port)) return port;
    }
  };
  const dynamodb = await pick('dynamodb', []);
  const cognito = await pick('cognito', [dynamodb]);
  const events = await pick('events', [dynamodb, cognito]);
  const local = await pick('local', [dynamodb, cognito, events]);
  const chosen = { dynamodb, cognito, events, local };
  await writeFile(file, `${JSON.stringify(chosen)}\n`);
  return chosen;
}

/** A random secret made once per DATA_DIR, so hashed IPs stay comparable across restarts. */
async function ipHashSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'ip-hash-secret');
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Made below.
  }
  const secret = randomBytes(32).toString('hex');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}

/**
 * Locally the admin password may be given plain (ADMIN_PASSWORD): it is hashed here, at start, so the analytics
 * area sees what production sees, ADMIN_PASSWORD_HASH. With neither set the dashboard is disabled (404).
 */
async function adminPasswordHash(): Promise<{ ADMIN_PASSWORD_HASH?: string }> {
  const plain = process.env.ADMIN_PASSWORD;
  if (process.env.ADMIN_PASSWORD_HASH?.trim() || !plain?.trim()) return {};
  return { ADMIN_PASSWORD_HASH: await hashAdminPassword(plain) };
}

/** Sets the variables and returns a function that puts the previous values back. */
function applyEnv(values: Record<string, string>, removed: readonly string[]): () => void {
  const saved = new Map<string, string | undefined>();
  for (const name of [...Object.keys(values), ...removed]) saved.set(name, process.env[name]);
  for (const name of removed) delete process.env[name];
  Object.assign(process.env, values);
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/**
 * Imports every handler module, one at a time so the first real requests are not starved of CPU: the
 * health check first, since that is what a starting client waits for.
 */
async function warmHandlers(log: Logger): Promise<void> {
  const refs = [...routes.map((route) => route.handler), ...eventRules.map((rule) => rule.consumer)];
  const byArea = new Map(refs.map((ref) => [ref.area, ref]));
  for (const ref of byArea.values()) {
    await loadHandler(ref).catch((error: unknown) => {
      const reason =
        error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      log.warn(`lambdas/functions/${ref.area}/handler.ts does not load: ${reason}`);
    });
  }
}

interface EmbeddedServers {
  readonly dynamo: { readonly endpoint: string };
  readonly cognito: { readonly endpoint: string; readonly clientSecret: string };
  readonly bus: EventBus;
}

/**
 * DynamoDB Local, cognito-local and the PutEvents endpoint, started together; the two child processes are taken
 * into `supervisor`, which starts them again on the same port and data when they crash.
 */
async function startEmbeddedServers(options: {
  readonly ports: EmbeddedPorts;
  readonly dataDir: string;
  readonly logDir: string;
  readonly runsSourceFiles: boolean;
  readonly accessTokenSeconds: number | undefined;
  readonly guard: OrphanGuard;
  readonly supervisor: Supervisor;
  readonly shutdown: StagedShutdown;
  readonly logger: (part: string) => Logger;
}): Promise<EmbeddedServers> {
  const { ports, dataDir, logDir, guard, supervisor, logger } = options;
  const startedAt = Date.now();
  const took = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
  const startDynamo = () =>
    startDynamoDbLocal({
      port: ports.dynamodb,
      dataDir,
      logDir,
      java: javaCommand(),
      loopbackOnly: options.runsSourceFiles,
      region: REGION,
      guard,
    });
  const startCognito = () =>
    startCognitoLocal({
      port: ports.cognito,
      dataDir,
      logDir,
      guard,
      accessTokenSeconds: options.accessTokenSeconds,
    });
  const [dynamo, cognito, bus] = await Promise.all([
    startDynamo().then((started) => {
      logger('local').info(`DynamoDB Local up on ${started.endpoint} after ${took()}`);
      supervisor.add('DynamoDB Local', async () => (await startDynamo()).child, started.child);
      return started;
    }),
    startCognito().then((started) => {
      logger('local').info(`cognito-local up on ${started.endpoint} after ${took()}`);
      supervisor.add('cognito-local', async () => (await startCognito()).child, started.child);
      return started;
    }),
    startEventBus({
      port: ports.events,
      region: REGION,
      accountId: ACCOUNT_ID,
      deadLetterFile: path.join(dataDir, DEAD_LETTER_FILE),
      log: logger('events'),
    }).then((started: EventBus) => {
      options.shutdown.onStop('bus', () => started.close());
      return started;
    }),
  ]);
  const client = localDynamoClient(dynamo.endpoint, REGION);
  try {
    const table = await ensureTable(client, tableDefinition.localTableName);
    logger('local').info(
      `Table ${tableDefinition.localTableName} ${table === 'created' ? 'created' : 'found'} after ${took()}`,
    );
  } finally {
    client.destroy();
  }
  return { dynamo, cognito, bus };
}

/** Every variable the handlers (and the unmodified AWS SDK in them) read, pointing at this local cloud. */
async function handlerEnvironment(options: {
  readonly servers: EmbeddedServers;
  readonly jwks: Jwks;
  readonly gatewayUrl: string;
  readonly localRoutesUrl: string;
  readonly dataDir: string;
}): Promise<Record<string, string>> {
  const { dynamo, cognito, bus } = options.servers;
  // What the unmodified AWS SDK reads: where each service is, and credentials it will accept.
  const sdkEnv: Record<string, string> = {
    AWS_DEFAULT_REGION: REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
    AWS_ENDPOINT_URL_EVENTBRIDGE: bus.endpoint,
    // SES's SendEmail lands in the local outbox (mail-outbox.ts).
    AWS_ENDPOINT_URL_SESV2: `${options.localRoutesUrl}${LOCAL_SES_PATH}`,
  };
  // What lambdas/config.ts reads, by its own names.
  const appEnv = {
    AWS_REGION: REGION,
    TABLE_NAME: tableDefinition.localTableName,
    EVENT_BUS_NAME,
    COGNITO_USER_POOL_ID: LOCAL_USER_POOL_ID,
    COGNITO_CLIENT_ID: LOCAL_CLIENT_ID,
    COGNITO_CLIENT_SECRET: cognito.clientSecret,
    IP_HASH_SECRET: await ipHashSecret(options.dataDir),
    APP_URL: options.gatewayUrl,
    LOCAL_ROUTES_URL: options.localRoutesUrl,
    ...(await adminPasswordHash()),
  } satisfies Partial<Record<EnvVariableName, string>>;
  // Local only: cognito-local's public key set (to preload the JWT verifier), the gateway for tests, and
  // the data folder for local stand-ins that keep files.
  const localEnv: Record<string, string> = {
    COGNITO_JWKS: JSON.stringify(options.jwks),
    LOCAL_CLOUD_URL: options.gatewayUrl,
    DATA_DIR: options.dataDir,
  };
  return { ...sdkEnv, ...appEnv, ...localEnv };
}

/**
 * Sets the handlers' environment in this process, with the embedded engines registered; undone by the 'env'
 * stage of the shutdown.
 */
function installHandlerEnvironment(env: Record<string, string>, shutdown: StagedShutdown): void {
  // A session token or a switch that disables endpoint variables would point the SDK back at AWS.
  const restoreEnv = applyEnv(env, [
    'AWS_SESSION_TOKEN',
    'AWS_PROFILE',
    'AWS_IGNORE_CONFIGURED_ENDPOINT_URLS',
  ]);
  // Handlers read the environment on their first call: whatever an earlier local cloud in this process (a
  // test run's) built from its environment is forgotten, now and when this one stops.
  resetProviders();
  registerEmbeddedEngines(embeddedProviders());
  // The runtime global, for anything below that reaches handler code before loadHandler does.
  installAwsLambdaShim();
  shutdown.onStop('env', () => {
    restoreEnv();
    resetProviders();
  });
  // An engine's worker thread (OCR) would keep the process alive: it ends with the local cloud (the next start
  // re-creates it).
  shutdown.onStop('servers', () => closeEngines());
}

/**
 * The local WebSocket endpoints, into `sockets` (the gateway's upgrade listener reads it); resolves, as
 * whenReady, once each has loaded or failed to. One broken endpoint (a missing speech model, say) costs that
 * feature, not the whole app.
 */
function startSockets(
  factories: readonly (() => LocalSocket)[],
  sockets: LocalSocket[],
  shutdown: StagedShutdown,
  log: Logger,
): Promise<void> {
  for (const createSocket of factories) {
    try {
      const socket = createSocket();
      sockets.push(socket);
      shutdown.onStop('gateway', () => socket.close());
    } catch (error) {
      log.error('A local WebSocket endpoint could not start; the rest runs without it', error);
    }
  }
  return Promise.allSettled(sockets.map((socket) => socket.ready())).then((outcomes) => {
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        log.error('A local WebSocket endpoint could not load; the rest runs without it', outcome.reason);
      }
    }
  });
}

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = path.resolve(options.dataDir);
  const logDir = path.join(dataDir, 'logs');
  await mkdir(logDir, { recursive: true });
  const logger = (part: string): Logger => (options.verbose ? consoleLogger(part) : quietLogger(part));
  const shutdown = stagedShutdown((error) => logger('local').error('Stopping failed', error));
  const { onStop } = shutdown;

  try {
    let ready = false;
    const staticSite = createStaticSite({
      webRoot: options.webRoot ?? path.join(REPO_ROOT, 'frontend', 'dist'),
      localesDir: options.localesDir ?? path.join(REPO_ROOT, 'locales'),
    });
    // The gateway looks routes up per request: the dead-letter pages join this list once the bus is up.
    const processStats = createProcessStatsRoutes();
    onStop('gateway', () => processStats.stop());
    const gatewayRoutes: LocalRoute[] = [...localRoutes, ...processStats.routes];
    const localHostNames = ['localhost', '127.0.0.1', '::1', ...(options.host ? [options.host] : [])];
    const gateway = createGateway({
      staticSite,
      localRoutes: gatewayRoutes,
      isReady: () => ready,
      log: logger('gateway'),
      viewerLimits: options.viewerLimits,
      localHostNames,
    });
    // Filled once the environment is set; until then every upgrade is refused.
    const sockets: LocalSocket[] = [];
    const onUpgrade = createUpgradeListener(() => sockets, options.viewerLimits?.trustedProxies);
    // Both checks come first: a taken port or a missing Java should fail in a second, not after a long start.
    const [listening, java] = await Promise.all([
      listenOnLoopback(gateway, options.port, options.host, onUpgrade).then((server: Listening) => {
        onStop('gateway', () => server.close());
        return server;
      }),
      checkJava(),
    ]);

    // DynamoDB Local refuses to start without it (startDynamoDbLocal): fail in a second, not after a long start.
    if (!java.runsSourceFiles) {
      throw new PrerequisiteError(
        'This Java runtime cannot run source files (no jdk.compiler module), so DynamoDB Local cannot be bound to ' +
          'this machine only. Install a full JDK (e.g. openjdk-17-jdk-headless) and start again.',
      );
    }
    const ports = await choosePorts(dataDir, options.ports ?? {});
    // The same routes (the dead letters join them below) on a loopback port no proxy forwards to.
    const localPort = await listenOnLoopback(
      createLocalPortListener({ localRoutes: gatewayRoutes, localHostNames, log: logger('gateway') }),
      ports.local,
      options.host,
    );
    onStop('gateway', () => localPort.close());
    const guard = new OrphanGuard();
    onStop('guard', () => guard.close());
    const supervisor = superviseServers({ log: logger('local'), onCrash: options.onCrash });
    onStop('servers', () => supervisor.stopAll());
    const servers = await startEmbeddedServers({
      ports,
      dataDir,
      logDir,
      runsSourceFiles: java.runsSourceFiles,
      accessTokenSeconds: options.accessTokenSeconds,
      guard,
      supervisor,
      shutdown,
      logger,
    });
    // Filled only now: the dead-letter pages need the bus (local-routes.ts's list is fixed at import).
    gatewayRoutes.push(...createDeadLetterRoutes(servers.bus));

    const jwks = await cognitoLocalJwks();
    const env = await handlerEnvironment({
      servers,
      jwks,
      gatewayUrl: listening.url,
      localRoutesUrl: localPort.url,
      dataDir,
    });
    installHandlerEnvironment(env, shutdown);

    const socketsLoaded = startSockets(options.sockets ?? localSockets, sockets, shutdown, logger('local'));
    onStop('gateway', () => supervisor.standDown());
    supervisor.watchAll();
    // A model that fails to load costs its feature, as above, not the whole app: it is logged, and the rest serves.
    const whenReady = socketsLoaded.then(() => {
      ready = true;
    });

    if (options.warmHandlers) void warmHandlers(logger('gateway'));

    let stopped: Promise<void> | undefined;
    return {
      url: listening.url,
      localRoutesUrl: localPort.url,
      port: listening.port,
      dataDir,
      ports,
      env,
      cognito: {
        endpoint: servers.cognito.endpoint,
        userPoolId: LOCAL_USER_POOL_ID,
        clientId: LOCAL_CLIENT_ID,
        jwks,
      },
      eventsIdle: () => servers.bus.whenIdle(),
      processes: () => [{ name: 'gateway', pid: process.pid }, ...supervisor.processes()],
      stopServer: (name) => supervisor.stopServer(name),
      startServer: (name) => supervisor.startServer(name),
      whenReady: () => whenReady,
      stop: () => {
        stopped ??= shutdown.run();
        return stopped;
      },
    };
  } catch (error) {
    await shutdown.run();
    throw error;
  }
}
