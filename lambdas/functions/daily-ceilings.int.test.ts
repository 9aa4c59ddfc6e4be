import '../http/testing/install-awslambda-shim';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TTS_CHARS } from '@wayfarer/shared/api/voice-output';
import { ANALYSIS_CALL_MIN_CHARACTERS, DAILY_CEILINGS } from '@wayfarer/shared/constants';
import { DAILY_LIMIT_KEYS } from '@wayfarer/shared/domain/error-keys';
import { translatedCharactersKey, userProfileKey } from '../adapters/aws/table';
import { getConfig } from '../config';
import { usageDay } from '../domain/allowance';
import { usageSubject } from '../domain/usage-subject';
import { makeApiEvent, makeLambdaContext } from '../http/testing/make-api-event';
import { invokeStreamingHandler } from '../http/testing/streaming';
import { getTable, resetProviders } from '../providers';
import { callApi, claimsOf, GOOD_PASSWORD, localCloudUrl, uniqueEmail } from '../testing/local-cloud-api';
import { startOpenAiCompatibleServer, type FakeOpenAiServer } from '../testing/openai-compatible-server';
import * as analysis from './analysis/handler';
import { stream } from './translate/handler';
import { speak } from './tts/handler';

// The daily ceilings of translation, speech synthesis and analysis (DAILY_CEILINGS) over DynamoDB Local: the real handlers,
// their signed counters, and the real openai SDK against the OpenAI-compatible test server. The handlers run in
// this worker, so their provider is this file's own; the shared cloud issues the tokens. Photo translation's
// quota is tested with its handler (vision/handler.int.test.ts).

const translation = DAILY_CEILINGS.translateCharacters;
const speech = DAILY_CEILINGS.speechCharacters;
/** The longest message the schema takes (MAX_TTS_CHARS * 2). */
const MESSAGE_MAX = 4_000;

let fake: FakeOpenAiServer;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startOpenAiCompatibleServer();
  Object.assign(process.env, {
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_MODEL_TRANSLATE: 'translate-model',
    OPENAI_MODEL_TTS: 'tts-model',
    OPENAI_MODEL_ANALYSIS: 'analysis-model',
    TTS_ENGINE: 'cloud',
    ANALYSIS_ENGINE: 'cloud',
  });
  resetProviders();
});

afterAll(async () => {
  await fake.close();
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
  resetProviders();
});

/** An address of a /64 nobody else in the run uses, so each test starts with a whole day. */
const freshNetwork = () => `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

/** Messages whose text, joined by newlines as the route sends it to the engine, is `characters` long. */
function messagesOf(characters: number) {
  const lengths = [Math.min(characters, MESSAGE_MAX)];
  // Every message after the first adds its newline.
  for (let left = characters - lengths[0]!; left > 0; left -= lengths.at(-1)! + 1) {
    lengths.push(Math.min(left - 1, MESSAGE_MAX));
  }
  return lengths.map((length) => ({ role: 'user' as const, content: 'a'.repeat(length) }));
}

async function translate(characters: number, caller: { sourceIp: string; token?: string }) {
  const response = await invokeStreamingHandler(
    stream,
    makeApiEvent({
      method: 'POST',
      path: '/api/translate',
      sourceIp: caller.sourceIp,
      headers: caller.token === undefined ? {} : { authorization: `Bearer ${caller.token}` },
      json: { messages: messagesOf(characters), outputLanguage: 'es' },
    }),
  );
  const body = response.body.toString('utf8');
  return { status: response.statusCode, error: response.statusCode === 200 ? undefined : JSON.parse(body) };
}

const chatRequests = () => fake.requests.filter((request) => request.url === '/v1/chat/completions').length;

describe('daily translation ceiling', () => {
  it('refuses an anonymous viewer past its ceiling with 429 error_daily_text_limit, before the provider is called', async () => {
    const sourceIp = `${freshNetwork()}::1`;
    expect((await translate(translation.anonymous - 10, { sourceIp })).status).toBe(200);
    expect((await translate(10, { sourceIp })).status).toBe(200);
    const before = chatRequests();
    const refused = await translate(1, { sourceIp });
    expect(refused).toEqual({ status: 429, error: { error: DAILY_LIMIT_KEYS.text } });
    expect(chatRequests()).toBe(before);
  });

  it('counts a viewer group: addresses rotating inside one /64 share it, another /64 is served', async () => {
    const network = freshNetwork();
    expect((await translate(translation.anonymous, { sourceIp: `${network}::1` })).status).toBe(200);
    for (const sourceIp of [`${network}::2`, `${network}:ffff::1`, `${network}:abcd:1234:5678:9abc`]) {
      expect((await translate(1, { sourceIp })).status).toBe(429);
    }
    expect((await translate(1, { sourceIp: `${freshNetwork()}::1` })).status).toBe(200);
  });

  it('lets parallel calls take no more than the ceiling', async () => {
    const sourceIp = `${freshNetwork()}::1`;
    const size = translation.anonymous / 9;
    const results = await Promise.all(Array.from({ length: 14 }, () => translate(size, { sourceIp })));
    expect(results.filter((result) => result.status === 200)).toHaveLength(9);
    expect(results.filter((result) => result.status === 429)).toHaveLength(5);
  });

  it('keeps no text in the table: a count of characters per subject and day, gone the day after', async () => {
    const sourceIp = '198.18.77.1';
    await translate(123, { sourceIp });
    const table = await getTable();
    const subject = usageSubject({ kind: 'anonymous', sourceIp }, (await getConfig()).IP_HASH_SECRET);
    const item = await table.get(translatedCharactersKey(subject, usageDay(new Date())), {
      consistent: true,
    });
    expect(item?.['count']).toBe(123);
    expect(Number(item?.['expiresAt'])).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.stringify(item)).not.toMatch(/aaa|198\.18/);
  });

  it("counts a signed-in caller by account, with the free ceiling; a subscriber's is larger", async () => {
    const registered = await callApi(localCloudUrl(), 'POST', '/api/auth/register', {
      json: { email: uniqueEmail('ceiling'), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
    });
    const { token } = registered.body as { token: string };
    // Calls from anywhere count against the one account.
    const from = () => ({ sourceIp: `${freshNetwork()}::1`, token });
    for (let used = 0; used < translation.user; used += translation.anonymous) {
      expect((await translate(translation.anonymous, from())).status).toBe(200);
    }
    expect(await translate(1, from())).toEqual({ status: 429, error: { error: DAILY_LIMIT_KEYS.text } });

    const table = await getTable();
    const sub = String(claimsOf(token)['sub']);
    const profile = await table.get(userProfileKey(sub), { consistent: true });
    await table.put({ ...profile!, ...userProfileKey(sub), subscriptionStatus: 'ACTIVE' });
    expect((await translate(translation.anonymous, from())).status).toBe(200);
    expect(translation.subscriber).toBeGreaterThan(translation.user + translation.anonymous);
  });
});

/** A new free account, signed in: its token and sub. */
async function freeAccount(label: string) {
  const registered = await callApi(localCloudUrl(), 'POST', '/api/auth/register', {
    json: { email: uniqueEmail(label), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
  });
  const { token } = registered.body as { token: string };
  return { token, sub: String(claimsOf(token)['sub']) };
}

async function subscribe(sub: string) {
  const table = await getTable();
  const profile = await table.get(userProfileKey(sub), { consistent: true });
  await table.put({ ...profile!, ...userProfileKey(sub), subscriptionStatus: 'ACTIVE' });
}

describe("daily translation ceiling of a viewer group's free accounts", () => {
  it('refuses free accounts calling from one /64 once together they pass accountsOfViewerGroup, each under its own ceiling; another /64 and a subscriber are served', async () => {
    const network = freshNetwork();
    const accounts = [await freeAccount('pool-a'), await freeAccount('pool-b'), await freeAccount('pool-c')];
    const size = translation.anonymous;
    const calls = translation.accountsOfViewerGroup / size;
    // Round robin, each call from another address of the /64: every account ends well under its own ceiling.
    for (let call = 0; call < calls; call += 1) {
      const { token } = accounts[call % accounts.length]!;
      expect(
        (await translate(size, { sourceIp: `${network}::${(call + 1).toString(16)}`, token })).status,
      ).toBe(200);
    }
    expect(Math.ceil(calls / accounts.length) * size).toBeLessThan(translation.user);

    const last = accounts[2]!;
    const before = chatRequests();
    expect(await translate(1, { sourceIp: `${network}:ffff::1`, token: last.token })).toEqual({
      status: 429,
      error: { error: DAILY_LIMIT_KEYS.text },
    });
    expect(chatRequests()).toBe(before);

    // The same free account from another /64 has that group's pool.
    expect((await translate(1, { sourceIp: `${freshNetwork()}::1`, token: last.token })).status).toBe(200);
    // A subscriber is exempt from the pool.
    await subscribe(last.sub);
    expect((await translate(size, { sourceIp: `${network}:ffff::1`, token: last.token })).status).toBe(200);
  });
});

async function synthesise(characters: number, sourceIp: string, token?: string) {
  const response = await invokeStreamingHandler(
    speak,
    makeApiEvent({
      method: 'POST',
      path: '/api/tts/openai',
      pathParameters: { provider: 'openai' },
      sourceIp,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      json: { text: 'a'.repeat(characters), language: 'en', gender: 'female' },
    }),
  );
  const body = response.statusCode === 200 ? undefined : JSON.parse(response.body.toString('utf8'));
  return { status: response.statusCode, body };
}

const speechRequests = () => fake.requests.filter((request) => request.url === '/v1/audio/speech').length;

describe('daily speech synthesis ceiling', () => {
  it('refuses a viewer group past its ceiling with 429 error_daily_text_limit, before the provider is called, and serves another /64', async () => {
    const network = freshNetwork();
    // Each call from another address of the same /64.
    for (let used = 0, host = 1; used < speech.anonymous; used += MAX_TTS_CHARS, host += 1) {
      const size = Math.min(MAX_TTS_CHARS, speech.anonymous - used);
      expect((await synthesise(size, `${network}::${host.toString(16)}`)).status).toBe(200);
    }
    const before = speechRequests();
    expect(await synthesise(1, `${network}:ffff::1`)).toEqual({
      status: 429,
      body: { error: DAILY_LIMIT_KEYS.text },
    });
    expect(speechRequests()).toBe(before);
    expect((await synthesise(1, `${freshNetwork()}::1`)).status).toBe(200);
  });

  it('lets parallel calls take no more than the ceiling', async () => {
    const sourceIp = `${freshNetwork()}::1`;
    const size = speech.anonymous / 10;
    const results = await Promise.all(Array.from({ length: 13 }, () => synthesise(size, sourceIp)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(10);
    expect(results.filter((result) => result.status === 429)).toHaveLength(3);
  });
});

describe("daily speech synthesis ceiling of a viewer group's free accounts", () => {
  it('refuses free accounts calling from one /64 once together they pass accountsOfViewerGroup; another /64 is served', async () => {
    const network = freshNetwork();
    const accounts = [
      await freeAccount('spoken-a'),
      await freeAccount('spoken-b'),
      await freeAccount('spoken-c'),
    ];
    const calls = speech.accountsOfViewerGroup / MAX_TTS_CHARS;
    for (let call = 0; call < calls; call += 1) {
      const { token } = accounts[call % accounts.length]!;
      expect((await synthesise(MAX_TTS_CHARS, `${network}::${(call + 1).toString(16)}`, token)).status).toBe(
        200,
      );
    }
    expect(Math.ceil(calls / accounts.length) * MAX_TTS_CHARS).toBeLessThan(speech.user);
    const { token } = accounts[0]!;
    const before = speechRequests();
    expect(await synthesise(1, `${network}:ffff::1`, token)).toEqual({
      status: 429,
      body: { error: DAILY_LIMIT_KEYS.text },
    });
    expect(speechRequests()).toBe(before);
    expect((await synthesise(1, `${freshNetwork()}::1`, token)).status).toBe(200);
  });
});

const analysed = DAILY_CEILINGS.analysisCharacters;

type AnalysisKind = 'emergency' | 'locations' | 'prices';

async function analyse(kind: AnalysisKind, characters: number, caller: { sourceIp: string; token?: string }) {
  const result = await analysis[kind](
    makeApiEvent({
      method: 'POST',
      path: `/api/analysis/${kind}`,
      sourceIp: caller.sourceIp,
      headers: caller.token === undefined ? {} : { authorization: `Bearer ${caller.token}` },
      json: { text: 'a'.repeat(characters), targetCurrency: 'USD' },
    }),
    makeLambdaContext(),
  );
  return { status: result.statusCode, body: JSON.parse(result.body) as unknown };
}

/** Served means the analyser was asked: the test server's replies are no analysis, so a served call may be a 503. */
const served = (answer: { status: number }) => answer.status !== 429;

describe('daily analysis ceiling', () => {
  it('refuses an anonymous viewer past its ceiling with 429 error_daily_analysis_limit on every kind, before the provider is called', async () => {
    const sourceIp = `${freshNetwork()}::1`;
    // Each call of a run charges the text: three kinds on the same 20,000 characters, and again.
    let used = 0;
    for (const kind of ['prices', 'locations', 'emergency', 'prices'] as const) {
      const size = Math.min(20_000, analysed.anonymous - used);
      expect(served(await analyse(kind, size, { sourceIp })), kind).toBe(true);
      used += size;
    }
    expect(used).toBe(analysed.anonymous);
    const before = chatRequests();
    for (const kind of ['prices', 'locations', 'emergency'] as const) {
      expect(await analyse(kind, 1, { sourceIp })).toEqual({
        status: 429,
        body: { error: DAILY_LIMIT_KEYS.analysis },
      });
    }
    expect(chatRequests()).toBe(before);
  });

  it('counts a viewer group: addresses rotating inside one /64 share it, another /64 is served', async () => {
    const network = freshNetwork();
    for (let used = 0, host = 1; used < analysed.anonymous; used += 20_000, host += 1) {
      const size = Math.min(20_000, analysed.anonymous - used);
      expect(served(await analyse('locations', size, { sourceIp: `${network}::${host.toString(16)}` }))).toBe(
        true,
      );
    }
    expect((await analyse('emergency', 1, { sourceIp: `${network}:ffff::1` })).status).toBe(429);
    expect(served(await analyse('emergency', 1, { sourceIp: `${freshNetwork()}::1` }))).toBe(true);
  });

  it('charges each call at least ANALYSIS_CALL_MIN_CHARACTERS, so short texts cannot buy answers without end', async () => {
    const sourceIp = `${freshNetwork()}::1`;
    const calls = Math.floor(analysed.anonymous / ANALYSIS_CALL_MIN_CHARACTERS);
    // About 280 calls: eight at a time, each charged the minimum, so all of them fit and none is refused.
    for (let call = 0; call < calls; call += 8) {
      const batch = Array.from({ length: Math.min(8, calls - call) }, () =>
        analyse('emergency', 1, { sourceIp }),
      );
      expect((await Promise.all(batch)).every(served)).toBe(true);
    }
    const before = chatRequests();
    expect((await analyse('emergency', 1, { sourceIp })).status).toBe(429);
    expect(chatRequests()).toBe(before);
  });

  it('lets parallel calls take no more than the ceiling', async () => {
    const sourceIp = `${freshNetwork()}::1`;
    const size = analysed.anonymous / 6;
    const results = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        analyse(index % 2 === 0 ? 'locations' : 'emergency', size, { sourceIp }),
      ),
    );
    expect(results.filter(served)).toHaveLength(6);
    expect(results.filter((result) => result.status === 429)).toHaveLength(3);
  });

  it("counts a signed-in caller by account, with the free ceiling; a subscriber's is larger", async () => {
    const registered = await callApi(localCloudUrl(), 'POST', '/api/auth/register', {
      json: {
        email: uniqueEmail('analysis-ceiling'),
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
      },
    });
    const { token } = registered.body as { token: string };
    const from = () => ({ sourceIp: `${freshNetwork()}::1`, token });
    for (let used = 0; used < analysed.user; used += 20_000) {
      expect(served(await analyse('emergency', Math.min(20_000, analysed.user - used), from()))).toBe(true);
    }
    expect(await analyse('emergency', 1, from())).toEqual({
      status: 429,
      body: { error: DAILY_LIMIT_KEYS.analysis },
    });

    const table = await getTable();
    const sub = String(claimsOf(token)['sub']);
    const profile = await table.get(userProfileKey(sub), { consistent: true });
    await table.put({ ...profile!, ...userProfileKey(sub), subscriptionStatus: 'ACTIVE' });
    expect(served(await analyse('emergency', 20_000, from()))).toBe(true);
    expect(analysed.subscriber).toBeGreaterThan(analysed.user + 20_000);
  });
});
