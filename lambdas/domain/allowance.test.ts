import { describe, expect, it } from 'vitest';
import { SESSION_CUTOFF_MARGIN_SECONDS } from '@wayfarer/shared/constants';
import type { SpeechLease } from '../ports/usage';
import {
  chargeForReport,
  decideKey,
  keyRateDecision,
  leaseCharge,
  leaseToClose,
  REPORT_FLOOR_GRACE_SECONDS,
  REPORT_GRACE_SECONDS,
  secondsUsed,
  SPEECH_KEY_LIMITS,
  SPEECH_KEY_OPEN_SECONDS,
  SUBSCRIBER_KEY_TTL_SECONDS,
  usageDay,
} from './allowance';

const T0 = new Date('2026-11-22T10:00:00.000Z');
const after = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const allowances = { anonymousSeconds: 300, userSeconds: 900 };

function lease(overrides: Partial<SpeechLease> = {}): SpeechLease {
  return { id: 'l1', subject: 's', day: '2026-11-22', issuedAt: T0, ttlSeconds: 120, ...overrides };
}

describe('allowance rules', () => {
  it('an open lease is charged its elapsed time', () => {
    expect(leaseCharge(lease(), after(45))).toBe(45);
  });

  it('an open lease is never charged more than its ttl', () => {
    expect(leaseCharge(lease(), after(600))).toBe(120);
  });

  it('a closed lease is charged what it was closed with, however long ago it was issued', () => {
    expect(leaseCharge(lease({ closed: { at: after(20), seconds: 17 } }), after(600))).toBe(17);
  });

  it('open leases count against the allowance alongside closed ones', () => {
    const ledger = {
      countedSeconds: 17,
      leases: [lease({ closed: { at: after(20), seconds: 17 } }), lease({ id: 'l2', issuedAt: after(30) })],
    };
    expect(secondsUsed(ledger, after(40))).toBe(27);
  });

  it('the day counter wins when it is ahead of the leases', () => {
    expect(secondsUsed({ countedSeconds: 250, leases: [lease()] }, after(10))).toBe(250);
  });

  it('the key ttl is the remaining allowance in whole seconds', () => {
    expect(decideKey('anonymous', 100.6, allowances)).toEqual({ kind: 'issue', ttlSeconds: 199 });
    expect(decideKey('user', 100, allowances)).toEqual({ kind: 'issue', ttlSeconds: 800 });
  });

  it('anonymous callers get ANON_DAILY_SECONDS and signed-in callers USER_DAILY_SECONDS', () => {
    expect(decideKey('anonymous', 0, allowances)).toEqual({ kind: 'issue', ttlSeconds: 300 });
    expect(decideKey('user', 0, allowances)).toEqual({ kind: 'issue', ttlSeconds: 900 });
  });

  it('a spent allowance gets no key', () => {
    expect(decideKey('anonymous', 300, allowances).kind).toBe('spent');
    expect(decideKey('anonymous', 1000, allowances).kind).toBe('spent');
  });

  it('what is left no larger than the client cut-off margin gets no key', () => {
    const used = allowances.anonymousSeconds - SESSION_CUTOFF_MARGIN_SECONDS;
    expect(decideKey('anonymous', used, allowances).kind).toBe('spent');
    expect(decideKey('anonymous', used - 0.5, allowances).kind).toBe('spent');
    expect(decideKey('anonymous', used - 1, allowances)).toEqual({
      kind: 'issue',
      ttlSeconds: SESSION_CUTOFF_MARGIN_SECONDS + 1,
    });
  });

  it('subscribers get a long session key whatever they have used', () => {
    expect(decideKey('subscriber', 1e6, allowances)).toEqual({
      kind: 'issue',
      ttlSeconds: SUBSCRIBER_KEY_TTL_SECONDS,
    });
  });

  it('a report above the server-measured time is charged as reported, up to the elapsed time plus the grace', () => {
    expect(chargeForReport(lease(), 30, after(30))).toBe(30);
    expect(chargeForReport(lease(), 100, after(10))).toBe(10 + REPORT_GRACE_SECONDS);
  });

  it('a report never lowers the charge below the time since the key was issued, minus the floor grace', () => {
    expect(chargeForReport(lease(), 0, after(5))).toBe(5 - REPORT_FLOOR_GRACE_SECONDS);
    expect(chargeForReport(lease(), 12.5, after(40))).toBe(40 - REPORT_FLOOR_GRACE_SECONDS);
  });

  it('a report is never charged more than the lease ttl', () => {
    expect(chargeForReport(lease(), 500, after(600))).toBe(120);
    expect(chargeForReport(lease(), 0, after(600))).toBe(120);
  });

  it('a report is never charged below zero', () => {
    expect(chargeForReport(lease(), -5, after(0.5))).toBe(0);
  });

  it('a lease is charged at least what our own socket saw of it', () => {
    expect(
      leaseCharge(lease({ observedSeconds: 50, closed: { at: after(10), seconds: 10 } }), after(60)),
    ).toBe(50);
    expect(leaseCharge(lease({ observedSeconds: 500 }), after(20))).toBe(120);
  });

  it('a caller holds at most SPEECH_KEY_LIMITS.open keys still able to open a socket', () => {
    const recent = Array.from({ length: SPEECH_KEY_LIMITS.open }, (_, index) =>
      lease({ id: `k${index}`, issuedAt: after(index) }),
    );
    expect(keyRateDecision(recent, after(SPEECH_KEY_LIMITS.open))).toBe('too_many');
    expect(keyRateDecision(recent, after(SPEECH_KEY_OPEN_SECONDS + 1))).toBe('allowed');
  });

  it('a caller takes at most twice SPEECH_KEY_LIMITS.open keys a minute', () => {
    expect(SPEECH_KEY_LIMITS).toEqual({ open: 8 });
    const taken: ReturnType<typeof lease>[] = [];
    for (let tenth = 0; tenth < 600; tenth++) {
      const at = after(tenth / 10);
      if (keyRateDecision(taken, at) === 'allowed') taken.push(lease({ id: `k${tenth}`, issuedAt: at }));
    }
    expect(taken).toHaveLength(2 * SPEECH_KEY_LIMITS.open);
  });

  it('a traveller who starts a new phrase every 5 seconds is never refused a key, whatever the network adds', () => {
    const taken: ReturnType<typeof lease>[] = [];
    for (let start = 0; start < 120; start++) {
      // The press comes every 5 s; each key request reaches the server 0 to 2 s after it, at random.
      const at = start * 5 + ((start * 7919) % 2000) / 1000;
      expect(keyRateDecision(taken, after(at)), `the start at ${at} s`).toBe('allowed');
      taken.push(lease({ id: `k${start}`, issuedAt: after(at) }));
    }
  });

  it('the provider key lives only as long as opening a socket needs', () => {
    expect(SPEECH_KEY_OPEN_SECONDS).toBeLessThanOrEqual(30);
  });

  it('a usage report closes the newest open lease', () => {
    const leases = [
      lease({ id: 'old', issuedAt: T0 }),
      lease({ id: 'newest-closed', issuedAt: after(60), closed: { at: after(70), seconds: 10 } }),
      lease({ id: 'new', issuedAt: after(30) }),
    ];
    expect(leaseToClose(leases)?.id).toBe('new');
    expect(leaseToClose([leases[1]!])).toBeUndefined();
  });

  it('usage counts against the UTC day the key was issued', () => {
    expect(usageDay(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(usageDay(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
  });
});
