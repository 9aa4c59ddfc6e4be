import { isIP } from 'node:net';
import { VIEWER_ADDRESS_HEADER } from '@wayfarer/shared/api/viewer-headers';

/**
 * The viewer's address for per-IP counters and allowances (docs/DESIGN.md §9, "Which address is the viewer's"):
 * the address in CloudFront-Viewer-Address, which only CloudFront can set on a request that reaches the API (the
 * web ACL refuses any other; the local gateway sets it from the connection), else the source address API
 * Gateway reports. The header is `address:port`, IPv6 bracketed or not.
 */
export function viewerIpOf(
  headers: Readonly<Record<string, string>>,
  sourceIp: string | undefined,
): string | undefined {
  const value = headers[VIEWER_ADDRESS_HEADER]?.trim();
  if (value) {
    const bracketed = /^\[([^\]]+)\]:\d{1,5}$/.exec(value);
    const address = bracketed ? bracketed[1] : value.replace(/:\d{1,5}$/, '');
    if (address !== undefined && isIP(address) !== 0) return address;
  }
  return sourceIp;
}
