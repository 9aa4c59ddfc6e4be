import type { SpeechKeys } from '../../ports/speech';
import type { RequestBudget } from './openai-client';
import { fetchWithBudget } from './provider-fetch';

/** Deepgram's live transcription socket: what the browser opens with the temporary key. */
export const DEEPGRAM_LISTEN_URL = 'wss://api.deepgram.com/v1/listen';
const DEEPGRAM_API_URL = 'https://api.deepgram.com';

/** The narrowest scope that lets a key stream audio for transcription, and nothing else. */
const TEMPORARY_KEY_SCOPES = ['usage:write'];
/**
 * Each request to the key API (a Start waits for it): 4 s for the whole answer, one retry of a connection error, a
 * timeout or a 5xx (provider-fetch.ts). A cold container makes two requests one after the other (the project, then
 * the key): 2 x (2 x 4 s + 0.5 s) = 17 s, under the speech function's 25 s (infra/aws/provider-deadlines.test.ts).
 */
export const DEEPGRAM_KEY_BUDGET: RequestBudget = { timeoutMs: 4_000, maxRetries: 1 };

export class DeepgramKeyError extends Error {
  override readonly name = 'DeepgramKeyError';
  /** Deepgram's HTTP status, when it answered: a 5xx is a dependency out of reach (a 503 to the caller). */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
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
  /** DEEPGRAM_KEY_BUDGET unless given (the fault suite shortens it). */
  readonly budget?: RequestBudget;
}): SpeechKeys {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const baseUrl = (options.baseUrl ?? DEEPGRAM_API_URL).replace(/\/+$/, '');
  const listenUrl = options.listenUrl ?? DEEPGRAM_LISTEN_URL;
  let projectId: Promise<string> | undefined;

  async function call(path: string, init: { method: string; body?: unknown }): Promise<unknown> {
    const answer = await fetchWithBudget(
      fetchFn,
      `${baseUrl}${path}`,
      {
        method: init.method,
        headers: {
          Authorization: `Token ${options.apiKey}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      options.budget ?? DEEPGRAM_KEY_BUDGET,
    );
    const what = `Deepgram ${init.method} ${path.split('/').slice(0, 3).join('/')}`;
    if (!answer.ok) {
      // The body may echo request details; the status is enough to act on and safe to log.
      throw new DeepgramKeyError(`${what} answered ${answer.status}`, answer.status);
    }
    try {
      return JSON.parse(answer.text) as unknown;
    } catch {
      throw new DeepgramKeyError(`${what} answered ${answer.status} with a body that is not JSON`);
    }
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
