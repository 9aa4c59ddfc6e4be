import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations, type IPolicyValidationPlugin } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { repositoryRoot } from '../lambda-bundling';
import { buildWayfarer, type WayfarerStacks } from '../wayfarer-app';

export interface SynthOptions {
  /** Run esbuild for every function (slow); template tests skip it. */
  readonly bundling?: boolean;
  readonly context?: Record<string, unknown>;
  /** Policy validation plugins (cdk-nag's rule packs) to run at synthesis; a finding fails `app.synth()`. */
  readonly plugins?: (app: App) => readonly IPolicyValidationPlugin[];
}

export interface SynthesizedWayfarer {
  readonly stacks: WayfarerStacks;
  readonly outdir: string;
  readonly templates: {
    readonly data: Template;
    readonly auth: Template;
    readonly events: Template;
    readonly api: Template;
    readonly relay: Template;
    readonly web: Template;
    readonly monitoring: Template;
  };
}

/** cdk.json's context (feature flags included), so tests synthesize what `cdk synth` would. */
function projectContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(repositoryRoot, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/** One synthesis per process and set of options: the infra/aws files share a worker (the 'cdk' project runs unisolated). */
const synthesized = new Map<string, SynthesizedWayfarer>();
const outdirs: string[] = [];
process.once('exit', () => {
  for (const outdir of outdirs) rmSync(outdir, { recursive: true, force: true });
});

/** The cache key: bundling and the context, its keys sorted so that the order they were written in does not count. */
function keyOf(options: SynthOptions): string {
  const context = Object.entries(options.context ?? {}).sort(([left], [right]) => left.localeCompare(right));
  return JSON.stringify({ bundling: options.bundling === true, context });
}

/**
 * The whole app synthesized with these options, once per test process: a second file (or a second call) that asks
 * for the same bundling and context gets the same stacks and templates, which no test changes. A call with policy
 * validation plugins (cdk-nag) synthesizes anew each time, since synthesizing is what it checks.
 */
export function synthWayfarer(options: SynthOptions = {}): SynthesizedWayfarer {
  if (options.plugins) return synthesize(options);
  const key = keyOf(options);
  let app = synthesized.get(key);
  if (!app) {
    app = synthesize(options);
    synthesized.set(key, app);
  }
  return app;
}

/**
 * Synthesizes the whole app. The built-in CloudFormation schema validation is left to the real `cdk synth` (it
 * costs seconds of wasm per synth); bundling is skipped unless asked for. The output folder (the staged bundles,
 * when bundling) stays until the process exits, since a later file may read it.
 */
function synthesize(options: SynthOptions): SynthesizedWayfarer {
  process.env.CDK_VALIDATION = 'false';
  const outdir = mkdtempSync(join(tmpdir(), 'wayfarer-cdk-'));
  outdirs.push(outdir);
  const app = new App({
    outdir,
    context: {
      ...projectContext(),
      ...(options.bundling ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...options.context,
    },
  });
  const stacks = buildWayfarer(app, { deployWebAssets: false });
  if (options.plugins) Validations.of(app).addPlugins(...options.plugins(app));
  app.synth();
  return {
    stacks,
    outdir,
    templates: {
      data: Template.fromStack(stacks.data),
      auth: Template.fromStack(stacks.auth),
      events: Template.fromStack(stacks.events),
      api: Template.fromStack(stacks.api),
      relay: Template.fromStack(stacks.relay),
      web: Template.fromStack(stacks.web),
      monitoring: Template.fromStack(stacks.monitoring),
    },
  };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** The resources of one type in a template, by logical id. */
export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}
