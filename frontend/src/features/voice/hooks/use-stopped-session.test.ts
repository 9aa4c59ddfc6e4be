// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialConversationState, type ConversationState } from '../conversation';
import { useStoppedSession, type StoppedSession } from './use-stopped-session';

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);

function drive(steps: [number, Partial<ConversationState>][], target = 'fr', { leave = false } = {}) {
  const stopped: StoppedSession[] = [];
  const { rerender, unmount } = renderHook(
    ({ state }) => useStoppedSession(state, target, (session) => stopped.push(session)),
    { initialProps: { state: initialConversationState } },
  );
  for (const [at, change] of steps) {
    vi.setSystemTime(T0 + at);
    rerender({ state: { ...initialConversationState, ...change } });
  }
  if (leave) unmount();
  return stopped;
}

describe('stopped session', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('times each phrase from its first interim words to its final result', () => {
    const [session] = drive([
      [0, { status: 'initializing' }],
      [200, { status: 'recording' }],
      [900, { status: 'transcribing', interim: 'I need' }],
      [2100, { status: 'transcribed', transcript: 'I need a doctor.' }],
      [2600, { status: 'transcribing', transcript: 'I need a doctor.', interim: 'Where' }],
      [4000, { status: 'transcribed', transcript: 'I need a doctor. Where is it?' }],
      [4500, { status: 'stopped', transcript: 'I need a doctor. Where is it?' }],
    ]);
    expect(session).toEqual({
      startedAt: T0,
      transcript: 'I need a doctor. Where is it?',
      translation: '',
      targetLanguage: undefined,
      cues: [
        { startMs: 900, endMs: 2100, text: 'I need a doctor.' },
        { startMs: 2600, endMs: 4000, text: 'Where is it?' },
      ],
    });
  });

  it('a session that waits for its last final after Stop (finishing) is kept, with that last phrase', () => {
    const [session] = drive([
      [0, { status: 'initializing' }],
      [500, { status: 'transcribed', transcript: 'I need a doctor.' }],
      [900, { status: 'finishing', transcript: 'I need a doctor.', interim: 'Now' }],
      [1400, { status: 'finishing', transcript: 'I need a doctor. Now please.' }],
      [1500, { status: 'stopped', transcript: 'I need a doctor. Now please.' }],
    ]);
    expect(session?.transcript).toBe('I need a doctor. Now please.');
    expect(session?.cues.map((cue) => cue.text)).toEqual(['I need a doctor.', 'Now please.']);
  });

  it('keeps the words still being heard at stop as the last phrase', () => {
    const [session] = drive([
      [0, { status: 'initializing' }],
      [500, { status: 'transcribing', interim: 'Taxi' }],
      [1500, { status: 'stopped', transcript: 'Taxi please' }],
    ]);
    expect(session?.cues).toEqual([{ startMs: 500, endMs: 1500, text: 'Taxi please' }]);
  });

  it('reports the translation with its language', () => {
    const [session] = drive([
      [0, { status: 'initializing' }],
      [1000, { status: 'speaking', transcript: 'Hello', translation: 'Bonjour' }],
      [2000, { status: 'stopped', transcript: 'Hello', translation: 'Bonjour' }],
    ]);
    expect(session).toMatchObject({ translation: 'Bonjour', targetLanguage: 'fr' });
  });

  it('reports nothing when nothing was said', () => {
    expect(
      drive([
        [0, { status: 'initializing' }],
        [500, { status: 'recording' }],
        [1500, { status: 'stopped' }],
      ]),
    ).toEqual([]);
  });

  it('reports each session once', () => {
    const stopped = drive([
      [0, { status: 'initializing' }],
      [500, { status: 'transcribed', transcript: 'One' }],
      [1000, { status: 'stopped', transcript: 'One' }],
      [1200, { status: 'stopped', transcript: 'One', analysisPanelVisible: true }],
      [2000, { status: 'initializing' }],
      [2500, { status: 'transcribed', transcript: 'Two' }],
      [3000, { status: 'stopped', transcript: 'Two' }],
    ]);
    expect(stopped.map((session) => [session.transcript, session.startedAt - T0])).toEqual([
      ['One', 0],
      ['Two', 2000],
    ]);
  });

  it('leaving the screen while the session is finishing keeps it', () => {
    const stopped = drive(
      [
        [0, { status: 'initializing' }],
        [500, { status: 'transcribed', transcript: 'I need a doctor.' }],
        [900, { status: 'finishing', transcript: 'I need a doctor.' }],
      ],
      'fr',
      { leave: true },
    );
    expect(stopped.map((session) => session.transcript)).toEqual(['I need a doctor.']);
  });

  it('leaving the screen while recording keeps the session, with the words still being heard', () => {
    const stopped = drive(
      [
        [0, { status: 'initializing' }],
        [500, { status: 'transcribed', transcript: 'I need a doctor.' }],
        [900, { status: 'transcribing', transcript: 'I need a doctor.', interim: 'Where' }],
      ],
      'fr',
      { leave: true },
    );
    expect(stopped).toEqual([
      {
        startedAt: T0,
        transcript: 'I need a doctor. Where',
        translation: '',
        targetLanguage: undefined,
        cues: [
          { startMs: 0, endMs: 500, text: 'I need a doctor.' },
          { startMs: 900, endMs: 900, text: 'Where' },
        ],
      },
    ]);
  });

  it('leaving after a stop keeps the session once', () => {
    const stopped = drive(
      [
        [0, { status: 'initializing' }],
        [500, { status: 'transcribed', transcript: 'One' }],
        [1000, { status: 'stopped', transcript: 'One' }],
      ],
      'fr',
      { leave: true },
    );
    expect(stopped).toHaveLength(1);
  });

  it('leaving with nothing said keeps nothing', () => {
    expect(
      drive(
        [
          [0, { status: 'initializing' }],
          [500, { status: 'recording' }],
        ],
        'fr',
        { leave: true },
      ),
    ).toEqual([]);
  });
});
