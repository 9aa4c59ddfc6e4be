import { runInNewContext } from 'node:vm';
import { VIEWER_IP_HEADER } from '../constructs/api-firewall';

interface EdgeRequest {
  readonly uri: string;
  readonly headers: Record<string, { value: string }>;
}
type Handler = (event: { viewer: { ip: string }; request: EdgeRequest }) => EdgeRequest;

const compiled = new Map<string, Handler>();

/**
 * A viewer-request function's source, run in a context of its own (no Node globals), as CloudFront runs it; once
 * per source (the function keeps no state between requests: every variable is local to a call).
 */
function edgeFunction(source: string): Handler {
  let handler = compiled.get(source);
  if (!handler) {
    handler = runInNewContext(`${source}\nhandler;`, {}) as Handler;
    compiled.set(source, handler);
  }
  return handler;
}

/** The viewer key the function sets for a viewer at `ip`, over a forged one the client sent. */
export function edgeViewerKey(source: string, ip: string): string | undefined {
  const request = edgeFunction(source)({
    viewer: { ip },
    request: { uri: '/api/tts/openai', headers: { [VIEWER_IP_HEADER]: { value: 'forged' } } },
  });
  return request.headers[VIEWER_IP_HEADER]?.value;
}
