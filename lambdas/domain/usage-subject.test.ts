import { describe, expect, it } from 'vitest';
import {
  isAnonymousSubject,
  MissingIpHashSecretError,
  usageCallerOf,
  usageSubject,
  viewerGroupAccountsSubject,
} from './usage-subject';

describe('usageSubject', () => {
  it('counts signed-in callers by their sub', () => {
    expect(usageSubject({ kind: 'user', sub: 'abc-123', sourceIp: '203.0.113.7' }, 'secret')).toBe('abc-123');
  });

  it('counts anonymous callers by a keyed hash of their IP, never the IP', () => {
    const subject = usageSubject({ kind: 'anonymous', sourceIp: '203.0.113.7' }, 'secret');
    expect(subject).toMatch(/^ip-[0-9a-f]{64}$/);
    expect(subject).not.toContain('203.0.113.7');
    expect(usageSubject({ kind: 'anonymous', sourceIp: '203.0.113.7' }, 'secret')).toBe(subject);
    expect(usageSubject({ kind: 'anonymous', sourceIp: '203.0.113.8' }, 'secret')).not.toBe(subject);
    expect(usageSubject({ kind: 'anonymous', sourceIp: '203.0.113.7' }, 'other')).not.toBe(subject);
  });

  it('counts an anonymous IPv6 caller by its /64, and an IPv4-mapped address as the IPv4 one', () => {
    const subjectOf = (sourceIp: string) => usageSubject({ kind: 'anonymous', sourceIp }, 'secret');
    expect(subjectOf('2001:db8:1:2::1')).toBe(subjectOf('2001:db8:1:2:ffff:eeee:dddd:cccc'));
    expect(subjectOf('2001:db8:1:3::1')).not.toBe(subjectOf('2001:db8:1:2::1'));
    expect(subjectOf('::ffff:203.0.113.7')).toBe(subjectOf('203.0.113.7'));
  });

  it('refuses to count anonymous callers without the hashing secret', () => {
    expect(() => usageSubject({ kind: 'anonymous', sourceIp: '203.0.113.7' }, undefined)).toThrow(
      MissingIpHashSecretError,
    );
  });

  it("takes the caller's address, a signed-in caller's with its sub", () => {
    expect(usageCallerOf({ kind: 'anonymous' }, '203.0.113.7')).toEqual({
      kind: 'anonymous',
      sourceIp: '203.0.113.7',
    });
    expect(usageCallerOf({ kind: 'user', sub: 's' }, '203.0.113.7')).toEqual({
      kind: 'user',
      sub: 's',
      sourceIp: '203.0.113.7',
    });
  });
});

describe('viewerGroupAccountsSubject', () => {
  it("counts a viewer group's free accounts apart from the group's anonymous day, by /64, never by the IP", () => {
    const pool = viewerGroupAccountsSubject('2001:db8:1:2::1', 'secret');
    expect(pool).toBe(viewerGroupAccountsSubject('2001:db8:1:2:ffff::9', 'secret'));
    expect(pool).not.toBe(viewerGroupAccountsSubject('2001:db8:1:3::1', 'secret'));
    expect(pool).not.toBe(usageSubject({ kind: 'anonymous', sourceIp: '2001:db8:1:2::1' }, 'secret'));
    expect(pool).toMatch(/^accounts-ip-[0-9a-f]{64}$/);
    expect(isAnonymousSubject(pool)).toBe(false);
  });
});
