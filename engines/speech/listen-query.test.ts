import { describe, expect, it } from 'vitest';
import { parseListenQuery } from './listen-query';

const APP_QUERY =
  'encoding=linear16&sample_rate=16000&model=nova-3&language=multi&smart_format=true&interim_results=true' +
  '&punctuate=true&endpointing=300&utterance_end_ms=1200';

describe('parseListenQuery', () => {
  it('accepts the query the app sends (docs/DESIGN.md §7)', () => {
    expect(parseListenQuery(new URLSearchParams(APP_QUERY))).toEqual({
      ok: true,
      options: {
        interimResults: true,
        endpointingMs: 300,
        utteranceEndMs: 1200,
        vadEvents: false,
        model: 'nova-3',
      },
    });
  });

  it.each([
    ['encoding=opus&sample_rate=16000', /encoding must be linear16/],
    ['sample_rate=16000', /encoding must be linear16/],
    ['encoding=linear16&sample_rate=48000', /sample_rate must be 16000/],
    ['encoding=linear16', /sample_rate must be 16000/],
    ['encoding=linear16&sample_rate=16000&channels=2', /channels must be 1/],
    ['encoding=linear16&sample_rate=16000&endpointing=soon', /endpointing/],
    ['encoding=linear16&sample_rate=16000&utterance_end_ms=500', /utterance_end_ms/],
    ['encoding=linear16&sample_rate=16000&interim_results=yes', /interim_results/],
  ])('refuses %s', (query, reason) => {
    const parsed = parseListenQuery(new URLSearchParams(query));
    expect(parsed).toMatchObject({ ok: false, reason: expect.stringMatching(/^BAD_REQUEST: /) });
    expect(parsed).toMatchObject({ reason: expect.stringMatching(reason) });
  });

  it("uses Deepgram's defaults for what is left out", () => {
    const parsed = parseListenQuery(
      new URLSearchParams('encoding=linear16&sample_rate=16000&endpointing=false'),
    );
    expect(parsed).toMatchObject({
      ok: true,
      options: { interimResults: false, endpointingMs: false, utteranceEndMs: null },
    });
  });
});
