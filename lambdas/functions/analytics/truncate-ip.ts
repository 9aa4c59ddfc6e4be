import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address; undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const start = parse(head);
  const end = tail === undefined ? [] : parse(tail);
  const missing = 8 - start.length - end.length;
  return [...start, ...Array<number>(Math.max(missing, 0)).fill(0), ...end];
}

/**
 * An address with its host part removed, as it may be stored and shown (docs/DESIGN.md §4): IPv4 keeps the
 * first three octets (203.0.113.7 -> 203.0.113.0), IPv6 its first 48 bits (the site prefix, the rest zeroed).
 * Anything unreadable becomes 'unknown' rather than being kept as it came.
 */
export function truncateIp(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0`;
  // An address with an embedded IPv4 tail (other than the mapped form above) is rare enough to drop.
  const groups = address.includes('.') ? undefined : ipv6Groups(address);
  if (groups === undefined) return 'unknown';
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(':')}::`;
}
