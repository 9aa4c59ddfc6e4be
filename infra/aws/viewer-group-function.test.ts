import { describe, expect, it } from 'vitest';
import { viewerGroup } from '@wayfarer/shared/api/rate-limits';
import { edgeViewerKey } from './testing/edge-function';
import { VIEWER_GROUP_FUNCTION_SOURCE } from './viewer-group-function';

const keyOf = (ip: string) => edgeViewerKey(VIEWER_GROUP_FUNCTION_SOURCE, ip);

/** A small seeded generator: the same addresses every run. */
function seeded(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

/** Addresses of every shape viewerGroup meets, and a few it must refuse. */
function addresses(count: number): string[] {
  const next = seeded(38);
  const hex = () => next(0x10000).toString(16);
  const pick = <T>(items: readonly T[]): T => items[next(items.length)] as T;
  const out: string[] = [];
  for (let index = 0; index < count; index++) {
    const groups = Array.from({ length: 8 }, () => (next(4) === 0 ? '0' : hex()));
    const dotted = Array.from({ length: 4 }, () => String(next(300))).join('.');
    const cut = next(8);
    const shapes = [
      groups.join(':'),
      groups.map((group) => group.padStart(4, '0').toUpperCase()).join(':'),
      `${groups.slice(0, cut).join(':')}::${groups.slice(cut + 1 + next(3)).join(':')}`,
      `${groups.slice(0, 6).join(':')}:${dotted}`,
      `::ffff:${dotted}`,
      `::${dotted}`,
      dotted,
      `[${groups.join(':')}]`,
      `${groups.slice(0, 4).join(':')}::1%eth0`,
      `${groups.slice(0, 3).join(':')}::${groups[4]}::1`,
      groups.slice(0, 7).join(':'),
      `${groups.join(':')}:1`,
      `${groups.slice(0, 2).join(':')}:zz::1`,
      'not-an-address',
    ];
    out.push(pick(shapes));
  }
  return out;
}

describe('the viewer-request function at the edge', () => {
  it('keys an IPv4 viewer by its address', () => {
    expect(keyOf('198.51.100.7')).toBe('198.51.100.7');
  });

  it('keys an IPv6 viewer by its /64, written out in full or compressed', () => {
    expect(keyOf('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(keyOf('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(keyOf('2001:DB8::1')).toBe('2001:db8:0:0::/64');
  });

  it('keys an IPv4-mapped IPv6 viewer as the IPv4 address it is', () => {
    expect(keyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('gives two addresses of one /64 one key and an address of another /64 another', () => {
    const first = keyOf('2001:db8:1:2:aaaa::1');
    expect(keyOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(first);
    expect(keyOf('2001:db8:1:3::1')).not.toBe(first);
  });

  it('overwrites whatever the client sent in the header', () => {
    expect(keyOf('203.0.113.9')).not.toBe('forged');
  });

  it('keys every address exactly as viewerGroup does (the local gateway and the Lambdas)', () => {
    const cases = [
      '198.51.100.7',
      '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd',
      '2001:db8:1:2::9',
      '::ffff:198.51.100.7',
      '::1',
      '::',
      '1::',
      '::1.2.3.4',
      '[2001:db8:1:2::9]',
      '2001:db8::1%eth0',
      '1:2:3',
      '1::2::3',
      ...addresses(2_000),
    ];
    for (const address of cases) expect(keyOf(address), address).toBe(viewerGroup(address));
  });
});
