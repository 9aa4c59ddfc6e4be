import { describe, expect, it } from 'vitest';
import { VIEWER_COUNTRY_HEADER } from '@wayfarer/shared/api/viewer-headers';
import { loadConfig } from '../../config';
import { makeApiEvent, makeLambdaContext } from '../../http/testing/make-api-event';
import { capabilityStates } from '../../providers';
import { country } from './handler';

const countryOf = async (headers: Record<string, string>) => {
  const result = await country(makeApiEvent({ path: '/api/geo/country', headers }), makeLambdaContext());
  return { status: result.statusCode, body: JSON.parse(result.body) as unknown };
};

describe('GET /api/geo/country', () => {
  it('answers the country CloudFront reports in CloudFront-Viewer-Country', async () => {
    expect(await countryOf({ 'CloudFront-Viewer-Country': 'FR' })).toEqual({
      status: 200,
      body: { country: 'FR' },
    });
  });

  it('reads the header by the one constant the distribution forwards (infra/aws web stack), whatever its case', async () => {
    expect(await countryOf({ [VIEWER_COUNTRY_HEADER]: 'pt' })).toEqual({
      status: 200,
      body: { country: 'PT' },
    });
    expect(await countryOf({ [VIEWER_COUNTRY_HEADER.toUpperCase()]: 'JP' })).toEqual({
      status: 200,
      body: { country: 'JP' },
    });
  });

  it('answers null without the header, or with a value that is not a country code', async () => {
    expect(await countryOf({})).toEqual({ status: 200, body: { country: null } });
    expect(await countryOf({ 'CloudFront-Viewer-Country': 'France' })).toEqual({
      status: 200,
      body: { country: null },
    });
  });
});

describe('capability states (GET /api/capabilities and the local banner)', () => {
  it('says translation is unavailable with no OpenAI-compatible server: no embedded translator exists', () => {
    expect(capabilityStates(loadConfig({})).translate).toBe('unavailable');
    expect(
      capabilityStates(loadConfig({ TRANSLATE_ENGINE: 'embedded', OPENAI_API_KEY: 'k' })).translate,
    ).toBe('unavailable');
  });

  it('says translation is on the cloud once a server and a model are configured, and not before the model', () => {
    const server = { OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' };
    expect(capabilityStates(loadConfig(server)).translate).toBe('unavailable');
    expect(capabilityStates(loadConfig({ ...server, OPENAI_MODEL_TRANSLATE: 'm' })).translate).toBe('cloud');
  });

  it('says cloud speech is available with a Deepgram key, or an OpenAI key and a speech model', () => {
    expect(capabilityStates(loadConfig({ DEEPGRAM_API_KEY: 'k' })).tts).toBe('cloud');
    expect(capabilityStates(loadConfig({ OPENAI_API_KEY: 'k' })).tts).toBe('unavailable');
    expect(capabilityStates(loadConfig({ OPENAI_API_KEY: 'k', OPENAI_MODEL_TTS: 'm' })).tts).toBe('cloud');
  });

  it('says an embedded engine nobody registered here (a Lambda) is unavailable', () => {
    expect(capabilityStates(loadConfig({})).tts).toBe('unavailable');
  });

  it('says speech-to-text is cloud with a Deepgram key, and the embedded recogniser unavailable in a Lambda', () => {
    expect(capabilityStates(loadConfig({ DEEPGRAM_API_KEY: 'k' })).stt).toBe('cloud');
    expect(capabilityStates(loadConfig({})).stt).toBe('unavailable');
  });
});
