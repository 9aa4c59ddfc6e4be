/**
 * Lambda bundles: size (raw and gzip) and cold import time under Node, per handler module.
 *
 * Each handler is bundled with esbuild using infra/aws/lambda-bundling.ts, the options the CDK stacks give
 * NodejsFunction, so the figures are those of what ships. Import time is the median over several fresh
 * Node processes of `await import(bundle)`, which is what a Lambda cold start adds to the runtime's own
 * boot. Goals: <= 400 KB and <= 150 ms. `--compare-sdk` also builds one handler with the SDK left to the
 * runtime (loaded here from node_modules), the alternative lambda-bundling.ts weighs.
 *
 *   npx tsx bench/lambda-bundles.ts [--runs 5] [--compare-sdk]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import { routes } from '@wayfarer/shared/api/routes';
import { eventRules, RATE_REFRESH_HANDLER } from '@wayfarer/shared/events';
import { handlerEntry, lambdaBundling, repositoryRoot } from '@wayfarer/infra/aws/lambda-bundling';
import { median } from './lib/stats';

const SIZE_GOAL_KB = 400;
const IMPORT_GOAL_MS = 150;
const outRoot = join(repositoryRoot, 'bench', 'out', 'lambda-bundles');

/** The handler exports each area's bundle must provide, from the route table and the event catalogue. */
function exportsByArea(): Map<string, Set<string>> {
  const byArea = new Map<string, Set<string>>();
  const add = (area: string, name: string) => byArea.set(area, (byArea.get(area) ?? new Set()).add(name));
  for (const route of routes) add(route.handler.area, route.handler.export);
  for (const rule of eventRules) add(rule.consumer.area, rule.consumer.export);
  add(RATE_REFRESH_HANDLER.area, RATE_REFRESH_HANDLER.export);
  return byArea;
}

/** lambda-bundling.ts, in esbuild's own option names (NodejsFunction turns the same into CLI flags). */
function esbuildOptions(entry: string, outfile: string, external: string[]): BuildOptions {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: lambdaBundling.format,
    target: lambdaBundling.target,
    platform: lambdaBundling.platform,
    minify: lambdaBundling.minify,
    sourcemap: lambdaBundling.sourceMap,
    sourcesContent: lambdaBundling.sourcesContent,
    mainFields: [...lambdaBundling.mainFields],
    banner: { js: lambdaBundling.banner },
    external,
    absWorkingDir: repositoryRoot,
    logLevel: 'error',
  };
}

/*
 * Runs in a fresh process: installs the `awslambda` global the Lambda runtime provides (middy's streaming
 * wrapper reads it at import), imports the bundle, prints the import time and which expected exports exist.
 */
const IMPORT_PROBE = `
globalThis.awslambda = {
  streamifyResponse: (handler) => handler,
  HttpResponseStream: { from: (stream) => stream },
};
const [url, names] = [process.argv[1], process.argv[2].split(',')];
const started = performance.now();
const module = await import(url);
const importMs = performance.now() - started;
const missing = names.filter((name) => typeof module[name] !== 'function');
process.stdout.write(JSON.stringify({ importMs, missing }));
`;

interface ImportProbe {
  readonly importMs: number;
  readonly missing: string[];
}

function probeImport(file: string, names: readonly string[]): ImportProbe {
  const child = spawnSync(
    process.execPath,
    ['--input-type=module', '--eval', IMPORT_PROBE, pathToFileURL(file).href, names.join(',')],
    {
      encoding: 'utf8',
      // What a Lambda sees that matters at import: a region, and none of this machine's settings.
      env: {
        PATH: process.env.PATH ?? '',
        AWS_REGION: 'us-east-1',
        TABLE_NAME: 'bench',
        NODE_ENV: 'production',
      },
    },
  );
  if (child.status !== 0) throw new Error(`import of ${file} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout) as ImportProbe;
}

export interface BundleFigure {
  readonly area: string;
  readonly rawKb: number;
  readonly gzipKb: number;
  readonly importMedianMs: number;
  readonly missingExports: string[];
}

async function measure(
  area: string,
  names: readonly string[],
  runs: number,
  external: string[],
  tag = '',
): Promise<BundleFigure> {
  const outfile = join(outRoot, `${area}${tag}`, 'index.mjs');
  await build(esbuildOptions(handlerEntry(area), outfile, external));
  const code = readFileSync(outfile);
  const probes = Array.from({ length: runs }, () => probeImport(outfile, names));
  return {
    area: `${area}${tag}`,
    rawKb: code.byteLength / 1024,
    gzipKb: gzipSync(code).byteLength / 1024,
    importMedianMs: median(probes.map((probe) => probe.importMs)),
    missingExports: probes[0]?.missing ?? [],
  };
}

function printTable(figures: readonly BundleFigure[]): void {
  console.log('area                      raw KB   gzip KB   import ms (median)   goals');
  for (const figure of figures) {
    const withinGoals = figure.rawKb <= SIZE_GOAL_KB && figure.importMedianMs <= IMPORT_GOAL_MS;
    console.log(
      `${figure.area.padEnd(24)} ${figure.rawKb.toFixed(1).padStart(7)} ${figure.gzipKb.toFixed(1).padStart(9)} ${figure.importMedianMs
        .toFixed(1)
        .padStart(
          20,
        )}   ${withinGoals ? 'ok' : 'OVER'}${figure.missingExports.length ? `  missing exports: ${figure.missingExports.join(', ')}` : ''}`,
    );
  }
}

export async function main(argv: readonly string[] = process.argv.slice(2)): Promise<BundleFigure[]> {
  const runsFlag = argv.indexOf('--runs');
  const runs = runsFlag >= 0 ? Number(argv[runsFlag + 1]) : 5;
  rmSync(outRoot, { recursive: true, force: true });
  mkdirSync(outRoot, { recursive: true });
  console.log(
    `Lambda bundles (esbuild as the CDK stacks bundle them; Node ${process.version}, ${runs} runs each)`,
  );
  console.log(`goals: <= ${SIZE_GOAL_KB} KB raw, <= ${IMPORT_GOAL_MS} ms import`);
  const figures: BundleFigure[] = [];
  for (const [area, names] of exportsByArea()) {
    figures.push(await measure(area, [...names], runs, [...lambdaBundling.externalModules]));
  }
  printTable(figures);
  if (argv.includes('--compare-sdk')) {
    // A handler that uses the table: the SDK's weight shows only where a client is imported.
    const area = 'consumers';
    const names = [...(exportsByArea().get(area) ?? [])];
    console.log(`\n${area} with the AWS SDK taken from the runtime (here: node_modules) instead of bundled:`);
    printTable([await measure(area, names, runs, ['@aws-sdk/*', '@smithy/*'], '-sdk-external')]);
  }
  const missing = figures.filter((figure) => figure.missingExports.length > 0);
  if (missing.length > 0) {
    console.log('\nHandler exports the stacks expect but the bundles lack (lambdas/ must add them):');
    for (const figure of missing) console.log(`  ${figure.area}: ${figure.missingExports.join(', ')}`);
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
