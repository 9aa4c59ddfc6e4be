import './testing/install-awslambda-shim';
import { Readable } from 'node:stream';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import type { AdminSessionVerifier, TokenVerifier } from '../ports/identity';
import { ConflictError, RateLimitedError, notImplemented } from './errors';
import { HTTP_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { bytesReply, jsonReply, streamReply } from './reply';
import type { RouteId } from '@wayfarer/shared/api/routes';
import { createHttpRoutes, requireUser } from './route-factory';
import { invokeStreamingHandler } from './testing/streaming';
import { makeApiEvent, makeLambdaContext } from './testing/make-api-event';

const GOOD_TOKEN = 'good.token.value';

function setup() {
  const lines: string[] = [];
  const tokens: TokenVerifier = {
    verifyAccessToken: async (token) =>
      token === GOOD_TOKEN ? { sub: 'user-1', email: 'a@example.com' } : undefined,
  };
  const adminSessions: AdminSessionVerifier = {
    checkAdminSession: async (cookies) => (cookies['admin_session'] === 'yes' ? 'valid' : 'invalid'),
  };
  const logger = createLogger({ level: 'debug', sink: (line) => lines.push(line) });
  const { httpRoute, streamingRoute } = createHttpRoutes({ tokens, adminSessions, logger });
  const logs = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { httpRoute, streamingRoute, lines, logs };
}

function bodyOf(result: APIGatewayProxyResult): unknown {
  return JSON.parse(result.body);
}

const loginEvent = (overrides: Parameters<typeof makeApiEvent>[0] = {}) =>
  makeApiEvent({ method: 'POST', path: '/api/auth/login', ...overrides });

const validLogin = { email: 'traveller@example.com', password: 'Secret123!' };

describe('httpRoute: JSON bodies', () => {
  it('hands the handler the parsed, validated body and answers 200 JSON', async () => {
    const { httpRoute } = setup();
    const seen: unknown[] = [];
    const handler = httpRoute('auth.login', ({ body }) => {
      seen.push(body);
      return { token: 't', user: { email: 'traveller@example.com', subscriptionStatus: 'NONE' as const } };
    });

    const result = await handler(loginEvent({ json: validLogin }), makeLambdaContext());

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({
      token: 't',
      user: { email: 'traveller@example.com', subscriptionStatus: 'NONE' },
    });
    expect(seen).toEqual([validLogin]);
  });

  it('hands the handler the viewer address CloudFront saw as sourceIp, not the address API Gateway reports', async () => {
    const { httpRoute } = setup();
    const seen: (string | undefined)[] = [];
    const handler = httpRoute('auth.login', ({ sourceIp }) => {
      seen.push(sourceIp);
      return { token: 't', user: { email: 'traveller@example.com', subscriptionStatus: 'NONE' as const } };
    });
    await handler(
      loginEvent({
        json: validLogin,
        sourceIp: '130.176.0.10',
        headers: { 'CloudFront-Viewer-Address': '198.51.100.10:46532' },
      }),
      makeLambdaContext(),
    );
    await handler(loginEvent({ json: validLogin, sourceIp: '203.0.113.4' }), makeLambdaContext());
    expect(seen).toEqual(['198.51.100.10', '203.0.113.4']);
  });

  it('answers 400 for malformed JSON, never 5xx', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.login', notImplemented);

    const result = await handler(
      loginEvent({ body: '{"email": "a@b.c",', headers: { 'content-type': 'application/json' } }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'Request body must be valid JSON' });
  });

  it('answers 400 when the content type is not JSON', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.login', notImplemented);

    const result = await handler(
      loginEvent({ body: JSON.stringify(validLogin), headers: { 'Content-Type': 'text/plain' } }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'Content-Type must be application/json' });
  });

  it('answers 400 when a JSON body is required but empty', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.login', notImplemented);

    const result = await handler(
      loginEvent({ body: '', headers: { 'content-type': 'application/json' } }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ error: 'Request body is required' });
  });

  it('answers 422 naming the field when well-formed JSON breaks the schema', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.login', notImplemented);

    const result = await handler(
      loginEvent({ json: { email: 'not-an-email', password: 'x' } }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(422);
    expect(bodyOf(result)).toEqual({ error: 'email: Invalid email address' });
  });

  it('answers 422 for JSON that is not an object', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.login', notImplemented);

    const result = await handler(loginEvent({ json: ['a'] }), makeLambdaContext());

    expect(result.statusCode).toBe(422);
    expect((bodyOf(result) as { error: string }).error).toMatch(/expected object/);
  });

  it('accepts a JSON content type with a charset', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.login', () => jsonReply(201, { created: true }));

    const result = await handler(
      loginEvent({ json: validLogin, headers: { 'content-type': 'application/json; charset=utf-8' } }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(201);
  });
});

describe('httpRoute: body size', () => {
  it('answers 413 for a body over the route limit', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.login', notImplemented);
    const oversized = { ...validLogin, padding: 'x'.repeat(9 * 1024) };

    const result = await handler(loginEvent({ json: oversized }), makeLambdaContext());

    expect(result.statusCode).toBe(413);
    expect(bodyOf(result)).toEqual({ error: HTTP_ERROR_KEYS.payloadTooLarge });
  });

  it('counts the decoded size of a base64 body, not its encoded length', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('billing.webhook', ({ rawBody }) =>
      jsonReply(200, { received: true, bytes: rawBody?.length }),
    );
    // 200 KB of bytes is 267 KB of base64: over the 256 KB limit only if the encoding were counted.
    const underLimit = Buffer.alloc(200 * 1024, 7).toString('base64');
    const overLimit = Buffer.alloc(257 * 1024, 7).toString('base64');
    const webhookEvent = (body: string) =>
      makeApiEvent({ method: 'POST', path: '/api/stripe/webhook', body, isBase64Encoded: true });

    const accepted = await handler(webhookEvent(underLimit), makeLambdaContext());
    const rejected = await handler(webhookEvent(overLimit), makeLambdaContext());

    expect(accepted.statusCode).toBe(200);
    expect(bodyOf(accepted)).toEqual({ received: true, bytes: 200 * 1024 });
    expect(rejected.statusCode).toBe(413);
  });

  it('rejects any body on a route that takes none', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('health.check', () => ({ ok: true as const }));

    const result = await handler(makeApiEvent({ json: { unexpected: true } }), makeLambdaContext());

    expect(result.statusCode).toBe(413);
  });
});

describe('httpRoute: raw and multipart bodies', () => {
  it('keeps a raw body as the exact bytes sent', async () => {
    const { httpRoute } = setup();
    const received: Buffer[] = [];
    const handler = httpRoute('billing.webhook', ({ rawBody }) => {
      if (rawBody) received.push(rawBody);
      return { received: true as const };
    });
    const payload = '{"id":"evt_1",  "type":"x"}';

    const result = await handler(
      makeApiEvent({
        method: 'POST',
        path: '/api/stripe/webhook',
        body: payload,
        headers: { 'content-type': 'application/json' },
      }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(200);
    expect(received[0]?.toString('utf8')).toBe(payload);
  });

  it('passes a multipart upload through as bytes with its content type', async () => {
    const { httpRoute } = setup();
    const seen: { contentType?: string; bytes?: number }[] = [];
    const handler = httpRoute('vision.translateImage', ({ rawBody, contentType }) => {
      seen.push({ contentType, bytes: rawBody?.length });
      return { originalText: '', translatedText: '', prices: [] };
    });
    const multipart = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="targetLanguage"\r\n\r\nen\r\n--b--\r\n',
    );

    const result = await handler(
      makeApiEvent({
        method: 'POST',
        path: '/api/vision/translate-image',
        body: multipart.toString('base64'),
        isBase64Encoded: true,
        headers: { 'Content-Type': 'multipart/form-data; boundary=b', Authorization: `Bearer ${GOOD_TOKEN}` },
      }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(200);
    expect(seen).toEqual([{ contentType: 'multipart/form-data; boundary=b', bytes: multipart.length }]);
  });

  it('answers 400 for an upload that is not multipart', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('vision.translateImage', notImplemented);

    const result = await handler(
      makeApiEvent({
        method: 'POST',
        path: '/api/vision/translate-image',
        json: { targetLanguage: 'en' },
        headers: { Authorization: `Bearer ${GOOD_TOKEN}` },
      }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(400);
  });
});

describe('httpRoute: query and path parameters', () => {
  it('validates the query string against the route schema', async () => {
    const { httpRoute } = setup();
    const seen: unknown[] = [];
    const handler = httpRoute('analytics.stats', ({ query }) => {
      seen.push(query);
      return jsonReply(200, {});
    });
    const statsEvent = (days: string) =>
      makeApiEvent({
        path: '/api/analytics/stats',
        query: { days },
        headers: { Cookie: 'admin_session=yes' },
      });

    const good = await handler(statsEvent('7'), makeLambdaContext());
    // The stats route's schema checks only the shape (the analytics area answers a wrong period with 400).
    const bad = await handler(statsEvent('7'.repeat(20)), makeLambdaContext());

    expect(good.statusCode).toBe(200);
    expect(seen).toEqual([{ days: '7' }]);
    expect(bad.statusCode).toBe(422);
    expect(bodyOf(bad)).toMatchObject({ error: expect.stringMatching(/^days: /) });
  });

  it('answers 404 for a path parameter naming nothing that exists (an unknown TTS provider)', async () => {
    const { streamingRoute } = setup();
    const handler = streamingRoute('tts.speak', notImplemented);

    const response = await invokeStreamingHandler(
      handler,
      makeApiEvent({
        method: 'POST',
        path: '/api/tts/nobody',
        pathParameters: { provider: 'nobody' },
        json: { text: 'hello', language: 'en', gender: 'female' },
      }),
    );

    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({ error: HTTP_ERROR_KEYS.notFound });
  });
});

describe('httpRoute: authentication', () => {
  const keyEvent = (headers: Record<string, string> = {}) =>
    makeApiEvent({ method: 'POST', path: '/api/speech/ticket', headers });
  const meEvent = (headers: Record<string, string> = {}) => makeApiEvent({ path: '/api/auth/me', headers });

  it('treats a caller without a token as anonymous on an optional route', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('speech.ticket', ({ auth }) => jsonReply(200, { kind: auth.kind }));

    const result = await handler(keyEvent(), makeLambdaContext());

    expect(bodyOf(result)).toEqual({ kind: 'anonymous' });
  });

  it('identifies a caller with a valid token', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.me', ({ auth }) => {
      const user = requireUser(auth);
      return { email: user.email ?? '', subscriptionStatus: 'NONE' as const, sub: user.sub };
    });

    const result = await handler(meEvent({ authorization: `Bearer ${GOOD_TOKEN}` }), makeLambdaContext());

    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ sub: 'user-1' });
  });

  it('answers 401 without a token on a required route', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.me', notImplemented);

    const result = await handler(meEvent(), makeLambdaContext());

    expect(result.statusCode).toBe(401);
    expect(bodyOf(result)).toEqual({ error: 'error_unauthorized' });
  });

  it('answers 401 for a token that fails verification, even where anonymous calls are allowed', async () => {
    const { httpRoute } = setup();
    const optional = httpRoute('speech.ticket', notImplemented);
    const required = httpRoute('auth.me', notImplemented);

    const results = await Promise.all([
      optional(keyEvent({ Authorization: 'Bearer forged' }), makeLambdaContext()),
      optional(keyEvent({ Authorization: 'Basic dXNlcjpwYXNz' }), makeLambdaContext()),
      required(meEvent({ Authorization: 'Bearer forged' }), makeLambdaContext()),
    ]);

    expect(results.map((result) => result.statusCode)).toEqual([401, 401, 401]);
  });

  it('reads no token on a route without auth', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('analysis.exchangeRates', ({ auth }) => jsonReply(200, { kind: auth.kind }));

    const result = await handler(
      makeApiEvent({ path: '/api/analysis/exchange-rates', headers: { Authorization: 'Bearer forged' } }),
      makeLambdaContext(),
    );

    expect(bodyOf(result)).toEqual({ kind: 'anonymous' });
  });

  it('answers 401 on an admin route without an admin session', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('analytics.stats', notImplemented);

    const result = await handler(
      makeApiEvent({ path: '/api/analytics/stats', headers: { Cookie: 'admin_session=no' } }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(401);
  });

  it('authenticates before parsing, so an anonymous caller learns nothing about the schema', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('vision.translateImage', notImplemented);

    const result = await handler(
      makeApiEvent({ method: 'POST', path: '/api/vision/translate-image', json: { wrong: true } }),
      makeLambdaContext(),
    );

    expect(result.statusCode).toBe(401);
  });
});

describe('httpRoute: errors', () => {
  it('turns an unknown error into 500 error_server without leaking the stack, and logs the stack', async () => {
    const { httpRoute, logs } = setup();
    const handler = httpRoute('health.check', () => {
      throw new Error('database exploded at /var/task/secret-path.js');
    });

    const result = await handler(makeApiEvent(), makeLambdaContext());

    expect(result.statusCode).toBe(500);
    expect(bodyOf(result)).toEqual({ error: 'error_server' });
    expect(result.body).not.toMatch(/exploded|secret-path|at /);
    const errorLine = logs().find((line) => line['message'] === 'unhandled error');
    expect(errorLine).toMatchObject({
      level: 'error',
      routeId: 'health.check',
      errorMessage: expect.stringContaining('exploded'),
    });
    expect(errorLine?.['stack']).toEqual(expect.stringContaining('Error: database exploded'));
  });

  it('keeps the status and message of an HttpError', async () => {
    const { httpRoute } = setup();
    const conflict = httpRoute('auth.register', () => {
      throw new ConflictError();
    });
    const limited = httpRoute('auth.login', () => {
      throw new RateLimitedError('auth');
    });
    const registerEvent = makeApiEvent({
      method: 'POST',
      path: '/api/auth/register',
      json: { ...validLogin, confirmPassword: validLogin.password },
    });

    const conflictResult = await conflict(registerEvent, makeLambdaContext());
    const limitedResult = await limited(loginEvent({ json: validLogin }), makeLambdaContext());

    expect([conflictResult.statusCode, bodyOf(conflictResult)]).toEqual([409, { error: 'error_conflict' }]);
    expect([limitedResult.statusCode, bodyOf(limitedResult)]).toEqual([
      429,
      { error: 'error_rate_limit_auth' },
    ]);
  });

  it('answers 501 error_server for a route that does nothing yet', async () => {
    const { httpRoute } = setup();
    const handler = httpRoute('auth.login', notImplemented);

    const result = await handler(loginEvent({ json: validLogin }), makeLambdaContext());

    expect(result.statusCode).toBe(501);
    expect(bodyOf(result)).toEqual({ error: HTTP_ERROR_KEYS.server });
  });
});

describe('httpRoute: deadlines', () => {
  it("one invocation's timeout never aborts another's signal (the local gateway runs many at once in one process)", async () => {
    const { httpRoute } = setup();
    const signals: AbortSignal[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handler = httpRoute('auth.login', async ({ signal }) => {
      signals.push(signal);
      await held;
      return { token: 't', user: { email: 'traveller@example.com', subscriptionStatus: 'NONE' as const } };
    });
    const patient = handler(loginEvent({ json: validLogin }), makeLambdaContext());
    const hasty = handler(
      loginEvent({ json: validLogin }),
      makeLambdaContext({ getRemainingTimeInMillis: () => 50 }),
    );

    expect((await hasty).statusCode).toBe(503);
    expect(signals[1]?.aborted).toBe(true);
    expect(signals[0]?.aborted).toBe(false);
    release();
    expect((await patient).statusCode).toBe(200);
  });
});

describe('httpRoute: headers and logs', () => {
  const expectSecurityHeaders = (headers: Record<string, unknown> | undefined) => {
    expect(headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'x-request-id': 'req-123',
    });
  };

  it('sets the security headers and echoes the request id on success and on error', async () => {
    const { httpRoute } = setup();
    const healthy = httpRoute('health.check', () => ({ ok: true as const }));
    const failing = httpRoute('health.check', () => {
      throw new Error('boom');
    });

    const ok = await healthy(makeApiEvent({ requestId: 'req-123' }), makeLambdaContext());
    const failed = await failing(makeApiEvent({ requestId: 'req-123' }), makeLambdaContext());
    const invalid = await httpRoute('auth.login', notImplemented)(
      loginEvent({ requestId: 'req-123', body: '{', headers: { 'content-type': 'application/json' } }),
      makeLambdaContext(),
    );

    expectSecurityHeaders(ok.headers);
    expectSecurityHeaders(failed.headers);
    expectSecurityHeaders(invalid.headers);
  });

  it('writes one access line per request with route, status, duration and request id', async () => {
    const { httpRoute, logs } = setup();
    const handler = httpRoute('health.check', () => ({ ok: true as const }));

    await handler(makeApiEvent({ requestId: 'req-a' }), makeLambdaContext());
    await handler(makeApiEvent({ requestId: 'req-b' }), makeLambdaContext());

    const access = logs().filter((line) => line['message'] === 'request');
    expect(access).toHaveLength(2);
    expect(access[0]).toMatchObject({
      level: 'info',
      routeId: 'health.check',
      status: 200,
      requestId: 'req-a',
      coldStart: true,
    });
    expect(access[0]?.['durationMs']).toEqual(expect.any(Number));
    expect(access[1]).toMatchObject({ requestId: 'req-b', coldStart: false });
  });

  it('never logs bodies, tokens or query strings', async () => {
    const { httpRoute, lines } = setup();
    const secretPassword = 'Sup3r$ecretPassw0rd';
    const login = httpRoute('auth.login', () => {
      throw new Error('fails after reading the body');
    });
    const stats = httpRoute('analytics.stats', notImplemented);

    await login(
      loginEvent({
        json: { email: 'private.person@example.com', password: secretPassword },
        headers: { Authorization: `Bearer ${GOOD_TOKEN}` },
      }),
      makeLambdaContext(),
    );
    await login(
      loginEvent({
        body: `{"password":"${secretPassword}"`,
        headers: { 'content-type': 'application/json' },
      }),
      makeLambdaContext(),
    );
    await stats(
      makeApiEvent({
        path: '/api/analytics/stats',
        query: { days: '7', token: 'query-secret' },
        headers: { Cookie: 'admin_session=yes' },
      }),
      makeLambdaContext(),
    );

    const everything = lines.join('\n');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const secret of [secretPassword, 'private.person', GOOD_TOKEN, 'query-secret', 'admin_session']) {
      expect(everything).not.toContain(secret);
    }
  });
});

describe('streamingRoute', () => {
  it('streams the body with its status and headers', async () => {
    const { streamingRoute } = setup();
    const handler = streamingRoute('translate.stream', ({ body }) => {
      const chunks = ['0:"Hola"\n', '0:" mundo"\n'];
      expect(body).toEqual({ messages: [{ role: 'user', content: 'Hello world' }], outputLanguage: 'es' });
      return streamReply(Readable.from(chunks), 'text/plain; charset=utf-8');
    });

    const response = await invokeStreamingHandler(
      handler,
      makeApiEvent({
        method: 'POST',
        path: '/api/translate',
        requestId: 'req-123',
        json: { messages: [{ role: 'user', content: 'Hello world' }], outputLanguage: 'es' },
      }),
    );

    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'x-request-id': 'req-123',
    });
    expect(response.body.toString('utf8')).toBe('0:"Hola"\n0:" mundo"\n');
  });

  it('answers {error} JSON for a failure before the stream starts', async () => {
    const { streamingRoute } = setup();
    const handler = streamingRoute('translate.stream', notImplemented);
    const translateEvent = (body: string) =>
      makeApiEvent({
        method: 'POST',
        path: '/api/translate',
        body,
        headers: { 'content-type': 'application/json' },
      });

    const malformed = await invokeStreamingHandler(handler, translateEvent('{nope'));
    const invalid = await invokeStreamingHandler(
      handler,
      translateEvent('{"messages":[],"outputLanguage":"es"}'),
    );
    const unimplemented = await invokeStreamingHandler(
      handler,
      translateEvent('{"messages":[{"role":"user","content":"hi"}],"outputLanguage":"es"}'),
    );

    expect(malformed.statusCode).toBe(400);
    expect(invalid.statusCode).toBe(422);
    expect(JSON.parse(invalid.body.toString('utf8')).error).toMatch(/^messages: /);
    expect(unimplemented.statusCode).toBe(501);
    expect(JSON.parse(unimplemented.body.toString('utf8'))).toEqual({ error: HTTP_ERROR_KEYS.server });
    expect(unimplemented.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-frame-options': 'DENY',
    });
  });

  it('streams a bytes reply as raw bytes, with its cookies in the prelude', async () => {
    const { streamingRoute } = setup();
    const audio = Buffer.from([0, 1, 2, 250, 251, 252]);
    const handler = streamingRoute('tts.speak', () =>
      bytesReply(audio, 'audio/mpeg', { cookies: ['a=b; Path=/'] }),
    );

    const response = await invokeStreamingHandler(
      handler,
      makeApiEvent({
        method: 'POST',
        path: '/api/tts/openai',
        pathParameters: { provider: 'openai' },
        json: { text: 'hello', language: 'en', gender: 'female' },
      }),
    );

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/mpeg');
    expect(response.cookies).toEqual(['a=b; Path=/']);
    expect(response.body.equals(audio)).toBe(true);
  });

  it.each([
    [
      'a client that hangs up is logged as a cancellation',
      'ECONNRESET',
      'info',
      'stream cancelled by the client',
    ],
    ['a stream that breaks for any other reason is logged as a failure', undefined, 'error', 'stream failed'],
  ])('%s', async (_rule, code, level, message) => {
    const { streamingRoute, logs } = setup();
    const body = new Readable({ read() {} });
    const handler = streamingRoute('translate.stream', () => streamReply(body, 'text/plain; charset=utf-8'));
    const invoked = invokeStreamingHandler(
      handler,
      makeApiEvent({
        method: 'POST',
        path: '/api/translate',
        json: { messages: [{ role: 'user', content: 'hello' }], outputLanguage: 'fr' },
      }),
    ).catch(() => undefined);
    body.push('0:"bon"\n');
    await new Promise((resolve) => setTimeout(resolve, 10));
    body.destroy(Object.assign(new Error('gone'), code === undefined ? {} : { code }));
    await invoked;

    const entry = logs().find((line) => line.message === message);
    expect(entry).toMatchObject({ level, routeId: 'translate.stream' });
  });

  it('refuses to wire a route with the wrong builder', () => {
    const { httpRoute, streamingRoute } = setup();

    expect(() => httpRoute('translate.stream', notImplemented)).toThrow(/streamingRoute/);
    expect(() => streamingRoute('health.check', notImplemented)).toThrow(/httpRoute/);
    expect(() => httpRoute('no.such.route' as RouteId, notImplemented)).toThrow(/No route/);
  });
});
