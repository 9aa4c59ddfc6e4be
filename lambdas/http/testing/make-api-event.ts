import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { callerIdentity } from '../caller-identity';

export interface ApiEventOptions {
  readonly method?: string;
  readonly path?: string;
  /** Sent as JSON with `content-type: application/json` unless `body` or a content type is given. */
  readonly json?: unknown;
  /** A raw body string (already base64 when isBase64Encoded). */
  readonly body?: string | null;
  readonly isBase64Encoded?: boolean;
  readonly headers?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly pathParameters?: Record<string, string>;
  readonly requestId?: string;
  readonly sourceIp?: string;
}

/** A REST API (v1) proxy event as API Gateway or the local gateway delivers it, for invoking handlers directly. */
export function makeApiEvent(options: ApiEventOptions = {}): APIGatewayProxyEvent {
  const method = options.method ?? 'GET';
  const path = options.path ?? '/api/health';
  const headers: Record<string, string> = { ...options.headers };
  let body = options.body ?? null;
  if (options.json !== undefined && options.body === undefined) {
    body = JSON.stringify(options.json);
    const hasContentType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (!hasContentType) headers['Content-Type'] = 'application/json';
  }
  const requestId = options.requestId ?? 'test-request-id';
  return {
    resource: path,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: options.query
      ? Object.fromEntries(Object.entries(options.query).map(([name, value]) => [name, [value]]))
      : null,
    pathParameters: options.pathParameters ?? null,
    stageVariables: null,
    body,
    isBase64Encoded: options.isBase64Encoded ?? false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: method,
      identity: callerIdentity(options.sourceIp ?? '203.0.113.7', 'vitest'),
      path,
      stage: 'test',
      requestId,
      requestTimeEpoch: Date.now(),
      resourceId: 'test',
      resourcePath: path,
    },
  };
}

/** A Lambda context with no deadline (middy's early timeout stays off). */
export function makeLambdaContext(overrides: Partial<Context> = {}): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'test',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test',
    memoryLimitInMB: '256',
    awsRequestId: 'test-aws-request-id',
    logGroupName: '/aws/lambda/test',
    logStreamName: 'test',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
    ...overrides,
  };
}
