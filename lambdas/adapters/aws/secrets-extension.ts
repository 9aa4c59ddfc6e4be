/**
 * Reads Secrets Manager secrets through the AWS Parameters and Secrets Lambda Extension: a cache the Lambda
 * runtime serves on localhost. The extension signs the calls with the function's role, so no AWS SDK client
 * rides in the bundle (a Secrets Manager client would push several functions over their size budget).
 * Each secret is a JSON object whose keys are environment variable names (infra/aws function-environment.ts).
 */

export const DEFAULT_EXTENSION_PORT = 2773;

export interface SecretsExtensionOptions {
  /** The function's AWS_SESSION_TOKEN: the extension accepts only callers inside the same sandbox. */
  readonly sessionToken: string;
  readonly port?: number;
  readonly fetch?: typeof fetch;
}

export class SecretReadError extends Error {}

function stringValues(secretArn: string, text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new SecretReadError(`Secret ${secretArn} is not a JSON object`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SecretReadError(`Secret ${secretArn} is not a JSON object`);
  }
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new SecretReadError(`Secret ${secretArn}: ${name} is not a string`);
    values[name] = value;
  }
  return values;
}

/** The merged name -> value pairs of every secret; later secrets win over earlier ones for the same name. */
export async function readSecretValues(
  secretArns: readonly string[],
  options: SecretsExtensionOptions,
): Promise<Record<string, string>> {
  const fetchSecret = options.fetch ?? fetch;
  const port = options.port ?? DEFAULT_EXTENSION_PORT;
  const merged: Record<string, string> = {};
  for (const secretArn of secretArns) {
    const url = `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretArn)}`;
    const response = await fetchSecret(url, {
      headers: { 'X-Aws-Parameters-Secrets-Token': options.sessionToken },
    });
    // Only the status goes into the message: the body may echo secret material.
    if (!response.ok)
      throw new SecretReadError(`Could not read secret ${secretArn}: HTTP ${response.status}`);
    const body = (await response.json()) as { SecretString?: unknown };
    if (typeof body.SecretString !== 'string') {
      throw new SecretReadError(`Secret ${secretArn} has no SecretString`);
    }
    Object.assign(merged, stringValues(secretArn, body.SecretString));
  }
  return merged;
}
