import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_STATUSES,
  conversationReducer,
  initialConversationState,
  isActive,
  isAnalysisButtonShown,
  isBusy,
  fullTranslation,
  isClearDisabled,
  isMainButtonDisabled,
  isMuteButtonShown,
  mainButtonAction,
  mainPressEffect,
  translationPhrases,
  type ConversationEvent,
  type ConversationState,
  type ConversationStatus,
} from './conversation';

function stateWith(overrides: Partial<ConversationState>): ConversationState {
  return { ...initialConversationState, ...overrides };
}

function run(state: ConversationState, ...events: ConversationEvent[]): ConversationState {
  return events.reduce(conversationReducer, state);
}

const recording = stateWith({ status: 'recording' });

describe('Start (docs/SPEC.md §4)', () => {
  it('is blocked at limit_reached', () => {
    const state = stateWith({ status: 'limit_reached', transcript: 'kept' });
    expect(run(state, { type: 'start' })).toBe(state);
  });

  it('clears old state and sets initializing', () => {
    const state = stateWith({
      status: 'stopped',
      transcript: 'old words',
      interim: 'half',
      translation: 'vieux mots',
      analysisPanelVisible: true,
      analysisPromptOpen: true,
      muted: true,
    });
    expect(run(state, { type: 'start' })).toMatchObject({
      status: 'initializing',
      transcript: '',
      interim: '',
      translation: '',
      analysisPanelVisible: false,
      analysisPromptOpen: false,
      muted: false,
    });
  });

  it('becomes recording after the start delay when the microphone answers listening', () => {
    const listening = run(
      initialConversationState,
      { type: 'start' },
      { type: 'microphone_started', result: 'listening' },
    );
    expect(listening.status).toBe('initializing');
    expect(run(listening, { type: 'start_delay_elapsed' }).status).toBe('recording');
  });

  it('stays limit_reached when the limit arrives before the start delay ends', () => {
    const state = run(
      initialConversationState,
      { type: 'start' },
      { type: 'microphone_started', result: 'listening' },
      { type: 'limit_reached' },
      { type: 'start_delay_elapsed' },
    );
    expect(state.status).toBe('limit_reached');
  });

  it.each(['permission_denied', 'error'] as const)(
    'takes the microphone answer %s as the status',
    (result) => {
      const state = run(initialConversationState, { type: 'start' }, { type: 'microphone_started', result });
      expect(state.status).toBe(result);
    },
  );
});

describe('Transcripts (docs/SPEC.md §4)', () => {
  it('a final transcript with translation off gives transcribed', () => {
    const state = run(recording, { type: 'final_transcript', text: 'Where is the station?' });
    expect(state.status).toBe('transcribed');
    expect(state.transcript).toBe('Where is the station?');
  });

  it('a final transcript with translation on gives translating', () => {
    const state = run(stateWith({ status: 'recording', translationEnabled: true }), {
      type: 'final_transcript',
      text: 'Where is the station?',
    });
    expect(state.status).toBe('translating');
  });

  it('appends phrases and replaces the interim result', () => {
    const state = run(
      recording,
      { type: 'final_transcript', text: 'One.' },
      { type: 'interim_transcript', text: 'two thr' },
    );
    expect(state).toMatchObject({ transcript: 'One.', interim: 'two thr', status: 'transcribing' });
    expect(run(state, { type: 'final_transcript', text: 'Two three.' })).toMatchObject({
      transcript: 'One. Two three.',
      interim: '',
    });
  });

  it('an empty final after an interim clears the interim text and returns to listening', () => {
    const state = run(
      recording,
      { type: 'interim_transcript', text: 'uh' },
      { type: 'final_transcript', text: ' ' },
    );
    expect(state).toMatchObject({ status: 'recording', interim: '', transcript: '' });
  });

  it('an empty final while a translation is read out changes no status', () => {
    const state = run(stateWith({ status: 'speaking', interim: 'uh' }), {
      type: 'final_transcript',
      text: '',
    });
    expect(state).toMatchObject({ status: 'speaking', interim: '' });
  });

  it('a final whose words were all translated while it was heard waits for no translation', () => {
    const heard = run(stateWith({ status: 'recording', translationEnabled: true }), {
      type: 'interim_transcript',
      text: 'We will walk for about two hours and',
    });
    const state = run(heard, {
      type: 'final_transcript',
      text: 'We will walk for about two hours',
      translated: true,
    });
    expect(state).toMatchObject({ status: 'recording', transcript: 'We will walk for about two hours' });
  });

  it.each(['stopped', 'limit_reached'] as const)('transcripts arriving in %s are ignored', (status) => {
    const state = stateWith({ status, transcript: 'kept' });
    expect(run(state, { type: 'final_transcript', text: 'late' })).toBe(state);
    expect(run(state, { type: 'interim_transcript', text: 'late' })).toBe(state);
  });
});

describe('Translation and speech (docs/SPEC.md §4)', () => {
  const translating = stateWith({ status: 'translating', translationEnabled: true, transcript: 'Hello.' });

  it('a translation with text is spoken: speaking', () => {
    const state = run(
      translating,
      { type: 'translation_started' },
      { type: 'translation_finished', text: 'Bonjour.' },
    );
    expect(state).toMatchObject({ status: 'speaking', translation: 'Bonjour.', translationInFlight: false });
  });

  it('an empty translation or an error returns to recording', () => {
    expect(run(translating, { type: 'translation_finished', text: '' }).status).toBe('recording');
    expect(run(translating, { type: 'translation_failed' }).status).toBe('recording');
  });

  it('streamed chunks are appended live to the translation being shown', () => {
    const state = run(
      stateWith({ ...translating, translation: 'Bonjour.' }),
      { type: 'translation_started' },
      { type: 'translation_chunk', text: 'Il fait ' },
      { type: 'translation_chunk', text: 'beau' },
    );
    expect(fullTranslation(state)).toBe('Bonjour. Il fait beau');
    expect(state.status).toBe('translating');
  });

  it('a finished translation replaces its draft with the whole phrase', () => {
    const state = run(
      translating,
      { type: 'translation_chunk', text: 'Bonj' },
      { type: 'translation_finished', text: 'Bonjour.' },
    );
    expect(state).toMatchObject({ translation: 'Bonjour.', translationDraft: '' });
  });

  it('a translation failing mid-stream keeps what arrived and returns to recording', () => {
    const state = run(
      translating,
      { type: 'translation_chunk', text: 'Bonj' },
      { type: 'translation_failed' },
    );
    expect(state).toMatchObject({ status: 'recording', translation: 'Bonj', translationDraft: '' });
  });

  it('chunks arriving after stop are ignored', () => {
    const stopped = run(translating, { type: 'stop' });
    expect(run(stopped, { type: 'translation_chunk', text: 'late' })).toBe(stopped);
  });

  it('the generating-audio badge shows while speech is made and never after stop', () => {
    const generating = run(translating, { type: 'audio_generating', generating: true });
    expect(generating.generatingAudio).toBe(true);
    expect(run(generating, { type: 'audio_generating', generating: false }).generatingAudio).toBe(false);
    expect(run(generating, { type: 'stop' }).generatingAudio).toBe(false);
    expect(
      run(stateWith({ status: 'stopped' }), { type: 'audio_generating', generating: true }).generatingAudio,
    ).toBe(false);
  });

  it('a next phrase heard while speaking translates, and the first clip ending does not end it', () => {
    const state = run(
      stateWith({ status: 'speaking', translationEnabled: true, translation: 'Bonjour.' }),
      { type: 'final_transcript', text: 'Thanks.' },
      { type: 'audio_ended' },
    );
    expect(state.status).toBe('translating');
  });

  it('audio ending returns speaking to recording', () => {
    expect(run(stateWith({ status: 'speaking' }), { type: 'audio_ended' }).status).toBe('recording');
    expect(run(stateWith({ status: 'stopped' }), { type: 'audio_ended' }).status).toBe('stopped');
  });
});

describe('Stop (docs/SPEC.md §4)', () => {
  it('sets stopped', () => {
    expect(run(recording, { type: 'stop' }).status).toBe('stopped');
  });

  it('keeps limit_reached', () => {
    expect(run(stateWith({ status: 'limit_reached' }), { type: 'stop' }).status).toBe('limit_reached');
  });

  it('opens the analysis prompt when there is transcript text and the panel is not visible', () => {
    expect(
      run(stateWith({ status: 'transcribed', transcript: 'Hi.' }), { type: 'stop' }).analysisPromptOpen,
    ).toBe(true);
    expect(run(recording, { type: 'stop' }).analysisPromptOpen).toBe(false);
    expect(
      run(stateWith({ status: 'transcribed', transcript: 'Hi.', analysisPanelVisible: true }), {
        type: 'stop',
      }).analysisPromptOpen,
    ).toBe(false);
  });

  it('keeps what was still being heard as transcript', () => {
    const state = run(stateWith({ status: 'transcribing', transcript: 'One.', interim: 'two' }), {
      type: 'stop',
    });
    expect(state).toMatchObject({ transcript: 'One. two', interim: '', analysisPromptOpen: true });
  });
});

describe('Finish (docs/SPEC.md §4): the last words are not lost', () => {
  const translatingOn = stateWith({ status: 'transcribing', translationEnabled: true, transcript: 'One.' });

  it('a press while active finishes: status finishing, the microphone closed, the prompt not yet open', () => {
    const state = run(translatingOn, { type: 'finish' });
    expect(state.status).toBe('finishing');
    expect(isMuteButtonShown(state)).toBe(false);
    expect(state.analysisPromptOpen).toBe(false);
  });

  it('finishing is busy, and the main button waits', () => {
    const state = stateWith({ status: 'finishing' });
    expect(isBusy(state)).toBe(true);
    expect(isMainButtonDisabled(state)).toBe(true);
    expect(isActive(state)).toBe(false);
  });

  it('a final arriving while finishing joins the transcript and stays finishing', () => {
    const state = run(translatingOn, { type: 'finish' }, { type: 'final_transcript', text: 'Two.' });
    expect(state).toMatchObject({ status: 'finishing', transcript: 'One. Two.', interim: '' });
  });

  it('its translation streams in and is kept while finishing', () => {
    const state = run(
      translatingOn,
      { type: 'finish' },
      { type: 'final_transcript', text: 'Two.' },
      { type: 'translation_started' },
      { type: 'translation_chunk', text: 'Deux.' },
      { type: 'translation_finished', text: 'Deux.' },
    );
    expect(state).toMatchObject({ status: 'finishing', translation: 'Deux.', translationInFlight: false });
  });

  it('stop after finishing sets stopped and opens the analysis prompt with the last phrase in the transcript', () => {
    const state = run(
      translatingOn,
      { type: 'finish' },
      { type: 'final_transcript', text: 'Two.' },
      { type: 'stop' },
    );
    expect(state).toMatchObject({ status: 'stopped', transcript: 'One. Two.', analysisPromptOpen: true });
  });

  it('finish at limit_reached changes nothing', () => {
    const state = stateWith({ status: 'limit_reached' });
    expect(run(state, { type: 'finish' })).toBe(state);
  });
});

describe('limit_reached (docs/SPEC.md §4)', () => {
  it('stops everything from any active status', () => {
    const state = run(stateWith({ status: 'speaking', translationInFlight: true, muted: true }), {
      type: 'limit_reached',
    });
    expect(state).toMatchObject({ status: 'limit_reached', translationInFlight: false, muted: false });
  });
});

describe('UI busy and active (docs/SPEC.md §4)', () => {
  const busy = (status: ConversationStatus) => isBusy(stateWith({ status }));
  const active = (status: ConversationStatus) => isActive(stateWith({ status }));

  it('UI is busy when initializing, translating, speaking, finishing or a translation is in flight', () => {
    expect(CONVERSATION_STATUSES.filter(busy).sort()).toEqual([
      'finishing',
      'initializing',
      'speaking',
      'translating',
    ]);
    expect(isBusy(stateWith({ status: 'recording', translationInFlight: true }))).toBe(true);
  });

  it('active in recording, transcribing, transcribed, translating, speaking or initializing', () => {
    expect(CONVERSATION_STATUSES.filter(active).sort()).toEqual(
      ['initializing', 'recording', 'speaking', 'transcribed', 'transcribing', 'translating'].sort(),
    );
  });
});

describe('Clear (docs/SPEC.md §4)', () => {
  it('empties transcript and translation and hides the analysis panel and prompt', () => {
    const state = stateWith({
      status: 'stopped',
      transcript: 'a',
      interim: 'b',
      translation: 'c',
      analysisPanelVisible: true,
      analysisPromptOpen: true,
    });
    expect(run(state, { type: 'clear' })).toMatchObject({
      status: 'stopped',
      transcript: '',
      interim: '',
      translation: '',
      analysisPanelVisible: false,
      analysisPromptOpen: false,
    });
  });

  it('is disabled while busy or when both texts are empty', () => {
    expect(isClearDisabled(stateWith({ status: 'stopped' }))).toBe(true);
    expect(isClearDisabled(stateWith({ status: 'stopped', transcript: 'a' }))).toBe(false);
    expect(isClearDisabled(stateWith({ status: 'stopped', translation: 'b' }))).toBe(false);
    expect(isClearDisabled(stateWith({ status: 'speaking', transcript: 'a' }))).toBe(true);
    expect(
      isClearDisabled(stateWith({ status: 'recording', transcript: 'a', translationInFlight: true })),
    ).toBe(true);
  });
});

describe('Main button (docs/SPEC.md §4)', () => {
  const denied = stateWith({ status: 'permission_denied' });

  it('while denied, the first press retries and the second consecutive press opens the help dialog', () => {
    expect(mainPressEffect(denied)).toBe('retry');
    const afterFirst = run(denied, { type: 'main_pressed' });
    // The retry starts again, and the microphone is denied again.
    const deniedAgain = run(
      afterFirst,
      { type: 'start' },
      { type: 'microphone_started', result: 'permission_denied' },
    );
    expect(deniedAgain.status).toBe('permission_denied');
    expect(mainPressEffect(deniedAgain)).toBe('open_help');
    expect(run(deniedAgain, { type: 'main_pressed' }).micHelpOpen).toBe(true);
  });

  it('a press in any other state resets the denied counter', () => {
    const counted = stateWith({ status: 'stopped', deniedPresses: 1 });
    expect(run(counted, { type: 'main_pressed' }).deniedPresses).toBe(0);
  });

  it('stops when active and starts otherwise', () => {
    expect(mainPressEffect(recording)).toBe('stop');
    expect(mainPressEffect(stateWith({ status: 'initializing' }))).toBe('stop');
    expect(mainPressEffect(stateWith({ status: 'stopped' }))).toBe('start');
    expect(mainPressEffect(stateWith({ status: 'error' }))).toBe('start');
  });

  it('labels: activate when denied, finish with text, stop when active and empty, start otherwise', () => {
    expect(mainButtonAction(denied)).toBe('activate');
    expect(mainButtonAction(stateWith({ status: 'transcribed', transcript: 'Hi.' }))).toBe('finish');
    expect(mainButtonAction(stateWith({ status: 'transcribing', interim: 'Hi' }))).toBe('finish');
    expect(mainButtonAction(recording)).toBe('stop');
    expect(mainButtonAction(stateWith({ status: 'stopped', transcript: 'Hi.' }))).toBe('start');
    expect(mainButtonAction(initialConversationState)).toBe('start');
  });

  it('is disabled at limit_reached, and when not active and busy, but never while denied', () => {
    expect(isMainButtonDisabled(stateWith({ status: 'limit_reached' }))).toBe(true);
    expect(isMainButtonDisabled(stateWith({ status: 'stopped', translationInFlight: true }))).toBe(true);
    expect(isMainButtonDisabled(stateWith({ status: 'permission_denied', translationInFlight: true }))).toBe(
      false,
    );
    expect(isMainButtonDisabled(stateWith({ status: 'speaking' }))).toBe(false);
    expect(isMainButtonDisabled(initialConversationState)).toBe(false);
  });

  it('the analysis button opens the panel and hides the analysis prompt', () => {
    const stopped = stateWith({ status: 'stopped', transcript: 'Hi.', analysisPromptOpen: true });
    expect(isAnalysisButtonShown(stopped)).toBe(true);
    const opened = run(stopped, { type: 'analysis_opened' });
    expect(opened).toMatchObject({ analysisPanelVisible: true, analysisPromptOpen: false });
    expect(isAnalysisButtonShown(opened)).toBe(false);
  });

  it('the analysis button shows only after stopping with a transcript', () => {
    expect(isAnalysisButtonShown(stateWith({ status: 'stopped' }))).toBe(false);
    expect(isAnalysisButtonShown(stateWith({ status: 'transcribed', transcript: 'Hi.' }))).toBe(false);
  });
});

describe('Mute', () => {
  it('toggles', () => {
    expect(run(recording, { type: 'mute_toggled' }).muted).toBe(true);
  });

  it('the button stays reachable as long as the microphone is open, between phrases too', () => {
    expect(CONVERSATION_STATUSES.filter((status) => isMuteButtonShown(stateWith({ status }))).sort()).toEqual(
      ['recording', 'speaking', 'transcribed', 'transcribing', 'translating'],
    );
  });
});

describe('Connection lost (docs/SPEC.md §4)', () => {
  it('shows a reconnect beside the status, which keeps going: a phrase in flight is still translated', () => {
    const state = run(
      stateWith({ status: 'translating', translationEnabled: true, transcript: 'Where is the station?' }),
      { type: 'connection_lost' },
    );
    expect(state).toMatchObject({
      status: 'translating',
      reconnecting: true,
      transcript: 'Where is the station?',
    });
    expect(run(state, { type: 'translation_finished', text: '¿Dónde está la estación?' })).toMatchObject({
      status: 'speaking',
      reconnecting: true,
    });
    expect(isActive(state)).toBe(true);
  });

  it('ends when the new socket is open, and with the session: stop, a failure, the limit, a new start', () => {
    const lost = run(recording, { type: 'connection_lost' });
    expect(run(lost, { type: 'connection_restored' })).toMatchObject({
      status: 'recording',
      reconnecting: false,
    });
    for (const type of ['stop', 'failed', 'limit_reached', 'start'] as const)
      expect(run(lost, { type }).reconnecting, type).toBe(false);
  });

  it('means nothing once the session is over', () => {
    const stopped = stateWith({ status: 'stopped', transcript: 'kept' });
    expect(run(stopped, { type: 'connection_lost' })).toBe(stopped);
  });
});

describe('Spoken lag (docs/SPEC.md §4)', () => {
  const translating = stateWith({ status: 'translating', translationEnabled: true });

  it('a phrase shown and not spoken is marked, and its translation stays in the text', () => {
    const state = run(
      translating,
      { type: 'translation_started', phrase: 1 },
      { type: 'translation_finished', text: 'Un.', phrase: 1 },
      { type: 'translation_started', phrase: 2 },
      { type: 'translation_chunk', text: 'Deux' },
      { type: 'phrase_shown_only', phrase: 2 },
      { type: 'translation_chunk', text: '.' },
      { type: 'translation_finished', text: 'Deux.', phrase: 2 },
    );
    expect(translationPhrases(state)).toEqual([
      { text: 'Un.', shownOnly: false },
      { text: 'Deux.', shownOnly: true },
    ]);
    expect(fullTranslation(state)).toBe('Un. Deux.');
  });

  it('lists the finished translations in order, then the one streaming in, marked already when so decided', () => {
    const state = run(
      translating,
      { type: 'translation_started', phrase: 1 },
      { type: 'translation_finished', text: 'Un.', phrase: 1 },
      { type: 'translation_started', phrase: 2 },
      { type: 'phrase_shown_only', phrase: 2 },
      { type: 'translation_chunk', text: 'De' },
    );
    expect(translationPhrases(state)).toEqual([
      { text: 'Un.', shownOnly: false },
      { text: 'De', shownOnly: true },
    ]);
  });

  it('stop keeps every translation, the one cut short too, with its mark', () => {
    const state = run(
      translating,
      { type: 'translation_started', phrase: 1 },
      { type: 'phrase_shown_only', phrase: 1 },
      { type: 'translation_chunk', text: 'Un' },
      { type: 'stop' },
    );
    expect(translationPhrases(state)).toEqual([{ text: 'Un', shownOnly: true }]);
    expect(state.translation).toBe('Un');
  });

  it('a new start clears the marks with the texts', () => {
    const state = run(
      translating,
      { type: 'translation_started', phrase: 1 },
      { type: 'phrase_shown_only', phrase: 1 },
      { type: 'translation_finished', text: 'Un.', phrase: 1 },
      { type: 'stop' },
      { type: 'start' },
    );
    expect(translationPhrases(state)).toEqual([]);
    expect(state.shownOnly).toEqual([]);
  });
});
