import { describe, expect, it } from 'vitest';
import {
  conversationReducer,
  initialConversationState,
  isCaptureMuted,
  isEchoOfLastSpoken,
  phrasesFor,
  type ConversationEvent,
  type ConversationState,
} from './conversation';

function run(state: ConversationState, ...events: ConversationEvent[]): ConversationState {
  return events.reduce(conversationReducer, state);
}

const twoWay: ConversationState = {
  ...initialConversationState,
  mode: 'two_way',
  translationEnabled: true,
  status: 'recording',
};

describe('Two-way conversation', () => {
  it('each final phrase keeps the side it was attributed to', () => {
    const state = run(
      twoWay,
      { type: 'final_transcript', text: 'Where is the station?', side: 'traveller' },
      { type: 'final_transcript', text: 'Au bout de la rue.', side: 'other' },
    );
    expect(state.phrases.map((phrase) => phrase.side)).toEqual(['traveller', 'other']);
    expect(state.activeSide).toBe('other');
  });

  it('a phrase with no side goes to the side that spoke last, else the traveller', () => {
    const first = run(twoWay, { type: 'final_transcript', text: 'Hello' });
    expect(first.phrases[0]?.side).toBe('traveller');
    const after = run({ ...twoWay, activeSide: 'other' }, { type: 'final_transcript', text: 'Bonjour' });
    expect(after.phrases[0]?.side).toBe('other');
  });

  it('the transcript still holds both sides, so the analysis reads the whole conversation', () => {
    const state = run(
      twoWay,
      { type: 'final_transcript', text: 'Where is the station?', side: 'traveller' },
      { type: 'final_transcript', text: 'Au bout de la rue.', side: 'other' },
      { type: 'stop' },
    );
    expect(state.transcript).toBe('Where is the station? Au bout de la rue.');
    expect(state.analysisPromptOpen).toBe(true);
  });

  it('a finished translation belongs to the oldest phrase still waiting for one', () => {
    const state = run(
      twoWay,
      { type: 'final_transcript', text: 'Where is the station?', side: 'traveller' },
      { type: 'final_transcript', text: 'Au bout de la rue.', side: 'other' },
      { type: 'translation_finished', text: 'Où est la gare ?' },
    );
    expect(state.phrases.map((phrase) => phrase.translation)).toEqual(['Où est la gare ?', undefined]);
  });

  it('a failed translation closes its phrase, so the next translation lands on the next phrase', () => {
    const state = run(
      twoWay,
      { type: 'final_transcript', text: 'One', side: 'traveller' },
      { type: 'final_transcript', text: 'Deux', side: 'other' },
      { type: 'translation_chunk', text: 'Un' },
      { type: 'translation_failed' },
      { type: 'translation_finished', text: 'Two' },
    );
    expect(state.phrases.map((phrase) => phrase.translation)).toEqual(['Un', 'Two']);
  });

  it('each reader sees their own words and the translation of the other side’s', () => {
    const state = run(
      twoWay,
      { type: 'final_transcript', text: 'Where is the station?', side: 'traveller' },
      { type: 'translation_finished', text: 'Où est la gare ?' },
      { type: 'audio_ended' },
      { type: 'final_transcript', text: 'Au bout de la rue.', side: 'other' },
      { type: 'translation_chunk', text: 'At the end' },
    );
    expect(phrasesFor(state, 'traveller')).toEqual({
      own: 'Where is the station?',
      translated: 'At the end',
    });
    expect(phrasesFor(state, 'other')).toEqual({ own: 'Au bout de la rue.', translated: 'Où est la gare ?' });
  });

  it('echo guard: a phrase that is the translation just read out is dropped', () => {
    const spoken = run(
      twoWay,
      { type: 'final_transcript', text: 'Where is the station?', side: 'traveller' },
      { type: 'translation_finished', text: 'Où est la gare ?' },
      { type: 'audio_ended' },
    );
    expect(isEchoOfLastSpoken(spoken, 'où est la gare')).toBe(true);
    const heardBack = run(spoken, { type: 'final_transcript', text: 'Où est la gare', side: 'other' });
    expect(heardBack.phrases).toHaveLength(1);
    expect(heardBack.transcript).toBe('Where is the station?');
    expect(
      run(spoken, { type: 'final_transcript', text: 'La gare est loin.', side: 'other' }).phrases,
    ).toHaveLength(2);
  });

  it('echo guard: capture is muted while a translation is made into speech and played', () => {
    expect(isCaptureMuted({ ...twoWay, status: 'speaking' })).toBe(true);
    expect(isCaptureMuted({ ...twoWay, status: 'translating', generatingAudio: true })).toBe(true);
    expect(isCaptureMuted({ ...twoWay, status: 'recording' })).toBe(false);
    expect(isCaptureMuted({ ...twoWay, mode: 'one_way', status: 'speaking' })).toBe(false);
  });

  it('one-way mode records no sides and drops nothing as an echo', () => {
    const state = run(
      { ...twoWay, mode: 'one_way', lastSpoken: 'Où est la gare ?' },
      { type: 'final_transcript', text: 'Où est la gare', side: 'other' },
    );
    expect(state.phrases).toEqual([]);
    expect(state.transcript).toBe('Où est la gare');
  });

  it('the mode changes only while no conversation runs, and starts a clean page', () => {
    expect(run(twoWay, { type: 'mode_changed', mode: 'one_way' })).toBe(twoWay);
    const stopped = {
      ...twoWay,
      status: 'stopped' as const,
      transcript: 'x',
      phrases: [{ side: 'other' as const, text: 'x' }],
    };
    expect(run(stopped, { type: 'mode_changed', mode: 'one_way' })).toMatchObject({
      mode: 'one_way',
      transcript: '',
      phrases: [],
    });
  });

  it('start and clear empty the sides with the texts', () => {
    const talked = run(twoWay, { type: 'final_transcript', text: 'Hi', side: 'traveller' }, { type: 'stop' });
    for (const event of [{ type: 'start' }, { type: 'clear' }] as const) {
      expect(run(talked, event)).toMatchObject({ phrases: [], activeSide: null, lastSpoken: '' });
    }
  });
});
