import { describe, expect, it } from 'vitest';
import { SESSION_CUTOFF_MARGIN_SECONDS, SPEECH_RELAY_LIMITS } from '@wayfarer/shared/constants';
import type { SpeechLease } from '../ports/usage';
import { decideSession, leaseCharge, leaseLimitSeconds, secondsUsed, usageDay } from './allowance';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const allowances = { anonymousSeconds: 300, userSeconds: 900 };

function lease(overrides: Partial<SpeechLease> = {}): SpeechLease {
  return { id: 'l1', subject: 's', day: '2026-11-22', issuedAt: T0, ttlSeconds: 120, ...overrides };
}

describe('allowance rules', () => {
  it('an open lease is charged the audio the relay last wrote to it, however long ago it opened', () => {
    expect(leaseCharge(lease({ observedSeconds: 45 }))).toBe(45);
    expect(leaseCharge(lease())).toBe(0);
  });

  it('a closed lease is charged what the relay closed it with', () => {
    expect(leaseCharge(lease({ closed: { at: T0, seconds: 30 }, observedSeconds: 25 }))).toBe(30);
  });

  it('a lease is never charged less than the audio the relay wrote to it', () => {
    expect(leaseCharge(lease({ closed: { at: T0, seconds: 10 }, observedSeconds: 25 }))).toBe(25);
  });

  it('a lease is never charged more than the allowance it opened with', () => {
    expect(leaseCharge(lease({ observedSeconds: 500 }))).toBe(120);
  });

  it('open leases count against the allowance alongside closed ones', () => {
    const ledger = {
      countedSeconds: 0,
      leases: [lease({ closed: { at: T0, seconds: 20 } }), lease({ id: 'l2', observedSeconds: 30 })],
    };
    expect(secondsUsed(ledger)).toBe(50);
  });

  it('the day counter wins when it is ahead of the leases', () => {
    expect(secondsUsed({ countedSeconds: 200, leases: [lease({ observedSeconds: 30 })] })).toBe(200);
  });

  it('a session may forward what is left of the allowance, in whole seconds', () => {
    expect(decideSession('anonymous', 100.5, allowances)).toEqual({ kind: 'open', seconds: 199 });
  });

  it('anonymous callers get ANON_DAILY_SECONDS and signed-in callers USER_DAILY_SECONDS', () => {
    expect(decideSession('anonymous', 0, allowances)).toEqual({ kind: 'open', seconds: 300 });
    expect(decideSession('user', 0, allowances)).toEqual({ kind: 'open', seconds: 900 });
  });

  it('a spent allowance opens no session', () => {
    expect(decideSession('anonymous', 300, allowances).kind).toBe('spent');
  });

  it('what is left no larger than the client cut-off margin opens no session', () => {
    expect(decideSession('anonymous', 300 - SESSION_CUTOFF_MARGIN_SECONDS, allowances).kind).toBe('spent');
    expect(decideSession('anonymous', 300 - SESSION_CUTOFF_MARGIN_SECONDS - 1, allowances).kind).toBe('open');
  });

  it('subscribers have no allowance: their lease is bounded by the longest session', () => {
    const decision = decideSession('subscriber', 100_000, allowances);
    expect(decision).toEqual({ kind: 'open', seconds: null });
    if (decision.kind === 'open')
      expect(leaseLimitSeconds(decision)).toBe(SPEECH_RELAY_LIMITS.maxSessionSeconds);
  });

  it('usage counts against the UTC day the session opened', () => {
    expect(usageDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(usageDay(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
  });
});
