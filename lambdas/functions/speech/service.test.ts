import { describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '@wayfarer/shared/events';
import type { Events } from '../../ports/platform';
import type { SpeechKeys } from '../../ports/speech';
import type { UserProfile } from '../../ports/users';
import {
  SPEECH_KEY_LIMITS,
  SPEECH_KEY_OPEN_SECONDS,
  SUBSCRIBER_KEY_TTL_SECONDS,
} from '../../domain/allowance';
import { createMemoryLeases } from '../../testing/memory-leases';
import { issueSpeechKey, type SpeechKeyPorts } from './service';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const policy = { allowances: { anonymousSeconds: 60, userSeconds: 120 }, ipHashSecret: 'secret' };
const anonymous = { kind: 'anonymous', sourceIp: '198.51.100.4' } as const;

function setUp(profiles: Record<string, Partial<UserProfile>> = {}) {
  let now = T0;
  let ids = 0;
  const published: EventDetail<'usageRecorded'>[] = [];
  const events: Events = {
    publish: async (_name, detail) => {
      published.push(detail as EventDetail<'usageRecorded'>);
    },
  };
  const keyTtls: number[] = [];
  const keys: SpeechKeys = {
    issue: async ({ leaseId, ttlSeconds }) => (
      keyTtls.push(ttlSeconds),
      {
        key: `key-${leaseId}`,
        url: 'ws://here/v1/listen',
        ttlSeconds,
      }
    ),
  };
  const leases = createMemoryLeases();
  const ports: SpeechKeyPorts = {
    leases,
    users: { getProfile: async (sub) => profiles[sub] as UserProfile | undefined },
    keys,
    events,
    clock: { now: () => now },
    newId: () => `lease-${++ids}`,
    logger: { warn: vi.fn() },
  };
  return {
    ports,
    leases,
    published,
    keyTtls,
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

describe('issueSpeechKey', () => {
  it('the provider key opens sockets for SPEECH_KEY_OPEN_SECONDS only; the answer keeps the session allowance', async () => {
    const { ports, keyTtls } = setUp();
    const outcome = await issueSpeechKey(ports, policy, anonymous, undefined);
    expect(outcome.kind === 'issued' && outcome.response.time_to_live_in_seconds).toBe(60);
    expect(keyTtls).toEqual([SPEECH_KEY_OPEN_SECONDS]);
  });

  it('refuses a key, with the allowance unspent, to a caller taking keys faster than SPEECH_KEY_LIMITS', async () => {
    const { ports, advance } = setUp();
    const outcomes: string[] = [];
    for (let round = 0; round < 20; round++) {
      outcomes.push(
        (
          await issueSpeechKey(
            ports,
            { ...policy, allowances: { anonymousSeconds: 3600, userSeconds: 3600 } },
            anonymous,
            undefined,
          )
        ).kind,
      );
      advance(3);
    }
    expect(outcomes.slice(0, SPEECH_KEY_LIMITS.open)).toEqual(Array(SPEECH_KEY_LIMITS.open).fill('issued'));
    // 20 calls over a minute: at most twice the keys that may be opening at once.
    expect(outcomes.filter((kind) => kind === 'issued').length).toBeLessThanOrEqual(
      2 * SPEECH_KEY_LIMITS.open,
    );
    expect(outcomes).toContain('too_many');
  });

  it('a burst of parallel key calls from one caller gets SPEECH_KEY_LIMITS.open keys, not one each', async () => {
    const { ports } = setUp();
    const generous = { ...policy, allowances: { anonymousSeconds: 3600, userSeconds: 3600 } };
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, () => issueSpeechKey(ports, generous, anonymous, undefined)),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'issued')).toHaveLength(SPEECH_KEY_LIMITS.open);
    expect(outcomes.filter((outcome) => outcome.kind === 'too_many')).toHaveLength(
      30 - SPEECH_KEY_LIMITS.open,
    );
  });

  it('issues a key for the whole allowance and opens its lease', async () => {
    const { ports, leases } = setUp();
    const outcome = await issueSpeechKey(ports, policy, anonymous, 'localhost:8787');
    expect(outcome).toEqual({
      kind: 'issued',
      response: { key: 'key-lease-1', time_to_live_in_seconds: 60, url: 'ws://here/v1/listen' },
    });
    expect(leases.all()).toEqual([
      expect.objectContaining({ id: 'lease-1', day: '2026-11-22', issuedAt: T0, ttlSeconds: 60 }),
    ]);
    expect(leases.all()[0]!.subject).toMatch(/^ip-/);
  });

  it('charges a lease that is never reported its elapsed time, and supersedes it', async () => {
    const { ports, leases, published, advance } = setUp();
    await issueSpeechKey(ports, policy, anonymous, undefined);
    advance(25);
    const second = await issueSpeechKey(ports, policy, anonymous, undefined);
    expect(second.kind === 'issued' && second.response.time_to_live_in_seconds).toBe(35);
    expect(leases.all()[0]!.closed).toEqual({ at: new Date(T0.getTime() + 25_000), seconds: 25 });
    expect(published).toEqual([
      expect.objectContaining({ leaseId: 'lease-1', seconds: 25, day: '2026-11-22' }),
    ]);
  });

  it('answers spent when the allowance is used up, or within the cut-off margin', async () => {
    const { ports, advance } = setUp();
    await issueSpeechKey(ports, policy, anonymous, undefined);
    advance(58);
    expect(await issueSpeechKey(ports, policy, anonymous, undefined)).toEqual({ kind: 'spent' });
    advance(100);
    expect(await issueSpeechKey(ports, policy, anonymous, undefined)).toEqual({ kind: 'spent' });
  });

  it('gives signed-in users the user allowance and subscribers a long key', async () => {
    const { ports } = setUp({
      payer: { subscriptionStatus: 'ACTIVE' },
      lapsed: { subscriptionStatus: 'CANCELED' },
    });
    const ttl = async (sub: string) => {
      const outcome = await issueSpeechKey(ports, policy, { kind: 'user', sub }, undefined);
      return outcome.kind === 'issued' ? outcome.response.time_to_live_in_seconds : 'spent';
    };
    expect(await ttl('no-profile')).toBe(120);
    expect(await ttl('lapsed')).toBe(120);
    expect(await ttl('payer')).toBe(SUBSCRIBER_KEY_TTL_SECONDS);
  });

  it('does not charge the caller for a key that could not be issued', async () => {
    const { ports, leases } = setUp();
    const failing = { ...ports, keys: { issue: () => Promise.reject(new Error('provider down')) } };
    await expect(issueSpeechKey(failing, policy, anonymous, undefined)).rejects.toThrow('provider down');
    expect(leases.all()[0]!.closed?.seconds).toBe(0);
    const next = await issueSpeechKey(ports, policy, anonymous, undefined);
    expect(next.kind === 'issued' && next.response.time_to_live_in_seconds).toBe(60);
  });

  it('still answers with the new key when the superseded lease cannot be recorded', async () => {
    const { ports, advance } = setUp();
    await issueSpeechKey(ports, policy, anonymous, undefined);
    advance(5);
    const broken = { ...ports, events: { publish: () => Promise.reject(new Error('bus down')) } };
    const outcome = await issueSpeechKey(broken, policy, anonymous, undefined);
    expect(outcome.kind).toBe('issued');
    expect(ports.logger.warn).toHaveBeenCalledOnce();
  });
});
