// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionStatus } from '@wayfarer/shared/api/auth';
import { PAGES } from '@wayfarer/shared/api/pages';
import { LOCAL_STORAGE_KEYS, PHOTO_PROGRESS_TICK_MS } from '../../../lib/ui-constants';
import en from '../../../../../locales/en/translation.json';
import { SessionContext, signedOutSession, type SessionValue } from '../../../lib/session-context';
import { createTestI18n } from '../../../testing/render-app';
import { TranslatePhotoPage } from './translate-photo-page';

const mocks = vi.hoisted(() => ({ toastError: vi.fn(), capture: vi.fn<() => Promise<Blob>>() }));
vi.mock('sonner', () => ({ toast: { error: mocks.toastError } }));
// jsdom has no video frames to draw; the canvas path is the browser's, proven by the e2e spec.
vi.mock('../capture-jpeg', () => ({ captureJpeg: mocks.capture }));
// jsdom decodes no images: the photo is sent as captured (the orientation and scaling run in the browser, in
// prepare-photo.test.ts and e2e photo-orientation.spec.ts).
vi.mock('../prepare-photo', () => ({ preparePhoto: async (image: Blob) => image }));

const VISION = '/api/vision/translate-image';
const RATES = '/api/analysis/exchange-rates';

type Answer = () => Response;
const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answers = new Map<string, Answer>();
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const path = new URL(String(input), 'http://localhost').pathname;
  return (answers.get(path) ?? json(500, { error: 'no answer set' }))();
});

const menu = {
  originalText: 'SOUPE DU JOUR 8 €\nCAFÉ 2,50 €',
  translatedText: 'SOUP OF THE DAY 8 €\nCOFFEE 2.50 €',
  prices: [
    { originalText: '8 €', amount: 8, currency: 'EUR', context: 'Soupe du jour' },
    { originalText: '2,50 €', amount: 2.5, currency: 'EUR', context: 'Café' },
  ],
};

class FakeTrack {
  readyState: 'live' | 'ended' = 'live';
  stop() {
    this.readyState = 'ended';
  }
}
let tracks: FakeTrack[] = [];
const getUserMedia = vi.fn(async () => {
  const track = new FakeTrack();
  tracks.push(track);
  return { getTracks: () => [track] } as unknown as MediaStream;
});
const liveTracks = () => tracks.filter((track) => track.readyState === 'live');
// A camera's first frame reaches the video a moment after its stream is attached, as in a browser; a test that
// holds it back sets this to false and sends 'loadeddata' itself.
let framesArrive = true;

function liveToken(): string {
  const payload = btoa(JSON.stringify({ sub: 'u', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(
    /=+$/,
    '',
  );
  return `header.${payload}.signature`;
}

function signedIn(subscriptionStatus: SubscriptionStatus): SessionValue {
  return { ...signedOutSession, status: 'signed-in', user: { email: 'ada@example.com', subscriptionStatus } };
}

async function renderPage(session: SessionValue = signedIn('ACTIVE'), uiLanguage = 'en') {
  const i18n = await createTestI18n();
  i18n.addResourceBundle(uiLanguage, 'translation', en);
  await i18n.changeLanguage(uiLanguage);
  const view = render(
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <MemoryRouter>
          <TranslatePhotoPage />
        </MemoryRouter>
      </SessionContext.Provider>
    </I18nextProvider>,
  );
  return { ...view, events: userEvent.setup() };
}

async function capturePhoto(events: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(screen.getByTestId('capture-button')).toBeEnabled());
  await events.click(screen.getByTestId('capture-button'));
  await screen.findByTestId('captured-image');
}

beforeEach(() => {
  tracks = [];
  vi.stubGlobal('fetch', fetchMock);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: async () => {} });
  framesArrive = true;
  Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
    configurable: true,
    set(this: HTMLMediaElement, stream: MediaStream | null) {
      if (stream && framesArrive) setTimeout(() => this.dispatchEvent(new Event('loadeddata')));
    },
  });
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
  mocks.capture.mockResolvedValue(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }));
  localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, liveToken());
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  answers.clear();
  localStorage.clear();
});

describe('/translate-photo gate', () => {
  it('asks a signed-out visitor to sign in', async () => {
    await renderPage(signedOutSession);
    const gate = screen.getByTestId('photo-gate');
    expect(gate).toHaveAttribute('data-reason', 'login');
    expect(within(gate).getByRole('link')).toHaveAttribute('href', PAGES.login);
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('asks a signed-in user without ACTIVE status to subscribe', async () => {
    await renderPage(signedIn('CANCELED'));
    const gate = screen.getByTestId('photo-gate');
    expect(gate).toHaveAttribute('data-reason', 'subscription');
    expect(within(gate).getByRole('link')).toHaveAttribute('href', PAGES.subscribe);
  });
});

describe('/translate-photo camera', () => {
  it('shows the live camera with its capture button once the camera is granted', async () => {
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted'));
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false }));
    await waitFor(() => expect(screen.getByTestId('capture-button')).toBeEnabled());
  });

  it('keeps the capture button disabled until the camera shows its first frame', async () => {
    framesArrive = false;
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted'));
    const capture = screen.getByTestId('capture-button');
    expect(capture).toBeDisabled();
    act(() => {
      document.querySelector('video')?.dispatchEvent(new Event('loadeddata'));
    });
    expect(capture).toBeEnabled();
  });

  it('shows the denied message with try again and a help dialog of steps closed by got it', async () => {
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    const { events } = await renderPage();
    const denied = await screen.findByTestId('camera-denied');
    expect(denied).toHaveTextContent(en.camera_access_denied);
    await events.click(screen.getByTestId('camera-need-help'));
    const dialog = screen.getByTestId('camera-help-dialog');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
    await events.click(screen.getByTestId('camera-help-got-it'));
    expect(screen.queryByTestId('camera-help-dialog')).toBeNull();
    await events.click(screen.getByTestId('camera-try-again'));
    await waitFor(() => expect(screen.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted'));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('shows error_mic_access without the media-devices API', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    await renderPage();
    expect(await screen.findByTestId('camera-error')).toHaveTextContent(en.error_mic_access);
  });

  for (const event of ['pagehide', 'popstate', 'beforeunload'] as const) {
    it(`stops the camera on ${event}`, async () => {
      await renderPage();
      await waitFor(() => expect(liveTracks()).toHaveLength(1));
      act(() => {
        window.dispatchEvent(new Event(event));
      });
      expect(liveTracks()).toHaveLength(0);
    });
  }

  it('stops the camera when the screen is left (route change)', async () => {
    const { unmount } = await renderPage();
    await waitFor(() => expect(liveTracks()).toHaveLength(1));
    unmount();
    expect(liveTracks()).toHaveLength(0);
  });

  it('shows photo_error_convert_image when the capture cannot be encoded', async () => {
    mocks.capture.mockRejectedValueOnce(new Error('no frame'));
    const { events } = await renderPage();
    await waitFor(() => expect(screen.getByTestId('capture-button')).toBeEnabled());
    await events.click(screen.getByTestId('capture-button'));
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith(en.photo_error_convert_image));
    expect(screen.queryByTestId('captured-image')).toBeNull();
  });
});

describe('/translate-photo after capture', () => {
  it('stops the camera and defaults the target language to the interface language', async () => {
    const { events } = await renderPage(signedIn('ACTIVE'), 'fr');
    await capturePhoto(events);
    expect(liveTracks()).toHaveLength(0);
    expect(screen.getByTestId('photo-language-select')).toHaveValue('fr');
  });

  it('defaults the target language to en when the interface language is not offered', async () => {
    const { events } = await renderPage(signedIn('ACTIVE'), 'en');
    await capturePhoto(events);
    expect(screen.getByTestId('photo-language-select')).toHaveValue('en');
  });

  it('sends the JPEG and the target language, then shows both texts', async () => {
    answers.set(VISION, json(200, menu));
    const { events } = await renderPage();
    await capturePhoto(events);
    await events.selectOptions(screen.getByTestId('photo-language-select'), 'de');
    await events.click(screen.getByTestId('photo-translate-button'));
    expect(await screen.findByTestId('photo-original')).toHaveTextContent('SOUPE DU JOUR 8 €');
    expect(screen.getByTestId('photo-translated')).toHaveTextContent('SOUP OF THE DAY');
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === VISION) ?? [];
    const body = init?.body as FormData;
    expect(body.get('targetLanguage')).toBe('de');
    expect((body.get('image') as File).type).toBe('image/jpeg');
  });

  it('ticks the progress every 300 ms while the translation is pending', async () => {
    let finish: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const { events } = await renderPage();
    await capturePhoto(events);
    // Only the interval is faked: the response's body is read with the real microtasks and streams.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(screen.getByTestId('photo-translate-button'));
    // The call starts a few microtasks later (token check); waitFor cannot poll while intervals are faked.
    await act(async () => {
      for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('photo-progress')).toHaveAttribute('data-value', '0');
    act(() => vi.advanceTimersByTime(PHOTO_PROGRESS_TICK_MS));
    expect(screen.getByTestId('photo-progress')).toHaveAttribute('data-value', '5');
    act(() => vi.advanceTimersByTime(PHOTO_PROGRESS_TICK_MS * 9));
    expect(screen.getByTestId('photo-progress')).toHaveAttribute('data-value', '50');
    act(() => vi.advanceTimersByTime(PHOTO_PROGRESS_TICK_MS));
    expect(screen.getByTestId('photo-progress')).toHaveAttribute('data-value', '53');
    vi.useRealTimers();
    finish(json(200, menu)());
    expect(await screen.findByTestId('photo-original')).toBeInTheDocument();
  });

  it('shows photo_no_text_detected when both texts are empty', async () => {
    answers.set(VISION, json(200, { originalText: '', translatedText: ' ', prices: [] }));
    const { events } = await renderPage();
    await capturePhoto(events);
    await events.click(screen.getByTestId('photo-translate-button'));
    await waitFor(() => expect(screen.getByTestId('photo-result')).toHaveAttribute('data-state', 'empty'));
    expect(screen.getByTestId('photo-result')).toHaveTextContent(en.photo_no_text_detected);
  });

  it('never toasts the server’s own text: photo_error_translation_failed, and photo_translation_failed in the card', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    answers.set(VISION, json(503, { error: 'translation unavailable: set OPENAI_MODEL_TRANSLATE' }));
    const { events } = await renderPage();
    await capturePhoto(events);
    await events.click(screen.getByTestId('photo-translate-button'));
    await waitFor(() => expect(screen.getByTestId('photo-result')).toHaveAttribute('data-state', 'error'));
    expect(screen.getByTestId('photo-result')).toHaveTextContent(en.photo_translation_failed);
    expect(mocks.toastError).toHaveBeenCalledWith(en.photo_error_translation_failed);
  });

  it('toasts photo_error_translation_failed when the server says nothing useful', async () => {
    answers.set(VISION, json(502, {}));
    const { events } = await renderPage();
    await capturePhoto(events);
    await events.click(screen.getByTestId('photo-translate-button'));
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith(en.photo_error_translation_failed));
  });

  it('retake clears the photo and opens the camera again', async () => {
    const { events } = await renderPage();
    await capturePhoto(events);
    await events.click(screen.getByTestId('retake-button'));
    await waitFor(() => expect(screen.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted'));
    expect(liveTracks()).toHaveLength(1);
  });
});

describe('/translate-photo prices', () => {
  it('shows the price count on the convert button and converts into the chosen currency', async () => {
    answers.set(VISION, json(200, menu));
    answers.set(RATES, json(200, { rates: { USD: 1, EUR: 0.8, GBP: 0.5, JPY: 150 } }));
    const { events } = await renderPage();
    await capturePhoto(events);
    await events.click(screen.getByTestId('photo-translate-button'));
    const convert = await screen.findByTestId('photo-convert-prices');
    expect(convert).toHaveAttribute('data-count', '2');
    expect(convert).toHaveTextContent('(2)');
    await events.click(convert);
    await waitFor(() =>
      expect(screen.getAllByTestId('price-item')[0]).toHaveAttribute('data-converted', '5'),
    );
    expect(screen.getByTestId('currency-select')).toHaveValue('GBP');
    await events.selectOptions(screen.getByTestId('currency-select'), 'JPY');
    const [soup, coffee] = screen.getAllByTestId('price-item');
    expect(soup).toHaveAttribute('data-converted', '1500');
    expect(coffee).toHaveAttribute('data-converted', '468.75');
    expect(soup).toHaveAttribute('data-target-currency', 'JPY');
  });

  it('shows photo_failed_to_load_rates when the rates cannot be loaded', async () => {
    answers.set(VISION, json(200, menu));
    answers.set(RATES, json(500, {}));
    const { events } = await renderPage();
    await capturePhoto(events);
    await events.click(screen.getByTestId('photo-translate-button'));
    await events.click(await screen.findByTestId('photo-convert-prices'));
    expect(await screen.findByText(en.photo_failed_to_load_rates)).toBeInTheDocument();
  });
});
