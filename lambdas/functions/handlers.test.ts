import '../http/testing/install-awslambda-shim';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { routes } from '@wayfarer/shared/api/routes';
import { events } from '@wayfarer/shared/events';
import { isStreamingHandler } from '../http/awslambda-shim';
import { invokeStreamingHandler, type StreamedResponse } from '../http/testing/streaming';
import { makeApiEvent, makeLambdaContext } from '../http/testing/make-api-event';

// The route table and the event catalogue name each handler by area and export; the CDK stack and the local
// gateway load exactly those. These tests keep the names and the files in step.

async function loadExport(area: string, name: string): Promise<unknown> {
  const module = (await import(`./${area}/handler.ts`)) as Record<string, unknown>;
  return module[name];
}

type JsonHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
type StreamingHandler = Parameters<typeof invokeStreamingHandler>[0];

async function invoke(
  route: (typeof routes)[number],
  event: APIGatewayProxyEvent,
): Promise<StreamedResponse> {
  const handler = await loadExport(route.handler.area, route.handler.export);
  if (route.streaming) return invokeStreamingHandler(handler as StreamingHandler, event);
  const result = await (handler as JsonHandler)(event, makeLambdaContext());
  return {
    statusCode: result.statusCode,
    headers: result.headers as Record<string, string>,
    body: Buffer.from(result.body),
  };
}

describe('handler exports', () => {
  it.each(routes.map((route) => [route.id, route] as const))(
    'route %s has its handler export',
    async (_id, route) => {
      const handler = await loadExport(route.handler.area, route.handler.export);

      expect(typeof handler).toBe('function');
      expect(isStreamingHandler(handler)).toBe(route.streaming);
    },
  );

  it.each(Object.values(events).map((event) => [event.consumer.id, event.consumer] as const))(
    'consumer %s has its handler export',
    async (_id, consumer) => {
      expect(typeof (await loadExport(consumer.area, consumer.export))).toBe('function');
    },
  );
});

describe('every JSON route runs the full http stack', () => {
  const jsonRoutes = routes.filter((route) => route.bodyKind === 'json');

  it.each(jsonRoutes.map((route) => [route.id, route] as const))(
    '%s rejects malformed JSON',
    async (_id, route) => {
      const response = await invoke(
        route,
        makeApiEvent({
          method: route.method,
          path: route.path,
          body: '{"broken": ',
          headers: { 'content-type': 'application/json' },
          pathParameters: route.id === 'tts.speak' ? { provider: 'openai' } : {},
        }),
      );

      // Until the accounts issue brings a real token verifier, routes that require a user stop at 401 first.
      expect(response.statusCode).toBe(route.auth === 'required' ? 401 : 400);
      expect(JSON.parse(response.body.toString('utf8'))).toEqual({ error: expect.any(String) });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});
