import { describe, expect, it } from 'vitest';
import { initialConversationState, type ConversationState } from './conversation';
import { routeTranscript } from './phrase-routing';

const oneWay: ConversationState = {
  ...initialConversationState,
  status: 'recording',
  translationEnabled: true,
};
const twoWay: ConversationState = { ...oneWay, mode: 'two_way' };
const pair = { traveller: 'en', other: 'fr' };
const none = { pair: undefined, identify: undefined };
const final = (text: string, language?: string) => ({
  text,
  isFinal: true,
  ...(language ? { language } : {}),
});

describe('routeTranscript (docs/SPEC.md §4)', () => {
  it('an interim replaces the phrase being heard and is never translated', () => {
    expect(routeTranscript(oneWay, { text: 'Where', isFinal: false }, none)).toEqual({
      event: { type: 'interim_transcript', text: 'Where' },
    });
  });

  it('one-way: an eager end of turn is shown as an interim and its translation prepared unseen', () => {
    const eager = { text: 'I need a doctor', isFinal: false, eagerEndOfTurn: true };
    expect(routeTranscript(oneWay, eager, none)).toEqual({
      event: { type: 'interim_transcript', text: 'I need a doctor' },
      prepare: { text: 'I need a doctor' },
    });
  });

  it('no translation is prepared with translation off, in two-way mode, for no words, or for a plain interim', () => {
    const eager = { text: 'I need a doctor', isFinal: false, eagerEndOfTurn: true };
    expect(routeTranscript({ ...oneWay, translationEnabled: false }, eager, none).prepare).toBeUndefined();
    expect(routeTranscript(twoWay, eager, { pair, identify: undefined }).prepare).toBeUndefined();
    expect(routeTranscript(oneWay, { ...eager, text: ' ' }, none).prepare).toBeUndefined();
    expect(routeTranscript(oneWay, { ...eager, eagerEndOfTurn: false }, none).prepare).toBeUndefined();
  });

  it('one-way: a final joins the transcript and is translated into the settings language', () => {
    expect(routeTranscript(oneWay, final('Where is it?'), { pair, identify: undefined })).toEqual({
      event: { type: 'final_transcript', text: 'Where is it?' },
      say: { text: 'Where is it?' },
    });
  });

  it('with translation off a final is shown, not translated', () => {
    const route = routeTranscript({ ...oneWay, translationEnabled: false }, final('Hi.'), none);
    expect(route.say).toBeUndefined();
  });

  it('an empty final is not translated', () => {
    expect(routeTranscript(oneWay, final('  '), none).say).toBeUndefined();
  });

  it('two-way: a phrase heard in the traveller language goes to the traveller and is said in the other language', () => {
    expect(routeTranscript(twoWay, final('Where is it?', 'en'), { pair, identify: undefined })).toEqual({
      event: { type: 'final_transcript', text: 'Where is it?', side: 'traveller' },
      say: { text: 'Where is it?', outputLanguage: 'fr' },
    });
  });

  it('two-way: a phrase in the other language is said in the traveller language', () => {
    const route = routeTranscript(twoWay, final('Au bout de la rue.', 'fr'), { pair, identify: undefined });
    expect(route.event).toMatchObject({ side: 'other' });
    expect(route.say).toEqual({ text: 'Au bout de la rue.', outputLanguage: 'en' });
  });

  it('two-way: without a detected language the identifier decides', () => {
    const route = routeTranscript(twoWay, final('Bonjour'), { pair, identify: () => 'fr' });
    expect(route.event).toMatchObject({ side: 'other' });
  });

  it('two-way: the translation just read out, heard back, is passed to the reducer but never translated', () => {
    const state = { ...twoWay, lastSpoken: 'Au bout de la rue.' };
    expect(routeTranscript(state, final('au bout de la rue'), { pair, identify: undefined })).toEqual({
      event: { type: 'final_transcript', text: 'au bout de la rue' },
    });
  });

  it('two-way without a language pair behaves as one-way', () => {
    expect(routeTranscript(twoWay, final('Hi.'), none)).toEqual({
      event: { type: 'final_transcript', text: 'Hi.' },
      say: { text: 'Hi.' },
    });
  });
});
