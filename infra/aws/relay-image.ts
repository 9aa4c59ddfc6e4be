import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { ESM_REQUIRE_BANNER, repositoryRoot } from './lambda-bundling';

/** The relay's program (docs/DESIGN.md §2): a plain Node ESM program, bundled into `main.mjs`. */
export const RELAY_ENTRY = join(repositoryRoot, 'lambdas', 'relay', 'main.ts');

/** The port the relay listens on inside its container (`RELAY_PORT`), the target group's port. */
export const RELAY_PORT = 8080;

/** The container runs Node 20, as the repository does (Lambda bundles target node22, the Lambda runtime). */
export const RELAY_NODE_TARGET = 'node20';

/*
 * The image: Node 20 from AWS's public mirror of Docker's official image (no Docker Hub rate limit at deploy
 * time), the bundle and its map, run as the image's unprivileged `node` user. No RUN line, on purpose: the
 * image is built for arm64 (Graviton) and a build with no RUN step needs no emulator on an x86 machine.
 */
export const RELAY_DOCKERFILE = `FROM --platform=linux/arm64 public.ecr.aws/docker/library/node:20-slim
ENV NODE_ENV=production NODE_OPTIONS=--enable-source-maps RELAY_PORT=${RELAY_PORT}
WORKDIR /app
COPY main.mjs main.mjs.map ./
USER node
EXPOSE ${RELAY_PORT}
CMD ["node", "main.mjs"]
`;

/*
 * Left out of the bundle: only ws's optional native speed-ups, which it loads in a try and does without. Unlike
 * the Lambdas (lambda-bundling.ts, LAZY_SDK_MODULES), the SDK's credential providers are bundled: a Fargate task
 * gets its role's credentials from the container endpoint (@aws-sdk/credential-provider-http), and the image has
 * no SDK of its own to fall back on.
 */
export const RELAY_EXTERNAL_MODULES = ['bufferutil', 'utf-8-validate'];

/**
 * A folder holding the Dockerfile and, when `bundle` is set, the esbuild bundle of lambdas/relay/main.ts, for
 * `ContainerImage.fromAsset` (which only hashes the folder at synth; Docker builds it at deploy). Template tests
 * skip bundling as they do for the Lambdas: the folder then holds the Dockerfile alone.
 */
export function relayImageDirectory(options: { readonly bundle: boolean }): string {
  // Without a bundle the folder is the same every time: one fixed folder, not one per synth.
  const directory = options.bundle
    ? mkdtempSync(join(tmpdir(), 'wayfarer-relay-image-'))
    : join(tmpdir(), 'wayfarer-relay-image-unbundled');
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'Dockerfile'), RELAY_DOCKERFILE);
  if (!options.bundle) return directory;
  buildSync({
    entryPoints: [RELAY_ENTRY],
    outfile: join(directory, 'main.mjs'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: RELAY_NODE_TARGET,
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    external: RELAY_EXTERNAL_MODULES,
    absWorkingDir: repositoryRoot,
    logLevel: 'error',
  });
  return directory;
}
