import { describe, expect, it } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '@wayfarer/shared/api/viewer-headers';
import { viewerIpOf } from './viewer-ip';

describe('viewerIpOf', () => {
  it('per-IP counters key on the address CloudFront saw the viewer at, not on what API Gateway reports', () => {
    const edge = '130.176.0.10';
    expect(viewerIpOf({ [VIEWER_ADDRESS_HEADER]: '198.51.100.10:46532' }, edge)).toBe('198.51.100.10');
    expect(viewerIpOf({ [VIEWER_ADDRESS_HEADER]: '[2001:db8::1]:46532' }, edge)).toBe('2001:db8::1');
    // CloudFront writes IPv6 without brackets: the port is the last group.
    expect(viewerIpOf({ [VIEWER_ADDRESS_HEADER]: '2001:db8:0:0:0:0:0:1:46532' }, edge)).toBe(
      '2001:db8:0:0:0:0:0:1',
    );
  });

  it('falls back to API Gateway’s source address when the header is missing or not an address', () => {
    expect(viewerIpOf({}, '203.0.113.4')).toBe('203.0.113.4');
    expect(viewerIpOf({ [VIEWER_ADDRESS_HEADER]: 'nonsense' }, '203.0.113.4')).toBe('203.0.113.4');
    expect(viewerIpOf({}, undefined)).toBeUndefined();
  });
});
