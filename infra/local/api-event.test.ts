import { describe, expect, it } from 'vitest';
import { fromProxyResult, InvalidProxyResultError, isBinaryContentType, normaliseIp } from './api-event';

describe('fromProxyResult', () => {
  it('merges headers and multiValueHeaders as API Gateway does, without repeating a value', () => {
    const reply = fromProxyResult({
      statusCode: 201,
      headers: { 'Content-Type': 'application/json', 'Set-Cookie': 'a=1' },
      multiValueHeaders: { 'set-cookie': ['a=1', 'b=2'] },
      body: '{"ok":true}',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.headers).toEqual({ 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
    expect(reply.body.toString()).toBe('{"ok":true}');
  });

  it('decodes a base64 body', () => {
    const reply = fromProxyResult({ statusCode: 200, body: Buffer.from([1, 2, 3]).toString('base64'), isBase64Encoded: true });
    expect([...reply.body]).toEqual([1, 2, 3]);
  });

  it('refuses what API Gateway would answer with 502', () => {
    expect(() => fromProxyResult(undefined)).toThrow(InvalidProxyResultError);
    expect(() => fromProxyResult({ statusCode: '200' })).toThrow(InvalidProxyResultError);
    expect(() => fromProxyResult({ statusCode: 200, body: { a: 1 } })).toThrow(InvalidProxyResultError);
  });
});

describe('request details', () => {
  it('reports IPv4 callers in dotted form', () => {
    expect(normaliseIp('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(normaliseIp('::1')).toBe('::1');
  });

  it('treats uploads as binary and JSON as text', () => {
    expect(isBinaryContentType('multipart/form-data; boundary=x')).toBe(true);
    expect(isBinaryContentType('image/jpeg')).toBe(true);
    expect(isBinaryContentType('application/json')).toBe(false);
    expect(isBinaryContentType(undefined)).toBe(false);
  });
});
