import { describe, expect, it } from 'vitest';
import { secretIdOf } from '../aws/area-access';
import { recycleFunctions, ROTATION_VARIABLE, type FunctionPorts } from './recycle-functions';

const arn = (name: string) => `arn:aws:secretsmanager:eu-west-1:123456789012:secret:${name}-AbC123`;

function fakeFunctions(functions: Record<string, Record<string, string>>) {
  const updates: [string, Record<string, string>][] = [];
  const ports: FunctionPorts = {
    functionNames: async (prefix) => Object.keys(functions).filter((name) => name.startsWith(prefix)),
    environment: async (name) => ({ ...functions[name] }),
    setEnvironment: async (name, variables) => void updates.push([name, variables]),
  };
  return { ports, updates };
}

describe('recycling the functions that read a rotated secret', () => {
  const functions = {
    'Wayfarer-prod-Api-BillingWebhook-1': {
      TABLE_NAME: 't',
      SECRET_ARNS: `${arn('wayfarer/prod/ip-hash')},${arn('wayfarer/prod/stripe')}`,
    },
    'Wayfarer-prod-Api-TranslateStream-1': {
      SECRET_ARNS: `${arn('wayfarer/prod/ip-hash')},${arn('wayfarer/prod/providers')}`,
    },
    'Wayfarer-prod-Api-Health-1': { TABLE_NAME: 't' },
    'Wayfarer-dev-Api-BillingWebhook-1': { SECRET_ARNS: arn('wayfarer/dev/stripe') },
  };

  it('gives exactly the stage’s readers of the secret a new variable, keeping every other one', async () => {
    const { ports, updates } = fakeFunctions(functions);
    const now = new Date('2026-11-25T09:00:00Z');
    expect(await recycleFunctions(ports, { stage: 'prod', secret: 'stripe', now })).toEqual([
      'Wayfarer-prod-Api-BillingWebhook-1',
    ]);
    expect(updates).toEqual([
      [
        'Wayfarer-prod-Api-BillingWebhook-1',
        {
          ...functions['Wayfarer-prod-Api-BillingWebhook-1'],
          [ROTATION_VARIABLE]: '2026-11-25T09:00:00.000Z',
        },
      ],
    ]);
  });

  it('finds the IP-hash key’s readers by its secret name, and changes nothing on a dry run', async () => {
    const { ports, updates } = fakeFunctions(functions);
    expect(secretIdOf('prod', 'ipHash')).toBe('wayfarer/prod/ip-hash');
    expect(await recycleFunctions(ports, { stage: 'prod', secret: 'ipHash', dryRun: true })).toHaveLength(2);
    expect(updates).toEqual([]);
  });
});
