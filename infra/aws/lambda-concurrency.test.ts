import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';
import { eventRules } from '@wayfarer/shared/events';
import {
  DEFAULT_ACCOUNT_CONCURRENCY,
  GUARANTEED_CONCURRENCY,
  LAMBDA_MIN_UNRESERVED,
  readStageConfig,
  RESERVED_CONCURRENCY,
  STREAMING_CONCURRENCY_CAP,
  totalReservedConcurrency,
} from './stage-config';
import { resourcesOfType, synthWayfarer } from './testing/synth-wayfarer';

const { templates } = synthWayfarer();

/** Every function of the API and events stacks by its handler id (its description), with its reservation. */
function reservations(): Map<string, number | undefined> {
  const found = new Map<string, number | undefined>();
  for (const template of [templates.api, templates.events]) {
    for (const fn of Object.values(resourcesOfType(template, 'AWS::Lambda::Function'))) {
      const id = String(fn.Properties?.Description ?? '').replace(/^Wayfarer /, '');
      found.set(id, fn.Properties?.ReservedConcurrentExecutions as number | undefined);
    }
  }
  return found;
}

describe('Lambda concurrency', () => {
  const deployed = reservations();

  it('guarantees the functions that must never starve their own concurrency: auth, the account page, the Stripe webhook, the event consumers', () => {
    const authRoutes = routes.filter(
      (route) =>
        route.handler.area === 'auth' ||
        route.handler.area === 'reset-request' ||
        route.handler.area === 'account',
    );
    expect(authRoutes.length).toBeGreaterThan(0);
    for (const route of authRoutes) expect(deployed.get(route.id), route.id).toBeGreaterThanOrEqual(5);
    expect(deployed.get('billing.webhook')).toBeGreaterThanOrEqual(5);
    for (const rule of eventRules) {
      expect(deployed.get(rule.consumer.id), rule.consumer.id).toBeGreaterThanOrEqual(5);
    }
    for (const [id, reserved] of Object.entries(GUARANTEED_CONCURRENCY))
      expect(deployed.get(id), id).toBe(reserved);
  });

  it('caps the streaming functions (translate, speech synthesis), so a flood of streams cannot take the account', () => {
    const streaming = routes.filter((route) => route.streaming);
    expect(streaming.map((route) => route.id).sort()).toEqual(['translate.stream', 'tts.speak']);
    for (const route of streaming) expect(deployed.get(route.id), route.id).toBe(STREAMING_CONCURRENCY_CAP);
  });

  it('reserves for no other function, and leaves the account at least the 100 unreserved executions Lambda requires', () => {
    for (const [id, reserved] of deployed) expect(reserved, id).toBe(RESERVED_CONCURRENCY[id]);
    const total = [...deployed.values()].reduce<number>((sum, reserved) => sum + (reserved ?? 0), 0);
    expect(total).toBe(totalReservedConcurrency());
    expect(DEFAULT_ACCOUNT_CONCURRENCY - total).toBeGreaterThanOrEqual(LAMBDA_MIN_UNRESERVED);
    // The streams together still leave the unreserved functions more than the guaranteed ones hold.
    expect(DEFAULT_ACCOUNT_CONCURRENCY - total).toBeGreaterThan(2 * STREAMING_CONCURRENCY_CAP);
  });

  it('refuses to synthesize for an account whose concurrency quota cannot hold the reservations and 100 unreserved', () => {
    const fits = new App({
      context: { accountConcurrency: totalReservedConcurrency() + LAMBDA_MIN_UNRESERVED },
    });
    expect(readStageConfig(fits.node).accountConcurrency).toBe(
      totalReservedConcurrency() + LAMBDA_MIN_UNRESERVED,
    );
    const small = new App({
      context: { accountConcurrency: totalReservedConcurrency() + LAMBDA_MIN_UNRESERVED - 1 },
    });
    expect(() => readStageConfig(small.node)).toThrow(/accountConcurrency/);
  });
});
