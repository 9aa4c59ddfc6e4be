// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@wayfarer/shared/api/auth';
import { SessionContext, signedOutSession, type SessionValue } from '../../../lib/session-context';
import type { DeepgramSocketOptions } from '../../../lib/deepgram-socket';
import { createTestI18n } from '../../../testing/render-app';
import { loadSpeakBack, loadVoiceSession } from '../hooks/use-conversation';
import { VoicePage } from './voice-page';

const mocks = vi.hoisted(() => ({
  startAudioCapture: vi.fn(),
  fetchSpeechTicket: vi.fn(),
  openDeepgramSocket: vi.fn(),
  toastError: vi.fn(),
  fetchVoiceCapabilities: vi.fn(),
  fetchCallerCountry: vi.fn(),
  streamRoute: vi.fn(),
  playClip: vi.fn(),
  stopAudio: vi.fn(),
}));

vi.mock('../../../lib/audio-capture', async () => {
  class AudioCaptureError extends Error {
    constructor(readonly failure: string) {
      super(failure);
    }
  }
  return { AudioCaptureError, startAudioCapture: mocks.startAudioCapture };
});
vi.mock('../api', () => ({
  fetchSpeechTicket: mocks.fetchSpeechTicket,
  fetchVoiceCapabilities: mocks.fetchVoiceCapabilities,
  fetchCallerCountry: mocks.fetchCallerCountry,
}));
vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  streamRoute: mocks.streamRoute,
}));
vi.mock('../../../lib/audio-context', () => ({ unlockAudio: () => undefined }));
vi.mock('../../../lib/audio-playback', () => ({
  createAudioQueue: () => ({ play: mocks.playClip, stop: mocks.stopAudio }),
}));
vi.mock('../../../lib/deepgram-socket', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  openDeepgramSocket: mocks.openDeepgramSocket,
}));
vi.mock('sonner', () => ({ toast: { error: mocks.toastError } }));

const { AudioCaptureError } = (await import('../../../lib/audio-capture')) as unknown as {
  AudioCaptureError: new (failure: string) => Error;
};

const capture = { setMuted: vi.fn(), finish: vi.fn(async () => {}), stop: vi.fn() };
const socket = { sendAudio: vi.fn(), setMuted: vi.fn(), finish: vi.fn(async () => {}), close: vi.fn() };
let socketOptions: DeepgramSocketOptions | undefined;

/** The relay accepts the socket: it opens, and the relay's first Allowance message comes. */
function acceptSocket(secondsLeft: number | null = 600): void {
  act(() => {
    socketOptions?.onOpen?.();
    socketOptions?.onAllowance?.(secondsLeft);
  });
}

/** A ticket answer: `secondsLeft` is the day's speech left, null for a subscriber. */
function speechTicket(secondsLeft: number | null = 600) {
  return { kind: 'ok', ticket: { ticket: 't', seconds_left: secondsLeft } };
}

function user(subscriptionStatus: User['subscriptionStatus']): SessionValue {
  return {
    ...signedOutSession,
    status: 'signed-in',
    user: { email: 'a@example.com', subscriptionStatus } as User,
    logout: vi.fn(),
  };
}

async function renderPage(session: SessionValue = signedOutSession) {
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <VoicePage analysisPanel={() => <section data-testid="analysis-panel" />} />
        </MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

let translateStream: ReadableStreamDefaultController<Uint8Array> | undefined;
let endClip: (() => void) | undefined;

/** The translate stream sends lines (docs/SPEC.md §7) and, with `end`, closes. */
async function translateSends(lines: string, end = false) {
  await waitFor(() => expect(translateStream).toBeDefined());
  await act(async () => {
    translateStream!.enqueue(new TextEncoder().encode(lines));
    if (end) translateStream!.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const badge = () => screen.getByTestId('status-badge');
const mainButton = () => screen.getByTestId('main-button');

function hear(text: string, isFinal: boolean) {
  act(() => socketOptions?.onTranscript({ text, isFinal, speechFinal: isFinal }));
}

beforeEach(() => {
  socketOptions = undefined;
  localStorage.clear();
  translateStream = undefined;
  mocks.streamRoute.mockImplementation(async (id: string, call: { signal: AbortSignal }) => {
    if (id === 'tts.speak') return new Response('audio');
    call.signal.addEventListener('abort', () => mocks.stopAudio('translation aborted'));
    return new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          translateStream = controller;
        },
      }),
    );
  });
  // Like the real queue: reads the whole speech, then plays until the test ends the clip.
  mocks.playClip.mockImplementation((clip: Promise<ReadableStream<Uint8Array>>) => {
    const ended = new Promise<void>((resolve) => {
      endClip = resolve;
    });
    return clip.then((body) => new Response(body).arrayBuffer()).then(() => ended);
  });
  mocks.fetchVoiceCapabilities.mockResolvedValue({ translate: 'cloud', tts: 'embedded' });
  mocks.fetchCallerCountry.mockResolvedValue('JP');
  mocks.startAudioCapture.mockResolvedValue(capture);
  mocks.fetchSpeechTicket.mockResolvedValue(speechTicket());
  mocks.openDeepgramSocket.mockImplementation((options: DeepgramSocketOptions) => {
    socketOptions = options;
    return socket;
  });
});

afterEach(() => vi.clearAllMocks());

// The first press loads the voice session, the speak-back pipeline and the phrase routing, and a two-way start
// eld's tables (docs/DESIGN.md §8). Loaded once here, so the first test to press Start does not spend its waitFor
// on transforming them (over 1 s on a busy machine).
beforeAll(async () => {
  await Promise.all([
    loadVoiceSession(),
    loadSpeakBack(),
    import('../phrase-routing').then((routing) => routing.loadLanguageIdentifier()),
  ]);
}, 60_000);

describe('voice screen', () => {
  it('starts idle with a start button, a disabled clear button and one column', async () => {
    const events = await renderPage();
    expect(badge()).toHaveAttribute('data-status', 'idle');
    expect(mainButton()).toHaveAttribute('data-action', 'start');
    expect(screen.getByTestId('clear-button')).toBeDisabled();
    expect(screen.getByTestId('transcript-original')).toHaveTextContent(/press start/i);
    expect(screen.queryByTestId('transcript-translation')).toBeNull();
    expect(screen.queryByTestId('mute-button')).toBeNull();

    await events.click(screen.getByTestId('translation-switch'));
    expect(screen.getByTestId('translation-switch')).toHaveAttribute('data-checked', 'true');
    expect(screen.getByTestId('transcript-translation')).toBeInTheDocument();
  });

  it('records, shows the transcript, and on stop offers the analysis', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    expect(socketOptions?.key).toBe('t');
    expect(socketOptions?.url).toBe(`ws://${window.location.host}/v1/listen`);
    expect(mainButton()).toHaveAttribute('data-action', 'stop');
    expect(mainButton()).toHaveTextContent('Stop transcription');
    expect(screen.getByTestId('mute-button')).toHaveAttribute('data-muted', 'false');

    hear('where is', false);
    expect(badge()).toHaveAttribute('data-status', 'transcribing');
    hear('Where is the station?', true);
    expect(badge()).toHaveAttribute('data-status', 'transcribed');
    expect(screen.getByTestId('transcript-original')).toHaveTextContent('Where is the station?');
    expect(mainButton()).toHaveAttribute('data-action', 'finish');

    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'stopped'));
    expect(capture.finish).toHaveBeenCalled();
    expect(socket.finish).toHaveBeenCalled();
    expect(await screen.findByTestId('analysis-prompt')).toBeInTheDocument();
    expect(screen.getByTestId('analysis-button')).toBeInTheDocument();

    hear('late words', true);
    expect(screen.getByTestId('transcript-original')).not.toHaveTextContent('late words');

    await events.click(screen.getByTestId('analysis-prompt-analyze'));
    expect(await screen.findByTestId('analysis-panel')).toBeInTheDocument();
    expect(screen.queryByTestId('analysis-prompt')).toBeNull();
    expect(screen.queryByTestId('analysis-button')).toBeNull();

    await events.click(screen.getByTestId('clear-button'));
    expect(screen.queryByTestId('analysis-panel')).toBeNull();
    expect(screen.getByTestId('transcript-original')).toHaveAttribute('data-empty', 'true');
  });

  it('a dropped socket: the transcript keeps its finals and the phrase being heard, a notice says it reconnects, and recording goes on', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    acceptSocket();
    hear('Where is the station?', true);
    hear('and the', false);
    const first = socketOptions!;
    act(() => first.onFailure({ code: 1006, reason: '' }));

    expect(screen.getByTestId('voice-reconnecting-notice')).toHaveTextContent('Reconnecting');
    expect(screen.getByTestId('transcript-original')).toHaveTextContent('Where is the station? and the');
    expect(mocks.toastError).not.toHaveBeenCalled();
    await waitFor(() => expect(socketOptions).not.toBe(first));
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledTimes(2);
    acceptSocket();
    expect(screen.queryByTestId('voice-reconnecting-notice')).toBeNull();

    hear('The bus leaves at nine.', true);
    expect(screen.getByTestId('transcript-original')).toHaveTextContent(
      'Where is the station? and the The bus leaves at nine.',
    );
    expect(badge()).toHaveAttribute('data-status', 'transcribed');
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'stopped'));
  });

  // Tries spent after a drop end the same way (voice-session.test.ts); a refused ticket (1008) ends at once.
  it('a socket that cannot be replaced ends as before: voice_connection_lost and the error status', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    acceptSocket();
    hear('Where is the station?', true);
    act(() => socketOptions?.onFailure({ code: 1008, reason: 'INVALID_AUTH: Invalid credentials.' }));
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'error'));
    expect(mocks.toastError).toHaveBeenCalledWith('The connection to the speech service was lost.');
    expect(screen.queryByTestId('voice-reconnecting-notice')).toBeNull();
    expect(screen.getByTestId('transcript-original')).toHaveTextContent('Where is the station?');
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
  });

  it('a 4001 close (the allowance spent on the relay) ends with the limit dialog', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    acceptSocket();
    hear('Where is the station?', true);
    act(() => socketOptions?.onFailure({ code: 4001, reason: 'USAGE_LIMIT' }));
    const dialog = await screen.findByTestId('limit-dialog');
    expect(badge()).toHaveAttribute('data-status', 'limit_reached');
    expect(dialog.querySelector('a[href="/register"]')).not.toBeNull();
    expect(mocks.toastError).not.toHaveBeenCalled();
    expect(screen.getByTestId('transcript-original')).toHaveTextContent('Where is the station?');
  });

  it('a 1013 close says the relay is busy and ends: error_speech_busy, the error status, a button to try again', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    acceptSocket();
    act(() => socketOptions?.onFailure({ code: 1013, reason: 'BUSY' }));
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'error'));
    const i18n = await createTestI18n();
    expect(mocks.toastError).toHaveBeenCalledExactlyOnceWith(i18n.t('error_speech_busy'));
    expect(screen.queryByTestId('voice-reconnecting-notice')).toBeNull();
    expect(screen.queryByTestId('limit-dialog')).toBeNull();
    expect(mainButton()).toBeEnabled();
    expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce();
  });

  it('shows the initializing overlay until the microphone answers', async () => {
    let answer: (value: typeof capture) => void = () => {};
    mocks.startAudioCapture.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const events = await renderPage();
    await events.click(mainButton());
    expect(badge()).toHaveAttribute('data-status', 'initializing');
    expect(await screen.findByTestId('initializing-overlay')).toBeInTheDocument();
    await act(async () => answer(capture));
    await waitFor(() => expect(screen.queryByTestId('initializing-overlay')).toBeNull());
  });

  it('stop stays reachable while the app starts: the initializing notice covers no control', async () => {
    mocks.startAudioCapture.mockReturnValue(new Promise(() => {}));
    const events = await renderPage();
    await events.click(mainButton());
    const notice = await screen.findByTestId('initializing-overlay');
    expect(notice.closest('.dialog-backdrop')).toBeNull();
    expect(mainButton()).toBeEnabled();
    await events.click(mainButton());
    expect(badge()).toHaveAttribute('data-status', 'stopped');
    expect(screen.queryByTestId('initializing-overlay')).toBeNull();
  });

  it('mutes the microphone and the socket', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    await events.click(screen.getByTestId('mute-button'));
    expect(screen.getByTestId('mute-button')).toHaveAttribute('data-muted', 'true');
    expect(screen.getByTestId('mute-button')).toHaveAccessibleName('Unmute microphone');
    expect(screen.getByTestId('mute-icon')).toHaveAttribute('data-muted', 'true');
    expect(capture.setMuted).toHaveBeenLastCalledWith(true);
    expect(socket.setMuted).toHaveBeenLastCalledWith(true);
  });

  it('a muted microphone can be unmuted after a final phrase, and the next phrase is heard', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    await events.click(screen.getByTestId('mute-button'));

    hear('Where is the station?', true);
    expect(badge()).toHaveAttribute('data-status', 'transcribed');
    expect(screen.getByTestId('mute-button')).toHaveAttribute('data-muted', 'true');

    await events.click(screen.getByTestId('mute-button'));
    expect(capture.setMuted).toHaveBeenLastCalledWith(false);
    expect(socket.setMuted).toHaveBeenLastCalledWith(false);
    hear('And the museum?', true);
    expect(screen.getByTestId('transcript-original')).toHaveTextContent(
      'Where is the station? And the museum?',
    );
  });

  it('denied permission: the first press retries, the second opens the help dialog', async () => {
    mocks.startAudioCapture.mockRejectedValue(new AudioCaptureError('denied'));
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'permission_denied'));
    expect(mainButton()).toHaveAttribute('data-action', 'activate');

    await events.click(mainButton());
    await waitFor(() => expect(mocks.startAudioCapture).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('mic-denied-dialog')).toBeNull();

    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'permission_denied'));
    await events.click(mainButton());
    const dialog = await screen.findByTestId('mic-denied-dialog');
    expect(dialog.querySelectorAll('ol li').length).toBeGreaterThanOrEqual(3);
    expect(mocks.startAudioCapture).toHaveBeenCalledTimes(2);
    await events.click(screen.getByTestId('mic-denied-got-it'));
    expect(screen.queryByTestId('mic-denied-dialog')).toBeNull();
  });

  it.each([
    ['unsupported', 'error_mic_access'],
    ['failed', 'error_transcription_start'],
  ])('a %s microphone gives the %s toast and the error status', async (failure, key) => {
    mocks.startAudioCapture.mockRejectedValue(new AudioCaptureError(failure));
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'error'));
    const i18n = await createTestI18n();
    expect(mocks.toastError).toHaveBeenCalledWith(i18n.t(key as 'error_mic_access'));
  });

  it('a failed ticket call gives error_deepgram_key and the error status', async () => {
    mocks.fetchSpeechTicket.mockResolvedValue({ kind: 'failed' });
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'error'));
    const i18n = await createTestI18n();
    expect(mocks.toastError).toHaveBeenCalledExactlyOnceWith(i18n.t('error_deepgram_key'));
    expect(capture.stop).toHaveBeenCalled();
  });

  it('a subscriber who gets a 429 on the ticket call sees a message and can press again, not a dead button', async () => {
    mocks.fetchSpeechTicket.mockResolvedValue({ kind: 'limit_reached' });
    const events = await renderPage(user('ACTIVE'));
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'error'));
    const i18n = await createTestI18n();
    // Not "you have used today's speaking time": a subscriber has no daily allowance (docs/SPEC.md §8).
    expect(mocks.toastError).toHaveBeenCalledExactlyOnceWith(i18n.t('error_rate_limit'));
    expect(mainButton()).toBeEnabled();
    expect(screen.queryByTestId('limit-dialog')).toBeNull();
  });

  it('tickets taken too fast: an anonymous visitor sees the rate-limit message and can press again, no limit dialog', async () => {
    mocks.fetchSpeechTicket.mockResolvedValue({ kind: 'rate_limited' });
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'error'));
    const i18n = await createTestI18n();
    expect(mocks.toastError).toHaveBeenCalledExactlyOnceWith(i18n.t('error_rate_limit'));
    expect(mainButton()).toBeEnabled();
    expect(screen.queryByTestId('limit-dialog')).toBeNull();
    expect(capture.stop).toHaveBeenCalled();
  });

  it('a 429 on the ticket call reaches limit_reached: anonymous visitors are offered login and register', async () => {
    mocks.fetchSpeechTicket.mockResolvedValue({ kind: 'limit_reached' });
    const events = await renderPage();
    await events.click(mainButton());
    const dialog = await screen.findByTestId('limit-dialog');
    expect(badge()).toHaveAttribute('data-status', 'limit_reached');
    expect(mainButton()).toBeDisabled();
    expect(dialog.querySelector('a[href="/login"]')).not.toBeNull();
    expect(dialog.querySelector('a[href="/register"]')).not.toBeNull();
    expect(capture.stop).toHaveBeenCalled();
  });

  describe('on a fake clock', () => {
    let ticketArrivedAt = 0;

    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      mocks.openDeepgramSocket.mockImplementation((options: DeepgramSocketOptions) => {
        socketOptions = options;
        ticketArrivedAt = Date.now();
        return socket;
      });
    });

    afterEach(() => vi.useRealTimers());

    /** Presses start and returns once the ticket has arrived and the socket is open (the cut-off is set then). */
    async function startWithTicket(secondsLeft: number | null, session: SessionValue) {
      mocks.fetchSpeechTicket.mockResolvedValue(speechTicket(secondsLeft));
      await renderPage(session);
      act(() => mainButton().click());
      await vi.waitFor(() => expect(mocks.openDeepgramSocket).toHaveBeenCalledOnce());
    }

    const advanceTo = (at: number) => act(() => vi.advanceTimersByTimeAsync(Math.max(0, at - Date.now())));

    it('a signed-in free user is cut off at seconds_left - 2 s, not a moment before, and offered logout and subscribe', async () => {
      const session = user('NONE');
      await startWithTicket(5, session);
      const cutOffAt = ticketArrivedAt + (5 - 2) * 1000;

      await advanceTo(cutOffAt - 1);
      expect(badge()).toHaveAttribute('data-status', 'recording');

      await advanceTo(cutOffAt);
      expect(badge()).toHaveAttribute('data-status', 'limit_reached');
      const dialog = await vi.waitFor(() => screen.getByTestId('limit-dialog'));
      expect(dialog.querySelector('a[href="/subscribe"]')).not.toBeNull();
      act(() => screen.getByTestId('limit-logout').click());
      expect(session.logout).toHaveBeenCalled();
    });

    it('a subscriber is not cut off', async () => {
      await startWithTicket(null, user('ACTIVE'));

      await advanceTo(ticketArrivedAt + 60 * 60 * 1000);

      expect(badge()).toHaveAttribute('data-status', 'recording');
    });

    it('an Allowance message moves the cut-off', async () => {
      await startWithTicket(600, user('NONE'));
      acceptSocket();
      const allowanceAt = Date.now();
      act(() => socketOptions?.onAllowance?.(10));

      await advanceTo(allowanceAt + (10 - 2) * 1000 - 1);
      expect(badge()).toHaveAttribute('data-status', 'recording');
      await advanceTo(allowanceAt + (10 - 2) * 1000);
      expect(badge()).toHaveAttribute('data-status', 'limit_reached');
    });
  });

  it('stops when the page becomes hidden', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    visibility.mockRestore();
    expect(badge()).toHaveAttribute('data-status', 'stopped');
    expect(capture.stop).toHaveBeenCalled();
  });

  it('a stop while the ticket call is in flight opens no socket with the late ticket', async () => {
    let answerTicket: (value: ReturnType<typeof speechTicket>) => void = () => {};
    mocks.fetchSpeechTicket.mockReturnValue(new Promise((resolve) => (answerTicket = resolve)));
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(mocks.fetchSpeechTicket).toHaveBeenCalledOnce());

    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'stopped'));
    await act(async () => answerTicket(speechTicket()));

    expect(mocks.openDeepgramSocket).not.toHaveBeenCalled();
    expect(badge()).toHaveAttribute('data-status', 'stopped');
  });

  it('stops when the page goes away, and reports nothing', async () => {
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    try {
      act(() => void window.dispatchEvent(new Event('pagehide')));

      expect(badge()).toHaveAttribute('data-status', 'stopped');
      expect(capture.stop).toHaveBeenCalled();
      expect(socket.finish).toHaveBeenCalled();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('translation on the voice screen (docs/SPEC.md §2, §3, §4)', () => {
  async function renderWithTranslation() {
    localStorage.setItem(
      'wayfarer-voice-settings',
      JSON.stringify({ outputLanguage: 'fr', voiceGender: 'female', enableTranslation: true }),
    );
    return renderPage();
  }

  it('the switch setting persists, and two columns show with it on', async () => {
    const events = await renderPage();
    await events.click(screen.getByTestId('translation-switch'));
    expect(JSON.parse(localStorage.getItem('wayfarer-voice-settings') ?? '{}')).toMatchObject({
      enableTranslation: true,
    });
    expect(document.querySelector('.voice-columns')).toHaveAttribute('data-columns', '2');
    expect(screen.getByTestId('voice-select')).toHaveValue('female');
    expect(screen.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', expect.any(String));
  });

  it('with no translation engine the switch is off, disabled, and says what the traveller can still do (no operator text)', async () => {
    mocks.fetchVoiceCapabilities.mockResolvedValue({ translate: 'unavailable', tts: 'embedded' });
    await renderWithTranslation();
    await waitFor(() =>
      expect(screen.getByTestId('translation-unavailable')).toHaveTextContent(/still speak/),
    );
    expect(screen.getByTestId('translation-unavailable')).not.toHaveTextContent(/[A-Z][A-Z0-9]+_[A-Z0-9_]+/);
    expect(screen.getByTestId('translation-switch')).toBeDisabled();
    expect(screen.getByTestId('translation-switch')).toHaveAttribute('data-checked', 'false');
    expect(screen.queryByTestId('transcript-translation')).toBeNull();

    const events = userEvent.setup();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('Where is the station?', true);
    expect(badge()).toHaveAttribute('data-status', 'transcribed');
    expect(mocks.streamRoute).not.toHaveBeenCalled();
  });

  it('a final phrase is translated into the chosen language and read in the chosen voice', async () => {
    const events = await renderWithTranslation();
    await events.selectOptions(screen.getByTestId('voice-select'), 'male');
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    expect(mainButton()).toHaveTextContent('Stop translation');
    hear('Where is the station?', true);
    expect(badge()).toHaveAttribute('data-status', 'translating');
    await translateSends('0:"Où est la gare ?"\n', true);
    await waitFor(() => expect(mocks.playClip).toHaveBeenCalled());
    expect(mocks.streamRoute).toHaveBeenCalledWith(
      'translate.stream',
      expect.objectContaining({
        body: { messages: [{ role: 'user', content: 'Where is the station?' }], outputLanguage: 'fr' },
      }),
    );
    expect(mocks.streamRoute).toHaveBeenCalledWith(
      'tts.speak',
      expect.objectContaining({
        pathParameters: { provider: 'openai' },
        // A speed only when the phrase is heard late (docs/SPEC.md §4 Spoken lag): on a loaded machine it may be.
        body: expect.objectContaining({ text: 'Où est la gare ?', language: 'fr', gender: 'male' }),
      }),
    );
  });

  it('streams the translation live, then speaking, counts the played clip, and returns to recording', async () => {
    const events = await renderWithTranslation();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('Good morning.', true);
    await translateSends('0:"Bon"\n');
    expect(screen.getByTestId('transcript-translation')).toHaveTextContent('Bon');
    expect(screen.getByTestId('translation-switch')).toBeDisabled();
    expect(screen.getByTestId('language-picker-trigger')).toBeDisabled();
    expect(screen.getByTestId('voice-select')).toBeDisabled();
    await translateSends('0:"jour."\n', true);
    await waitFor(() => expect(mocks.playClip).toHaveBeenCalled());
    expect(badge()).toHaveAttribute('data-status', 'speaking');
    expect(screen.getByTestId('audio-playback')).toHaveAttribute('data-played', '0');
    await act(async () => endClip?.());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    expect(screen.getByTestId('audio-playback')).toHaveAttribute('data-played', '1');
    expect(screen.getByTestId('transcript-translation')).toHaveTextContent('Bonjour.');
  });

  it('a voice that trails the speaker shows its lag, and a phrase it would read too late is marked, not lost (SPEC §4 Spoken lag)', async () => {
    // Clips play one after another, each starting 3 s after it is asked for, until the test ends it.
    const enders: (() => void)[] = [];
    let queue: Promise<unknown> = Promise.resolve();
    mocks.playClip.mockImplementation(
      (clip: Promise<ReadableStream<Uint8Array>>, onStart?: (at: number) => void) => {
        const asked = performance.now();
        const previous = queue;
        queue = clip
          .then((body) => new Response(body).arrayBuffer())
          .then(() => previous)
          .then(() => {
            onStart?.(asked + 3_000);
            return new Promise<void>((resolve) => enders.push(resolve));
          });
        return queue;
      },
    );
    const realNow = performance.now.bind(performance);
    let ahead = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => realNow() + ahead);
    const events = await renderWithTranslation();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    expect(screen.getByTestId('speech-lag')).not.toBeVisible();
    for (const [heard, translated] of [
      ['One.', 'Un.'],
      ['Two.', 'Deux.'],
      ['Three.', 'Trois.'],
    ]) {
      translateStream = undefined;
      hear(heard!, true);
      await translateSends(`0:${JSON.stringify(translated)}\n`, true);
    }
    await waitFor(() => expect(enders).toHaveLength(1));
    // Heard 3 s after it was asked for, which was just after the phrase ended (less the endpointing's 300 ms).
    // At least 3.3 s; more when the translation is slow to come on a loaded machine.
    await waitFor(() => expect(screen.getByTestId('speech-lag')).toBeVisible());
    expect(Number(screen.getByTestId('speech-lag').dataset.lagMs)).toBeGreaterThanOrEqual(3_300);
    expect(screen.getByTestId('speech-lag')).toHaveTextContent(/^Voice \d+ s behind$/);
    // Ten seconds on, the first clip ends: the third phrase would now be heard far past the bound.
    ahead = 10_000;
    await act(async () => enders[0]!());
    await waitFor(() =>
      expect(screen.getAllByTestId('translation-phrase').map((phrase) => phrase.dataset.shownOnly)).toEqual([
        'false',
        'false',
        'true',
      ]),
    );
    expect(screen.getByTestId('transcript-translation')).toHaveTextContent('Un. Deux. Trois.');
    expect(screen.getByTestId('speech-lag')).toHaveAttribute('data-shown-only', '1');
    vi.mocked(performance.now).mockRestore();
  });

  it('the generating-audio badge shows while speech is being made', async () => {
    let speechArrives: (response: Response) => void = () => undefined;
    const events = await renderWithTranslation();
    const translate = mocks.streamRoute.getMockImplementation()!;
    mocks.streamRoute.mockImplementation((id: string, call: unknown) =>
      id === 'tts.speak'
        ? new Promise<Response>((resolve) => {
            speechArrives = resolve;
          })
        : translate(id, call),
    );
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('Good morning.', true);
    await translateSends('0:"Bonjour."\n', true);
    await screen.findByTestId('generating-audio-badge');
    await act(async () => speechArrives(new Response('audio')));
    await waitFor(() => expect(screen.queryByTestId('generating-audio-badge')).toBeNull());
  });

  it('a failure mid-stream shows a short translated notice (not the server text) and returns to recording', async () => {
    const events = await renderWithTranslation();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('Good morning.', true);
    await translateSends('0:"Bon"\n3:"The translation broke off."\n', true);
    await waitFor(() =>
      expect(mocks.toastError).toHaveBeenCalledWith(
        expect.stringMatching(/^(?!The translation broke off)[^_]+$/),
      ),
    );
    expect(badge()).toHaveAttribute('data-status', 'recording');
    expect(mocks.playClip).not.toHaveBeenCalled();
  });

  it("past the day's translation ceiling the transcript goes on and one notice says the limit, not one per phrase", async () => {
    const { ApiError } = await import('../../../lib/api-client');
    mocks.streamRoute.mockRejectedValue(new ApiError(429, 'error_daily_text_limit'));
    const events = await renderWithTranslation();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('Good morning.', true);
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledTimes(1));
    hear('Where is the station?', true);
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledTimes(2));
    // The same toast id: the second refusal replaces the first notice.
    const i18n = await createTestI18n();
    for (const call of mocks.toastError.mock.calls) {
      expect(call).toEqual([i18n.t('error_daily_text_limit'), { id: 'error_daily_text_limit' }]);
    }
    expect(screen.getByTestId('transcript-original')).toHaveTextContent('Good morning.');
    expect(screen.getByTestId('transcript-original')).toHaveTextContent('Where is the station?');
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
  });

  it('stop lets the phrase in flight finish translating, then stops the audio', async () => {
    const events = await renderWithTranslation();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('Good morning.', true);
    await translateSends('0:"Bon"\n');
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'finishing'));
    await translateSends('0:"jour."\n', true);
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'stopped'));
    expect(screen.getByTestId('transcript-translation')).toHaveTextContent('Bonjour.');
    expect(mocks.stopAudio).toHaveBeenCalledWith();
  });

  it('the last phrase, finalized after Stop, is transcribed, translated and offered for analysis', async () => {
    let closeSocket: () => void = () => {};
    socket.finish.mockImplementationOnce(() => new Promise<void>((resolve) => (closeSocket = resolve)));
    const events = await renderWithTranslation();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('Good', false);
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'finishing'));
    expect(mainButton()).toBeDisabled();
    expect(screen.queryByTestId('analysis-prompt')).toBeNull();
    hear('Good morning.', true);
    // The socket is finalized once Stop's capture tail has run (FINISH_CAPTURE_TAIL_MS).
    await waitFor(() => expect(socket.finish).toHaveBeenCalled());
    await act(async () => closeSocket());
    await translateSends('0:"Bonjour."\n', true);
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'stopped'));
    expect(screen.getByTestId('transcript-original')).toHaveTextContent('Good morning.');
    expect(screen.getByTestId('transcript-translation')).toHaveTextContent('Bonjour.');
    expect(await screen.findByTestId('analysis-prompt')).toBeInTheDocument();
  });

  it('a right-to-left output language renders the translation card right to left', async () => {
    localStorage.setItem(
      'wayfarer-voice-settings',
      JSON.stringify({ outputLanguage: 'ar', voiceGender: 'female', enableTranslation: true }),
    );
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('Hello.', true);
    await translateSends('0:"مرحبا"\n');
    expect(screen.getByTestId('transcript-translation')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByTestId('transcript-translation')).toHaveAttribute('lang', 'ar');
  });
});

describe('language choice (docs/SPEC.md §2, §5)', () => {
  async function renderTranslating(recent: string[] = []) {
    localStorage.setItem('wayfarer-recent-languages', JSON.stringify(recent));
    localStorage.setItem(
      'wayfarer-voice-settings',
      JSON.stringify({ outputLanguage: 'fr', voiceGender: 'female', enableTranslation: true }),
    );
    return renderPage();
  }

  it('recent chips: most recent first; a chip selects its language; its remove button removes it', async () => {
    const events = await renderTranslating(['de', 'ja']);
    const chips = () => screen.getAllByTestId('recent-language-chip').map((chip) => chip.dataset.lang);
    expect(chips()).toEqual(['de', 'ja']);
    await events.click(screen.getAllByTestId('recent-language-chip')[1]!.querySelector('button')!);
    expect(screen.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'ja');
    expect(chips()).toEqual(['ja', 'de']);
    await events.click(screen.getAllByTestId('recent-language-remove')[1]!);
    expect(chips()).toEqual(['ja']);
    expect(JSON.parse(localStorage.getItem('wayfarer-recent-languages') ?? '')).toEqual(['ja']);
  });

  it('the picker opens titled, with suggestions (browser, then country) named without flags, and a choice becomes recent', async () => {
    const events = await renderTranslating(['de', 'ja', 'it']);
    await events.click(screen.getByTestId('language-picker-trigger'));
    const picker = await screen.findByTestId('language-picker');
    expect(picker).toHaveTextContent('Select language');
    // jsdom has no matchMedia: the narrow variant.
    expect(picker).toHaveAttribute('data-variant', 'drawer');
    await waitFor(() =>
      expect(screen.getAllByTestId('language-suggestion').map((option) => option.dataset.lang)).toEqual([
        'en',
        'ja',
      ]),
    );
    expect(screen.getAllByTestId('language-option')).toHaveLength(58);
    // Regional-indicator pairs (emoji flags) render as two letters on Windows: none is shown.
    expect(picker.textContent).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
    await events.click(
      screen.getAllByTestId('language-option').find((option) => option.dataset.lang === 'es')!,
    );
    expect(screen.queryByTestId('language-picker')).toBeNull();
    expect(screen.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'es');
    expect(screen.getAllByTestId('recent-language-chip').map((chip) => chip.dataset.lang)).toEqual([
      'es',
      'de',
      'ja',
    ]);
  });

  it('the picker closes on cancel without a change', async () => {
    const events = await renderTranslating();
    await events.click(screen.getByTestId('language-picker-trigger'));
    await events.click(await screen.findByTestId('language-picker-cancel'));
    await waitFor(() => expect(screen.queryByTestId('language-picker')).toBeNull());
    expect(screen.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'fr');
  });
});

describe('two-way conversation on the voice screen', () => {
  async function renderTwoWay(capabilities = { translate: 'cloud', tts: 'embedded', stt: 'cloud' }) {
    mocks.fetchVoiceCapabilities.mockResolvedValue(capabilities);
    localStorage.setItem(
      'wayfarer-voice-settings',
      JSON.stringify({ outputLanguage: 'fr', voiceGender: 'female', enableTranslation: true }),
    );
    localStorage.setItem(
      'wayfarer-conversation-settings',
      JSON.stringify({ twoWay: false, travellerLanguage: 'en' }),
    );
    const events = await renderPage();
    // Keyboard only: tab to the switch and press it.
    screen.getByTestId('conversation-mode-switch').focus();
    await events.keyboard('{Enter}');
    expect(screen.getByTestId('conversation-mode-switch')).toHaveAttribute('aria-checked', 'true');
    return events;
  }

  function heardIn(text: string, language: string) {
    act(() => socketOptions?.onTranscript({ text, isFinal: true, speechFinal: true, language }));
  }

  it('a French reply lands on the other side and is translated and spoken in the traveller’s language', async () => {
    const events = await renderTwoWay();
    const other = await screen.findByTestId('conversation-other-own');
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    heardIn('La gare est au bout de la rue.', 'fr');
    expect(other).toHaveTextContent('La gare est au bout de la rue.');
    expect(screen.getByTestId('conversation-active-side')).toHaveAttribute('data-side', 'other');
    await translateSends('0:"The station is at the end of the street."\n', true);
    await waitFor(() => expect(mocks.playClip).toHaveBeenCalled());
    expect(mocks.streamRoute).toHaveBeenCalledWith(
      'translate.stream',
      expect.objectContaining({ body: expect.objectContaining({ outputLanguage: 'en' }) }),
    );
    expect(mocks.streamRoute).toHaveBeenCalledWith(
      'tts.speak',
      expect.objectContaining({ body: expect.objectContaining({ language: 'en' }) }),
    );
    expect(screen.getByTestId('conversation-traveller-translated')).toHaveTextContent(
      'The station is at the end',
    );
    // Capture is muted while the translation plays, and opens again after it.
    await waitFor(() => expect(socket.setMuted).toHaveBeenLastCalledWith(true));
    await act(async () => endClip?.());
    await waitFor(() => expect(socket.setMuted).toHaveBeenLastCalledWith(false));
  });

  it('the mode cannot change during a conversation', async () => {
    const events = await renderTwoWay();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    expect(screen.getByTestId('conversation-mode-switch')).toBeDisabled();
  });

  it('with the embedded recogniser it says plainly which side it can hear', async () => {
    await renderTwoWay({ translate: 'cloud', tts: 'embedded', stt: 'embedded' });
    expect(await screen.findByTestId('conversation-engine-notice')).toHaveTextContent(
      /English speech only.*: You\./,
    );
  });
});

describe('listening mode on the voice screen (docs/SPEC.md §3, §4 Listening mode)', () => {
  /** navigator.wakeLock as the browser has it: the test sees what is held. */
  function installWakeLock() {
    const held = new Set<object>();
    const request = vi.fn(async () => {
      const sentinel = {
        release: async () => void held.delete(sentinel),
        addEventListener: () => undefined,
      };
      held.add(sentinel);
      return sentinel;
    });
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
    return { held, request };
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'wakeLock');
  });

  async function renderListening(conversation: object = { twoWay: false, travellerLanguage: 'en' }) {
    localStorage.setItem(
      'wayfarer-voice-settings',
      JSON.stringify({ outputLanguage: 'fr', voiceGender: 'female', enableTranslation: true }),
    );
    localStorage.setItem('wayfarer-conversation-settings', JSON.stringify(conversation));
    const events = await renderPage();
    await events.click(screen.getByTestId('listening-mode-switch'));
    return events;
  }

  it('one press turns it on, it is remembered, the translation is the large text and the original secondary', async () => {
    installWakeLock();
    await renderListening();
    expect(screen.getByTestId('listening-mode-switch')).toHaveAttribute('aria-checked', 'true');
    expect(JSON.parse(localStorage.getItem('wayfarer-conversation-settings') ?? '{}')).toMatchObject({
      listening: true,
    });
    const view = screen.getByTestId('listening-view');
    expect(view.firstElementChild).toHaveAttribute('data-variant', 'listening');
    expect(view.firstElementChild).toContainElement(screen.getByTestId('transcript-translation'));
    expect(screen.getByTestId('transcript-original').closest('section')).toHaveAttribute(
      'data-variant',
      'secondary',
    );
  });

  it('listening mode is one-way: choosing it turns two-way off, and choosing two-way turns it off', async () => {
    const events = await renderListening({ twoWay: true, travellerLanguage: 'en' });
    expect(screen.getByTestId('conversation-mode-switch')).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByTestId('listening-view')).toBeInTheDocument();
    await events.click(screen.getByTestId('conversation-mode-switch'));
    expect(screen.getByTestId('listening-mode-switch')).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByTestId('listening-view')).toBeNull();
    expect(JSON.parse(localStorage.getItem('wayfarer-conversation-settings') ?? '{}')).toMatchObject({
      twoWay: true,
      listening: false,
    });
  });

  it('the screen stays on while listening: the lock is taken at start and released at stop', async () => {
    const lock = installWakeLock();
    const events = await renderListening();
    expect(lock.request).not.toHaveBeenCalled();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    await waitFor(() => expect(lock.held.size).toBe(1));
    expect(lock.request).toHaveBeenCalledWith('screen');
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'stopped'));
    await waitFor(() => expect(lock.held.size).toBe(0));
  });

  it('the standard screen does not keep the screen on', async () => {
    const lock = installWakeLock();
    const events = await renderPage();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    expect(lock.request).not.toHaveBeenCalled();
  });

  it('without the Wake Lock API listening works and a small note says the screen may dim', async () => {
    const events = await renderListening();
    expect(screen.getByTestId('listening-wake-lock-hint')).toHaveTextContent(/screen may dim/i);
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    expect(mocks.toastError).not.toHaveBeenCalled();
  });

  it('a phrase is translated and read out as on the one-way screen, its lag counted', async () => {
    installWakeLock();
    mocks.playClip.mockImplementation(
      (clip: Promise<ReadableStream<Uint8Array>>, onStart?: (at: number) => void) =>
        clip.then((body) => new Response(body).arrayBuffer()).then(() => onStart?.(performance.now())),
    );
    const events = await renderListening();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('The tower was finished in 1889.', true);
    expect(screen.getByTestId('transcript-original')).toHaveTextContent('The tower was finished in 1889.');
    await translateSends('0:"La tour fut achevée en 1889."\n', true);
    await waitFor(() =>
      expect(screen.getByTestId('translation-phrase')).toHaveTextContent('La tour fut achevée'),
    );
    await waitFor(() => expect(screen.getByTestId('speech-lag')).toHaveAttribute('data-spoken', '1'));
  });

  it('the translation follows its newest line unless the traveller scrolled back; Newest brings it back', async () => {
    installWakeLock();
    const events = await renderListening();
    await events.click(mainButton());
    await waitFor(() => expect(badge()).toHaveAttribute('data-status', 'recording'));
    hear('The tower was finished in 1889.', true);
    await translateSends('0:"La tour fut achevée en 1889."\n', true);
    const text = screen.getByTestId('transcript-translation');
    // jsdom lays nothing out: give the text a box 400 px high holding 1,000 px.
    Object.defineProperty(text, 'scrollHeight', { configurable: true, value: 1_000 });
    Object.defineProperty(text, 'clientHeight', { configurable: true, value: 400 });
    Object.defineProperty(text, 'scrollTop', { configurable: true, writable: true, value: 100 });
    fireEvent.scroll(text);
    expect(await screen.findByTestId('listening-newest')).toBeVisible();
    translateStream = undefined;
    hear('It was the tallest building in the world.', true);
    await translateSends('0:"Ce fut le plus haut bâtiment du monde."\n', true);
    await waitFor(() => expect(screen.getAllByTestId('translation-phrase')).toHaveLength(2));
    expect(text.scrollTop).toBe(100);
    await events.click(screen.getByTestId('listening-newest'));
    expect(text.scrollTop).toBe(1_000);
    expect(screen.queryByTestId('listening-newest')).toBeNull();
  });
});
