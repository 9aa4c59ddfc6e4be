import { join } from 'node:path';
import type { Duration } from 'aws-cdk-lib';
import { RemovalPolicy } from 'aws-cdk-lib';
import {
  Architecture,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsVersions,
  Runtime,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerEntry, lambdaBundling, repositoryRoot } from '../lambda-bundling';
import type { FunctionEnvironment } from '../function-environment';

export interface HandlerFunctionProps {
  /** Route id or consumer id (`<area>.<name>`): names the function in descriptions and logs. */
  readonly handlerId: string;
  /** `lambdas/functions/<area>/handler.ts` and its named export. */
  readonly area: string;
  readonly exportName: string;
  readonly environment: FunctionEnvironment;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly logRetention: RetentionDays;
  /** True when SECRET_ARNS is set: the function reads its secrets through the Parameters and Secrets extension. */
  readonly readsSecrets: boolean;
  /** Reserved concurrency: guaranteed to the function and its cap (stage-config.ts); none shares the pool. */
  readonly reservedConcurrentExecutions?: number;
}

/** One Lambda per handler export, bundled locally by esbuild (no Docker) exactly as lambda-bundling.ts says. */
export class HandlerFunction extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    // An explicit log group: retention is ours, and it goes away with the stack instead of lingering.
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.function = new NodejsFunction(this, 'Function', {
      description: `Wayfarer ${props.handlerId}`,
      entry: handlerEntry(props.area),
      handler: props.exportName,
      runtime: Runtime.NODEJS_22_X,
      // Graviton: cheaper per GB-second, and nothing here is architecture-specific (no native addons).
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      logGroup,
      // lambdas/config.ts reads SECRET_ARNS through this extension's localhost cache: no SDK client in the bundle.
      ...(props.readsSecrets
        ? { paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103) }
        : {}),
      projectRoot: repositoryRoot,
      depsLockFilePath: join(repositoryRoot, 'package-lock.json'),
      environment: {
        ...props.environment,
        // Stack traces through the source map; Node reads the map only when an error is formatted.
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        ...lambdaBundling,
        format: OutputFormat.ESM,
        mainFields: [...lambdaBundling.mainFields],
        externalModules: [...lambdaBundling.externalModules],
        forceDockerBundling: false,
        bundleAwsSDK: true,
      },
    });
  }
}
