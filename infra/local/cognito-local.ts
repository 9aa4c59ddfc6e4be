/**
 * cognito-local on a loopback port, seeded with a user pool whose id and token issuer look like AWS's, so the
 * accounts code verifies its JWTs with aws-jwt-verify exactly as in production (docs/ENGINES.md, Identity).
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ManagedChild, waitUntil, type OrphanGuard } from './child-processes';

const READY_TIMEOUT_MS = 30_000;

/** AWS-shaped, so aws-jwt-verify accepts it and derives the region from it. */
export const LOCAL_USER_POOL_ID = 'us-east-1_LocalDev1';
/** Cognito app client ids are 26 lowercase letters and digits. */
export const LOCAL_CLIENT_ID = 'wayfarerlocaldevclient0001';
/** The issuer real Cognito puts in its tokens, minus the pool id. */
export const ISSUER_DOMAIN = 'https://cognito-idp.us-east-1.amazonaws.com';

export interface Jwks {
  readonly keys: readonly Record<string, string>[];
}

function packageFile(relative: string): string {
  const root = path.dirname(createRequire(import.meta.url).resolve('cognito-local/package.json'));
  return path.join(root, relative);
}

/**
 * The key set cognito-local signs with. It ships inside the package, so anyone can mint tokens it verifies:
 * only local mode may ever trust it.
 */
export async function cognitoLocalJwks(): Promise<Jwks> {
  const publicKey = JSON.parse(await readFile(packageFile('lib/keys/cognitoLocal.public.json'), 'utf8')) as {
    jwk: Record<string, string>;
  };
  return { keys: [publicKey.jwk] };
}

async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Writes cognito-local's config and, when missing, the pool and the app client (kept across restarts). */
export async function seedCognitoLocal(workDir: string): Promise<void> {
  const configDir = path.join(workDir, '.cognito');
  const dbDir = path.join(configDir, 'db');
  await mkdir(dbDir, { recursive: true });
  // cognito-local keeps passwords in plain text: keep the folder to its owner.
  await chmod(workDir, 0o700);
  await writeFile(
    path.join(configDir, 'config.json'),
    `${JSON.stringify(
      {
        TokenConfig: { IssuerDomain: ISSUER_DOMAIN },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    )}\n`,
  );
  // An empty pool file: cognito-local fills in AWS's defaults and takes the id from the file name.
  const poolFile = path.join(dbDir, `${LOCAL_USER_POOL_ID}.json`);
  if (!(await readJson(poolFile))) await writeFile(poolFile, '{}\n');

  const clientsFile = path.join(dbDir, 'clients.json');
  const stored = (await readJson(clientsFile)) ?? {};
  const clients = (stored.Clients ?? {}) as Record<string, unknown>;
  if (!clients[LOCAL_CLIENT_ID]) {
    const now = new Date().toISOString();
    clients[LOCAL_CLIENT_ID] = {
      ClientId: LOCAL_CLIENT_ID,
      ClientName: 'wayfarer-web',
      UserPoolId: LOCAL_USER_POOL_ID,
      CreationDate: now,
      LastModifiedDate: now,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      // Cognito's defaults: tokens for an hour, refresh for 30 days.
      AccessTokenValidity: 1,
      IdTokenValidity: 1,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
    };
    await writeFile(clientsFile, `${JSON.stringify({ ...stored, Clients: clients }, null, 2)}\n`);
  }
}

export interface CognitoLocal {
  readonly endpoint: string;
  readonly child: ManagedChild;
}

export async function startCognitoLocal(options: {
  port: number;
  dataDir: string;
  logDir: string;
  guard: OrphanGuard;
}): Promise<CognitoLocal> {
  // It stores everything under `.cognito/` in its working directory.
  const workDir = path.join(options.dataDir, 'cognito');
  await seedCognitoLocal(workDir);
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: String(options.port) };
  // Our own loaders and debug switches are not its business (DEBUG would log request bodies, passwords included).
  delete env.NODE_OPTIONS;
  delete env.DEBUG;
  delete env.COGNITO_LOCAL_DEVMODE;
  const child = await ManagedChild.start(
    {
      name: 'cognito-local',
      command: process.execPath,
      args: [packageFile('lib/bin/start.js')],
      cwd: workDir,
      env,
      logFile: path.join(options.logDir, 'cognito-local.log'),
    },
    options.guard,
  );
  const endpoint = `http://127.0.0.1:${options.port}`;
  await child.whileRunning(
    waitUntil(
      'cognito-local',
      async () => (await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(2_000) })).ok,
      READY_TIMEOUT_MS,
      child,
    ),
  );
  return { endpoint, child };
}
