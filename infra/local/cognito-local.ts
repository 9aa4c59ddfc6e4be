/**
 * cognito-local on a loopback port, seeded with a user pool whose id and token issuer look like AWS's, so the
 * accounts code verifies its JWTs with aws-jwt-verify exactly as in production (docs/ENGINES.md, Identity).
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APP_CLIENT_AUTH_FLOWS } from '@wayfarer/lambdas/adapters/aws/cognito-identity';
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

/** Cognito's default lifetime of access and ID tokens, and the auth stack's (infra/aws/stacks/auth-stack.ts). */
export const DEFAULT_ACCESS_TOKEN_SECONDS = 3600;

export interface CognitoLocalSeed {
  /** The app client's secret, made once per data folder as Cognito makes one per client. */
  readonly clientSecret: string;
}

/**
 * Writes cognito-local's config and, when missing, the pool; writes the app client as the auth stack makes it
 * (confidential, self sign-up off, the same flows), keeping its secret and creation date across restarts.
 * cognito-local checks neither the secret nor the flows nor AllowAdminCreateUserOnly (5.x), so the local cloud
 * exercises the same calls without proving them refused: infra/aws/stacks/auth-stack.test.ts pins AWS's side.
 */
export async function seedCognitoLocal(
  workDir: string,
  options: { readonly accessTokenSeconds?: number } = {},
): Promise<CognitoLocalSeed> {
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
        UserPoolDefaults: {
          UsernameAttributes: ['email'],
          AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        },
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
  const clients = (stored.Clients ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const existing = clients[LOCAL_CLIENT_ID];
  const now = new Date().toISOString();
  const clientSecret =
    typeof existing?.ClientSecret === 'string' ? existing.ClientSecret : randomBytes(24).toString('hex');
  const tokenSeconds = options.accessTokenSeconds ?? DEFAULT_ACCESS_TOKEN_SECONDS;
  clients[LOCAL_CLIENT_ID] = {
    ClientId: LOCAL_CLIENT_ID,
    ClientName: 'wayfarer-web',
    ClientSecret: clientSecret,
    UserPoolId: LOCAL_USER_POOL_ID,
    CreationDate: typeof existing?.CreationDate === 'string' ? existing.CreationDate : now,
    LastModifiedDate: now,
    ExplicitAuthFlows: [...APP_CLIENT_AUTH_FLOWS],
    EnableTokenRevocation: true,
    // Cognito's defaults, as in AWS: tokens for an hour, refresh for 30 days (shorter only where a test asks).
    AccessTokenValidity: tokenSeconds,
    IdTokenValidity: tokenSeconds,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'seconds', IdToken: 'seconds', RefreshToken: 'days' },
  };
  await writeFile(clientsFile, `${JSON.stringify({ ...stored, Clients: clients }, null, 2)}\n`);
  return { clientSecret };
}

export interface CognitoLocal {
  readonly endpoint: string;
  readonly child: ManagedChild;
  readonly clientSecret: string;
}

export async function startCognitoLocal(options: {
  port: number;
  dataDir: string;
  logDir: string;
  guard: OrphanGuard;
  /** Lifetime of access and ID tokens; default DEFAULT_ACCESS_TOKEN_SECONDS. */
  accessTokenSeconds?: number;
}): Promise<CognitoLocal> {
  // It stores everything under `.cognito/` in its working directory.
  const workDir = path.join(options.dataDir, 'cognito');
  const { clientSecret } = await seedCognitoLocal(workDir, {
    accessTokenSeconds: options.accessTokenSeconds,
  });
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
  return { endpoint, child, clientSecret };
}
