import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAZY_SDK_MODULES } from './lambda-bundling';
import { resourcesOfType, synthWayfarer } from './testing/synth-wayfarer';

const BUNDLE_BUDGET_BYTES = 400 * 1024;

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

  it('keeps each bundle under 400 KB', () => {
    const oversized = bundles
      .map((bundle) => ({ handler: bundle.description, bytes: readFileSync(bundle.file).byteLength }))
      .filter((size) => size.bytes > BUNDLE_BUDGET_BYTES);
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
}, 300_000);
