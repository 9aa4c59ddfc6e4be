import { describe, expect, it } from 'vitest';
import { HTTP_INTEGRATION_CONTENT_TYPE } from '@wayfarer/lambdas/http/awslambda-shim';
import { lambdaContext, PreludeParser } from './lambda-runtime';

const prelude = (value: object) => Buffer.concat([Buffer.from(JSON.stringify(value)), Buffer.alloc(8)]);

describe('PreludeParser', () => {
  it('splits the JSON prelude from the payload, even when the prelude arrives in pieces', () => {
    const bytes = Buffer.concat([prelude({ statusCode: 202, headers: { 'x-a': '1' }, cookies: ['c=1'] }), Buffer.from('body')]);
    const parser = new PreludeParser();
    const first = parser.push(bytes.subarray(0, 10), HTTP_INTEGRATION_CONTENT_TYPE);
    expect(first.head).toBeUndefined();
    expect(first.payload.length).toBe(0);
    const second = parser.push(bytes.subarray(10), HTTP_INTEGRATION_CONTENT_TYPE);
    expect(second.head).toEqual({ statusCode: 202, headers: { 'x-a': '1' }, multiValueHeaders: {}, cookies: ['c=1'] });
    expect(second.payload.toString()).toBe('body');
    expect(parser.push(Buffer.from('more'), HTTP_INTEGRATION_CONTENT_TYPE)).toEqual({ payload: Buffer.from('more') });
  });

  it('treats a stream without the integration content type as a plain 200 body', () => {
    const parser = new PreludeParser();
    const result = parser.push(Buffer.from('hello'), 'text/plain');
    expect(result.head?.statusCode).toBe(200);
    expect(result.head?.headers).toEqual({ 'content-type': 'text/plain' });
    expect(result.payload.toString()).toBe('hello');
  });

  it('settles the head at the end when the prelude came without a body', () => {
    const parser = new PreludeParser();
    parser.push(Buffer.from(JSON.stringify({ statusCode: 204 })), HTTP_INTEGRATION_CONTENT_TYPE);
    expect(parser.finish(HTTP_INTEGRATION_CONTENT_TYPE)?.statusCode).toBe(204);
    expect(new PreludeParser().finish('application/octet-stream')?.statusCode).toBe(200);
  });
});

describe('lambdaContext', () => {
  it('counts the remaining time down from the timeout', () => {
    const context = lambdaContext('translate.stream', 1_000);
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(900);
    expect(context.getRemainingTimeInMillis()).toBeLessThanOrEqual(1_000);
    expect(context.functionName).toBe('translate-stream');
    expect(context.invokedFunctionArn).toMatch(/^arn:aws:lambda:us-east-1:\d{12}:function:translate-stream$/);
  });
});
