import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: NodejsFunction's projectRoot and the base of every handler entry. */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `lambdas/functions/<area>/handler.ts`, the module a route's or consumer's `handler.area` names. */
export function handlerEntry(area: string): string {
  return join(repositoryRoot, 'lambdas', 'functions', area, 'handler.ts');
}

export function handlerEntryExists(area: string): boolean {
  return existsSync(handlerEntry(area));
}

/** Lambda runs nodejs22.x while the repository runs on Node 20: bundles target the Lambda runtime. */
export const LAMBDA_NODE_TARGET = 'node22';

/*
 * ESM bundles still meet CommonJS inside some dependencies (parts of the AWS SDK's smithy stack call
 * `require` for Node built-ins); esbuild's ESM output has no `require`, so give the bundle one.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __wayfarerCreateRequire } from 'node:module'; const require = __wayfarerCreateRequire(import.meta.url);";

/**
 * The AWS SDK v3 is bundled, not taken from the nodejs22.x runtime: the bundle runs the versions the tests
 * ran, keeps only the clients and commands a handler imports, and one minified ESM file imports about twice
 * as fast as the SDK's many CommonJS files (bench/lambda-bundles.ts --compare-sdk).
 *
 * Left external are only SDK modules that are loaded lazily, by dynamic import, on paths a Lambda here never
 * takes; if one ever were taken, the runtime's own copy of the SDK has them:
 * - the parts of the default credential chain used when the environment holds no credentials: in Lambda it
 *   always does (the chain stops at fromEnv). Bundled they weigh about 130 KB a client (STS, SSO and login
 *   clients), the difference between a DynamoDB handler fitting the 400 KB budget or not;
 * - the event-stream codec (about 15 KB), loaded only by operations with an event-stream member (Transcribe
 *   streaming, Bedrock's response streams). No operation the adapters call has one: GetItem, Query and the
 *   other DynamoDB calls, PutEvents, the Cognito user calls and SES SendEmail are plain JSON requests.
 * The bundle test asserts that no @aws-sdk or @smithy module is imported statically, and that every dynamic
 * import of a package is one of these.
 */
export const LAZY_SDK_MODULES = [
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/nested-clients',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
  '@smithy/core/event-streams',
];

/**
 * The one description of how a handler is bundled, read by the CDK stacks (as NodejsFunction bundling
 * options) and by bench/lambda-bundles.ts (as esbuild options), so the benchmark measures what ships.
 */
export const lambdaBundling = {
  format: 'esm',
  target: LAMBDA_NODE_TARGET,
  platform: 'node',
  minify: true,
  sourceMap: true,
  // The map is for stack traces (NODE_OPTIONS=--enable-source-maps); embedding sources would double it.
  sourcesContent: false,
  // Prefer ESM entry points: smaller output and better tree-shaking than the CommonJS builds.
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
  // Nothing else is external: a handler whose imports reach a local-only engine (native addons, wasm,
  // model files) fails the build or the 400 KB bundle test, not production.
  externalModules: LAZY_SDK_MODULES,
} as const;
