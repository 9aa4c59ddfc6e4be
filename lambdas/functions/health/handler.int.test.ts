import { describe, expect, it } from 'vitest';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';
import { check } from './handler';

describe('GET /api/health over DynamoDB Local', () => {
  it('answers 200 {ok:true} when the table answers', async () => {
    const result = await check(makeApiEvent({ path: '/api/health' }), makeLambdaContext());

    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ ok: true });
  });
});
