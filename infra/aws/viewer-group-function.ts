import { VIEWER_IP_HEADER } from './constructs/api-firewall';

/**
 * The /api/* viewer-request CloudFront function (stacks/web-stack.ts): it writes the viewer's group into
 * VIEWER_IP_HEADER over anything the client sent, and the web ACL's per-viewer rules key on that header
 * (constructs/api-firewall.ts). The group is `viewerGroup`'s (shared/api/rate-limits.ts), the rule the local
 * gateway and the Lambdas' counters use: an IPv4 address itself, an IPv6 address by its /64 (a client picks any
 * address inside its own /64 at will, and a WAF custom key is an exact string, so grouping must happen here).
 *
 * It is a copy of viewerGroup in the language CloudFront Functions run (JavaScript runtime 2.0: ES 5.1 with a few
 * later features, "JavaScript runtime 2.0 features for CloudFront Functions",
 * docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-javascript-runtime-20.html), so ES 5.1
 * only: var, function, String and Array methods of 5.1. viewer-group-function.test.ts runs this very string
 * against viewerGroup, and stacks/web-stack.test.ts checks it is the code deployed.
 */
export const VIEWER_GROUP_FUNCTION_SOURCE = `function handler(event) {
  event.request.headers['${VIEWER_IP_HEADER}'] = { value: viewerGroup(event.viewer.ip) };
  return event.request;
}

function viewerGroup(address) {
  var trimmed = String(address).trim().replace(/^\\[|\\]$/g, '');
  var mapped = /^::ffff:(\\d+\\.\\d+\\.\\d+\\.\\d+)$/i.exec(trimmed);
  if (mapped) return mapped[1];
  if (trimmed.indexOf(':') === -1) return trimmed;
  var groups = expandIpv6(trimmed.split('%')[0]);
  if (!groups) return trimmed.toLowerCase();
  return groups.slice(0, 4).join(':') + '::/64';
}

function isWholeNumber(value) {
  return typeof value === 'number' && isFinite(value) && Math.floor(value) === value;
}

function expandIpv6(address) {
  var halves = address.toLowerCase().split('::');
  if (halves.length > 2) return null;
  var head = halves[0] ? halves[0].split(':') : [];
  var tail = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  var last = tail.length > 0 ? tail : head;
  var dotted = last.length > 0 ? last[last.length - 1] : '';
  if (dotted.indexOf('.') !== -1) {
    var octets = dotted.split('.');
    if (octets.length !== 4) return null;
    var numbers = [];
    for (var i = 0; i < 4; i++) {
      var octet = Number(octets[i]);
      if (!isWholeNumber(octet) || octet < 0 || octet > 255) return null;
      numbers.push(octet);
    }
    last.splice(
      last.length - 1,
      1,
      ((numbers[0] << 8) | numbers[1]).toString(16),
      ((numbers[2] << 8) | numbers[3]).toString(16)
    );
  }
  var missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  var groups = head.slice();
  if (halves.length > 1) for (var j = 0; j < missing; j++) groups.push('0');
  groups = groups.concat(tail);
  for (var k = 0; k < groups.length; k++) {
    if (!/^[0-9a-f]{1,4}$/.test(groups[k])) return null;
    groups[k] = groups[k].replace(/^0+(?=.)/, '');
  }
  return groups;
}`;
