import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStripe } from '@wayfarer/engines/billing/local-stripe';
import { stripeSignatureHeader } from '@wayfarer/engines/billing/stripe-emulator';
import { call, payCheckout, startFaultCloud, type FaultCloud } from './fault-cloud';

const PASSWORD = 'Travel!2024x';
const EVENTS = 50;
const DELIVERIES_EACH = 5;
const CONCURRENCY = 25;

let fault: FaultCloud;
const outcomes: string[] = [];
const write = process.stdout.write.bind(process.stdout);

beforeAll(async () => {
  // The webhook handler logs each delivery's outcome at info: counted here, from the handlers' own lines.
  fault = await startFaultCloud({ LOG_LEVEL: 'info' });
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    for (const line of text.split('\n')) {
      if (!line.includes('"Stripe webhook processed"')) continue;
      outcomes.push((JSON.parse(line) as { outcome: string }).outcome);
    }
    return write(chunk, ...rest);
  }) as typeof process.stdout.write;
});

afterAll(async () => {
  process.stdout.write = write;
  await fault?.stop();
});

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

describe('a Stripe webhook storm', () => {
  it('50 events delivered 5 times each, out of order and concurrently: the subscription ends in the state of the newest event, each event applied once, no delivery refused', async () => {
    const { cloud } = fault;
    const url = cloud.url;
    const email = `storm-${Date.now()}@example.com`;
    const registered = await call(url, 'POST', '/api/auth/register', {
      json: { email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    const token = (registered.body as { token: string }).token;
    const sessionId = await payCheckout(url, token);
    const stripe = localStripe();
    const customer = String(stripe?.fake.checkoutSession(sessionId)?.customer);
    const subscription = stripe?.fake.subscriptionOf(customer);
    expect(subscription).toBeDefined();
    outcomes.length = 0;

    // 50 changes of the same subscription, one second apart in Stripe's time, each its own event.
    const base = Math.floor(Date.now() / 1000) + 60;
    const statuses = ['active', 'past_due', 'active', 'unpaid'] as const;
    const events = Array.from({ length: EVENTS }, (_, index) => {
      const status = statuses[index % statuses.length] as string;
      const cancelAtPeriodEnd = index % 3 === 0;
      const periodEnd = base + 30 * 86_400 + index;
      const object = structuredClone(subscription) as unknown as Record<string, unknown> & {
        items: { data: Record<string, unknown>[] };
      };
      Object.assign(object, { status, cancel_at_period_end: cancelAtPeriodEnd });
      for (const item of object.items.data) item.current_period_end = periodEnd;
      return {
        expected: { status, cancelAtPeriodEnd, periodEnd },
        payload: JSON.stringify({
          id: `evt_storm_${index}_${Date.now()}`,
          object: 'event',
          type: 'customer.subscription.updated',
          created: base + index,
          livemode: false,
          api_version: null,
          data: { object },
        }),
      };
    });
    const deliveries = shuffled(
      events.flatMap((event) => Array.from({ length: DELIVERIES_EACH }, () => event)),
    );
    const statusesSeen: number[] = [];
    const webhookUrl = stripe?.webhookUrl as string;
    const secret = stripe?.webhookSecret as string;
    const worker = async () => {
      for (let next = deliveries.pop(); next; next = deliveries.pop()) {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': stripeSignatureHeader(next.payload, secret),
          },
          body: next.payload,
        });
        await response.body?.cancel();
        statusesSeen.push(response.status);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(statusesSeen).toHaveLength(EVENTS * DELIVERIES_EACH);
    expect(new Set(statusesSeen)).toEqual(new Set([200]));
    // Each event got past its once-only mark exactly once (a duplicate returns before the outcome line): applied,
    // or found older than the state already stored.
    expect(outcomes).toHaveLength(EVENTS);
    expect(new Set(outcomes).size).toBeLessThanOrEqual(3);
    for (const outcome of outcomes) expect(['applied', 'stale', 'unchanged']).toContain(outcome);
    console.info(
      `Stripe storm: ${outcomes.filter((outcome) => outcome === 'applied').length} applied, ${outcomes.filter((outcome) => outcome === 'stale').length} stale, ${EVENTS * DELIVERIES_EACH - outcomes.length} duplicates`,
    );

    const newest = events.at(-1)?.expected;
    const stored = await call(url, 'GET', '/api/stripe/subscription', { token });
    expect(stored.status).toBe(200);
    const state = (
      stored.body as {
        subscription: { status: string; cancelAtPeriodEnd: boolean; stripeCurrentPeriodEnd: string };
      }
    ).subscription;
    expect(state.status).toBe(newest?.status.toUpperCase());
    expect(state.cancelAtPeriodEnd).toBe(newest?.cancelAtPeriodEnd);
    expect(new Date(state.stripeCurrentPeriodEnd).getTime()).toBe((newest?.periodEnd ?? 0) * 1000);
  });
});
