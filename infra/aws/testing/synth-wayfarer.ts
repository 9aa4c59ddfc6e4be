import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations, type IPolicyValidationPlugin } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll } from 'vitest';
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

/**
 * Synthesizes the whole app once. The built-in CloudFormation schema validation is left to the real
 * `cdk synth` (it costs seconds of wasm per synth); bundling is skipped unless asked for.
 */
export function synthWayfarer(options: SynthOptions = {}): SynthesizedWayfarer {
  process.env.CDK_VALIDATION = 'false';
  const outdir = mkdtempSync(join(tmpdir(), 'wayfarer-cdk-'));
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
  // Templates are parsed below; the staged assets (bundles, when bundling) are only needed by the file's tests.
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
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
