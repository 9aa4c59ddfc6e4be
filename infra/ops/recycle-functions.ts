/**
 * After a secret's value changes (docs/OPERATIONS.md, "Rotate a secret"): the Lambdas read their secrets once per
 * cold start (lambdas/config.ts), so a running container keeps the old value until it is recycled. This gives
 * every function of the stage that reads the secret a new `SECRETS_ROTATED_AT` variable: Lambda then starts
 * fresh containers for new requests while requests in flight finish on the old ones, so nothing is dropped.
 *
 *   npm run ops:recycle-functions -- --stage prod --secret stripe [--dry-run]
 *
 * The variable is not in the CDK template: the next `cdk deploy` removes it, which recycles once more, harmlessly.
 */
import {
  GetFunctionConfigurationCommand,
  LambdaClient,
  paginateListFunctions,
  UpdateFunctionConfigurationCommand,
} from '@aws-sdk/client-lambda';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { secretIdOf, type SecretName } from '../aws/area-access';
import { stackPrefix } from '../aws/constructs/observability';

export const ROTATION_VARIABLE = 'SECRETS_ROTATED_AT';
export const SECRET_NAMES: readonly SecretName[] = [
  'providers',
  'stripe',
  'admin',
  'ipHash',
  'cognitoClient',
];

export interface FunctionPorts {
  functionNames(prefix: string): Promise<string[]>;
  environment(name: string): Promise<Record<string, string>>;
  setEnvironment(name: string, variables: Record<string, string>): Promise<void>;
}

/** Recycles the stage's functions whose SECRET_ARNS name the secret; answers their names. */
export async function recycleFunctions(
  ports: FunctionPorts,
  options: {
    readonly stage: string;
    readonly secret: SecretName;
    readonly dryRun?: boolean;
    readonly now?: Date;
  },
): Promise<string[]> {
  const id = secretIdOf(options.stage, options.secret);
  const recycled: string[] = [];
  for (const name of await ports.functionNames(`${stackPrefix(options.stage)}-`)) {
    const variables = await ports.environment(name);
    // An ARN ends in the name and a random suffix: ...:secret:wayfarer/prod/stripe-AbC123
    const reads = (variables['SECRET_ARNS'] ?? '').split(',').some((arn) => arn.includes(`:secret:${id}-`));
    if (!reads) continue;
    recycled.push(name);
    if (!options.dryRun) {
      await ports.setEnvironment(name, {
        ...variables,
        [ROTATION_VARIABLE]: (options.now ?? new Date()).toISOString(),
      });
    }
  }
  return recycled;
}

export function awsFunctionPorts(lambda = new LambdaClient({})): FunctionPorts {
  return {
    async functionNames(prefix) {
      const names: string[] = [];
      for await (const page of paginateListFunctions({ client: lambda }, {})) {
        for (const fn of page.Functions ?? [])
          if (fn.FunctionName?.startsWith(prefix)) names.push(fn.FunctionName);
      }
      return names;
    },
    async environment(name) {
      const config = await lambda.send(new GetFunctionConfigurationCommand({ FunctionName: name }));
      return { ...config.Environment?.Variables };
    },
    async setEnvironment(name, variables) {
      await lambda.send(
        new UpdateFunctionConfigurationCommand({ FunctionName: name, Environment: { Variables: variables } }),
      );
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: { stage: { type: 'string' }, secret: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  });
  const secret = SECRET_NAMES.find((name) => name === values.secret);
  if (!values.stage || !secret) {
    console.error(
      `usage: npm run ops:recycle-functions -- --stage <stage> --secret <${SECRET_NAMES.join('|')}> [--dry-run]`,
    );
    process.exit(2);
  }
  const names = await recycleFunctions(awsFunctionPorts(), {
    stage: values.stage,
    secret,
    dryRun: values['dry-run'] ?? false,
  });
  console.log(
    `${values['dry-run'] ? 'would recycle' : 'recycled'} ${names.length} function(s):\n${names.join('\n')}`,
  );
}
