import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable } from '../../http/dependency-failure';
import { createDeepgramKeys, DEEPGRAM_LISTEN_URL, DeepgramKeyError } from './deepgram-keys';

interface Call {
  readonly url: string;
  readonly method: string;
  readonly authorization: string | null;
  readonly body: unknown;
}

function fakeDeepgram(answers: Record<string, () => Response>) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({
      url,
      method,
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[`${method} ${new URL(url).pathname}`];
    return answer ? answer() : new Response('{}', { status: 404 });
  };
  return { fetch, calls };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Deepgram temporary keys', () => {
  it('creates a usage-only key with the lease ttl in the key’s project, looking the project up once', async () => {
    const { fetch, calls } = fakeDeepgram({
      'GET /v1/projects': json({ projects: [{ project_id: 'proj-1', name: 'Wayfarer' }] }),
      'POST /v1/projects/proj-1/keys': json({
        api_key_id: 'k',
        key: 'temporary-secret',
        scopes: ['usage:write'],
      }),
    });
    const keys = createDeepgramKeys({ apiKey: 'main-key', fetch });

    const first = await keys.issue({
      leaseId: 'lease-1',
      subject: 'ip-abc',
      ttlSeconds: 42,
      host: 'ignored',
    });
    await keys.issue({ leaseId: 'lease-2', subject: 'ip-abc', ttlSeconds: 7 });

    expect(first).toEqual({ key: 'temporary-secret', url: DEEPGRAM_LISTEN_URL, ttlSeconds: 42 });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET https://api.deepgram.com/v1/projects',
      'POST https://api.deepgram.com/v1/projects/proj-1/keys',
      'POST https://api.deepgram.com/v1/projects/proj-1/keys',
    ]);
    expect(calls.every((call) => call.authorization === 'Token main-key')).toBe(true);
    expect(calls[1]!.body).toEqual({
      comment: 'wayfarer speech lease lease-1',
      scopes: ['usage:write'],
      time_to_live_in_seconds: 42,
    });
    // The subject (an IP hash or a user id) is ours: it is not sent to the provider.
    expect(JSON.stringify(calls)).not.toContain('ip-abc');
  });

  it('fails with the status, never the body, and retries the project lookup next time', async () => {
    let projectsAnswer = json({ err_msg: 'Invalid credentials main-key' }, 401);
    const { fetch } = fakeDeepgram({
      'GET /v1/projects': () => projectsAnswer(),
      'POST /v1/projects/proj-9/keys': json({ key: 'k2' }),
    });
    const keys = createDeepgramKeys({ apiKey: 'main-key', fetch });

    const failure = await keys
      .issue({ leaseId: 'l', subject: 's', ttlSeconds: 5 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DeepgramKeyError);
    expect((failure as Error).message).toContain('401');
    expect((failure as Error).message).not.toContain('main-key');

    projectsAnswer = json({ projects: [{ project_id: 'proj-9' }] });
    await expect(keys.issue({ leaseId: 'l', subject: 's', ttlSeconds: 5 })).resolves.toMatchObject({
      key: 'k2',
    });
  });

  it('refuses an answer without a key', async () => {
    const { fetch } = fakeDeepgram({
      'GET /v1/projects': json({ projects: [{ project_id: 'p' }] }),
      'POST /v1/projects/p/keys': json({}),
    });
    await expect(
      createDeepgramKeys({ apiKey: 'k', fetch }).issue({ leaseId: 'l', subject: 's', ttlSeconds: 5 }),
    ).rejects.toThrow(DeepgramKeyError);
  });

  it('calls the configured API and hands out the configured socket address', async () => {
    const { fetch, calls } = fakeDeepgram({
      'GET /v1/projects': json({ projects: [{ project_id: 'p' }] }),
      'POST /v1/projects/p/keys': json({ key: 'temporary' }),
    });
    const keys = createDeepgramKeys({
      apiKey: 'k',
      fetch,
      baseUrl: 'http://127.0.0.1:4100/',
      listenUrl: 'ws://127.0.0.1:4100/v1/listen',
    });
    const issued = await keys.issue({ leaseId: 'l', subject: 's', ttlSeconds: 5 });
    expect(issued.url).toBe('ws://127.0.0.1:4100/v1/listen');
    expect(calls.map((call) => call.url)).toEqual([
      'http://127.0.0.1:4100/v1/projects',
      'http://127.0.0.1:4100/v1/projects/p/keys',
    ]);
  });
});

describe('Deepgram’s key API failing', () => {
  const QUICK = { timeoutMs: 500, maxRetries: 1 };
  const issue = (keys: ReturnType<typeof createDeepgramKeys>) =>
    keys.issue({ leaseId: 'l', subject: 's', ttlSeconds: 5 }).catch((error: unknown) => error);

  it('tries a 5xx again within its budget and mints the key', async () => {
    let keyAnswers = 0;
    const { fetch, calls } = fakeDeepgram({
      'GET /v1/projects': json({ projects: [{ project_id: 'p' }] }),
      'POST /v1/projects/p/keys': () =>
        keyAnswers++ === 0 ? json({ err_code: 'X' }, 503)() : json({ key: 'k' })(),
    });
    const keys = createDeepgramKeys({ apiKey: 'k', fetch, budget: QUICK });
    await expect(keys.issue({ leaseId: 'l', subject: 's', ttlSeconds: 5 })).resolves.toMatchObject({
      key: 'k',
    });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('past its budget, a 5xx is a dependency out of reach (a 503 with Retry-After), a refusal is not', async () => {
    const down = fakeDeepgram({ 'GET /v1/projects': json({ err_code: 'INTERNAL' }, 500) });
    const failure = await issue(createDeepgramKeys({ apiKey: 'k', fetch: down.fetch, budget: QUICK }));
    expect(failure).toBeInstanceOf(DeepgramKeyError);
    expect(isDependencyUnavailable(failure)).toBe(true);
    expect(down.calls).toHaveLength(QUICK.maxRetries + 1);

    const refused = fakeDeepgram({ 'GET /v1/projects': json({ err_code: 'INVALID_AUTH' }, 401) });
    const refusal = await issue(createDeepgramKeys({ apiKey: 'k', fetch: refused.fetch, budget: QUICK }));
    expect(isDependencyUnavailable(refusal)).toBe(false);
    expect(refused.calls).toHaveLength(1);
  });

  it('an answer cut short is a dependency out of reach, never a key of nothing', async () => {
    const cut = () =>
      new Response(
        new ReadableStream({
          start: (controller) => {
            controller.enqueue(new TextEncoder().encode('{"projects":[{"pro'));
            controller.error(
              new TypeError('terminated', {
                cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
              }),
            );
          },
        }),
        { status: 200 },
      );
    const { fetch, calls } = fakeDeepgram({ 'GET /v1/projects': cut });
    const failure = await issue(createDeepgramKeys({ apiKey: 'k', fetch, budget: QUICK }));
    expect(isDependencyUnavailable(failure)).toBe(true);
    expect(calls).toHaveLength(QUICK.maxRetries + 1);
  });
});
