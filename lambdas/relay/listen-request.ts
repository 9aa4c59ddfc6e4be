import type { IncomingHttpHeaders } from 'node:http';
import { SPEECH_ENCODING, SPEECH_SAMPLE_RATE_HZ, SPEECH_SOCKET_QUERY } from '@wayfarer/shared/constants';

// What the relay reads of a `/v1/listen` upgrade before it spends anything on it: the ticket, and a query it can
// meter and pass on (docs/DESIGN.md §7).

/**
 * The ticket, where Deepgram's clients put a key: the subprotocol pair `token, <ticket>` (browsers, which cannot
 * set headers) or an `Authorization: Token <ticket>` header (server-side clients, the Deepgram SDK in Node).
 */
export function ticketFrom(headers: IncomingHttpHeaders): string | undefined {
  const protocols = (headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const scheme = protocols.findIndex((part) => part === 'token' || part === 'bearer');
  if (scheme >= 0 && protocols[scheme + 1]) return protocols[scheme + 1];
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

/**
 * The listen parameters passed on to the recogniser: the ones the app sends (SPEECH_SOCKET_QUERY) and the two
 * other Deepgram options a client of the same protocol may set. Anything else (a `callback` URL, a `tag`, a
 * different encoding) is refused: the relay meters 16 kHz mono PCM16 only, where bytes are seconds exactly.
 */
const PASSED_ON = new Set<string>([...Object.keys(SPEECH_SOCKET_QUERY), 'channels', 'vad_events']);

export type ListenRequestQuery =
  { readonly ok: true; readonly query: URLSearchParams } | { readonly ok: false; readonly reason: string };

export function checkListenQuery(params: URLSearchParams): ListenRequestQuery {
  const bad = (reason: string): ListenRequestQuery => ({ ok: false, reason: `BAD_REQUEST: ${reason}` });
  if (params.get('encoding') !== SPEECH_ENCODING) return bad(`encoding must be ${SPEECH_ENCODING}`);
  if (params.get('sample_rate') !== String(SPEECH_SAMPLE_RATE_HZ))
    return bad(`sample_rate must be ${SPEECH_SAMPLE_RATE_HZ}`);
  const channels = params.get('channels');
  if (channels !== null && channels !== '1') return bad('channels must be 1');
  const query = new URLSearchParams();
  for (const [name, value] of params) {
    if (!PASSED_ON.has(name)) return bad(`${name.slice(0, 40)} is not supported`);
    query.append(name, value);
  }
  return { ok: true, query };
}
