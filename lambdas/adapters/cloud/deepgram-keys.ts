import type { SpeechKeys } from '../../ports/speech';

/** Deepgram's live transcription socket: what the browser opens with the temporary key. */
export const DEEPGRAM_LISTEN_URL = 'wss://api.deepgram.com/v1/listen';
const DEEPGRAM_API_URL = 'https://api.deepgram.com';

/** The narrowest scope that lets a key stream audio for transcription, and nothing else. */
const TEMPORARY_KEY_SCOPES = ['usage:write'];
const REQUEST_TIMEOUT_MS = 5000;

export class DeepgramKeyError extends Error {
  override readonly name = 'DeepgramKeyError';
}

type Fetch = typeof globalThis.fetch;

/**
 * Temporary Deepgram API keys (POST /v1/projects/{project}/keys with `time_to_live_in_seconds`), sent by the
 * browser as the `token` subprotocol. The project is the one the configured key belongs to, looked up once per
 * container. `fetch` is injectable so tests never reach the network.
 */
export function createDeepgramKeys(options: {
  readonly apiKey: string;
  readonly fetch?: Fetch;
  readonly baseUrl?: string;
  readonly listenUrl?: string;
}): SpeechKeys {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const baseUrl = (options.baseUrl ?? DEEPGRAM_API_URL).replace(/\/+$/, '');
  const listenUrl = options.listenUrl ?? DEEPGRAM_LISTEN_URL;
  let projectId: Promise<string> | undefined;

  async function call(path: string, init: { method: string; body?: unknown }): Promise<unknown> {
    const response = await fetchFn(`${baseUrl}${path}`, {
      method: init.method,
      headers: {
        Authorization: `Token ${options.apiKey}`,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      // The body may echo request details; the status is enough to act on and safe to log.
      throw new DeepgramKeyError(
        `Deepgram ${init.method} ${path.split('/').slice(0, 3).join('/')} answered ${response.status}`,
      );
    }
    return response.json();
  }

  async function lookUpProject(): Promise<string> {
    const body = (await call('/v1/projects', { method: 'GET' })) as {
      projects?: readonly { project_id?: unknown }[];
    };
    const id = body.projects?.[0]?.project_id;
    if (typeof id !== 'string' || id.length === 0) {
      throw new DeepgramKeyError('The Deepgram API key belongs to no project');
    }
    return id;
  }

  return {
    async issue({ leaseId, ttlSeconds }) {
      projectId ??= lookUpProject();
      let project: string;
      try {
        project = await projectId;
      } catch (error) {
        // Try again on the next call rather than caching a failure for the container's lifetime.
        projectId = undefined;
        throw error;
      }
      const body = (await call(`/v1/projects/${encodeURIComponent(project)}/keys`, {
        method: 'POST',
        body: {
          comment: `wayfarer speech lease ${leaseId}`,
          scopes: TEMPORARY_KEY_SCOPES,
          time_to_live_in_seconds: ttlSeconds,
        },
      })) as { key?: unknown };
      if (typeof body.key !== 'string' || body.key.length === 0) {
        throw new DeepgramKeyError('Deepgram answered without a key');
      }
      return { key: body.key, url: listenUrl, ttlSeconds };
    },
  };
}
