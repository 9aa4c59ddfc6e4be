import { describe, expect, it } from 'vitest';
import { truncateIp } from './truncate-ip';

describe('truncateIp', () => {
  it('zeroes the last octet of an IPv4 address', () => {
    expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(truncateIp('::ffff:198.51.100.9')).toBe('198.51.100.0');
  });

  it('keeps only the first 48 bits of an IPv6 address', () => {
    expect(truncateIp('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::');
    expect(truncateIp('2001:db8::1')).toBe('2001:db8:0::');
    expect(truncateIp('::1')).toBe('0:0:0::');
  });

  it('keeps nothing of an address it cannot read', () => {
    expect(truncateIp(undefined)).toBe('unknown');
    expect(truncateIp('not an address')).toBe('unknown');
  });
});
