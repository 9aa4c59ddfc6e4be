import { describe, expect, it } from 'vitest';
import { readSecretValues, SecretReadError } from './secrets-extension';

function fakeExtension(secrets: Record<string, unknown>, seen: { url: string; token: string | null }[] = []) {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    seen.push({
      url: url.toString(),
      token: new Headers(init?.headers).get('X-Aws-Parameters-Secrets-Token'),
    });
    const secretId = url.searchParams.get('secretId') ?? '';
    if (!(secretId in secrets)) return new Response('not found', { status: 400 });
    return Response.json({ SecretString: secrets[secretId] });
  }) as typeof fetch;
}

describe('readSecretValues', () => {
  it('asks the extension on localhost with the session token for each secret', async () => {
    const seen: { url: string; token: string | null }[] = [];
    await readSecretValues(['arn:a'], {
      sessionToken: 'session',
      fetch: fakeExtension({ 'arn:a': '{"OPENAI_API_KEY":"sk-1"}' }, seen),
    });
    expect(seen).toEqual([
      { url: 'http://localhost:2773/secretsmanager/get?secretId=arn%3Aa', token: 'session' },
    ]);
  });

  it('merges the JSON objects of several secrets', async () => {
    const values = await readSecretValues(['arn:a', 'arn:b'], {
      sessionToken: 't',
      fetch: fakeExtension({ 'arn:a': '{"OPENAI_API_KEY":"sk-1"}', 'arn:b': '{"STRIPE_SECRET_KEY":"sk_2"}' }),
    });
    expect(values).toEqual({ OPENAI_API_KEY: 'sk-1', STRIPE_SECRET_KEY: 'sk_2' });
  });

  it('rejects a secret that is not a JSON object of strings', async () => {
    const options = (secret: unknown) => ({ sessionToken: 't', fetch: fakeExtension({ 'arn:a': secret }) });
    await expect(readSecretValues(['arn:a'], options('plain text'))).rejects.toBeInstanceOf(SecretReadError);
    await expect(readSecretValues(['arn:a'], options('{"PORT":1}'))).rejects.toThrow(/PORT is not a string/);
  });

  it('fails with the status only, never the body, when the extension refuses', async () => {
    const error = await readSecretValues(['arn:missing'], {
      sessionToken: 't',
      fetch: fakeExtension({}),
    }).catch((caught: unknown) => caught as Error);
    expect(error.message).toBe('Could not read secret arn:missing: HTTP 400');
  });
});

describe('environmentWithSecrets', () => {
  it('leaves an environment without SECRET_ARNS untouched (local cloud, tests)', async () => {
    const { environmentWithSecrets } = await import('../../config');
    const environment = { TABLE_NAME: 't' };
    expect(await environmentWithSecrets(environment)).toBe(environment);
  });

  it('fills variables from the secrets, but a variable set on the function wins', async () => {
    const { environmentWithSecrets } = await import('../../config');
    const merged = await environmentWithSecrets(
      { SECRET_ARNS: 'arn:a', AWS_SESSION_TOKEN: 't', OPENAI_MODEL_TRANSLATE: 'm-env', OPENAI_API_KEY: ' ' },
      fakeExtension({ 'arn:a': '{"OPENAI_API_KEY":"sk-1","OPENAI_MODEL_TRANSLATE":"m-secret"}' }),
    );
    expect(merged.OPENAI_API_KEY).toBe('sk-1');
    expect(merged.OPENAI_MODEL_TRANSLATE).toBe('m-env');
  });
});
