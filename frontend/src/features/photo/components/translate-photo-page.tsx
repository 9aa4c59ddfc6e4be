import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PHOTO_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { LANGUAGES, currencyForLanguage, findLanguage } from '@wayfarer/shared/domain/languages';
import { PageLoading } from '../../../lib/page-loading';
import { languageName } from '../../../lib/language-labels';
import { isSubscriber, useSession } from '../../../lib/session-context';
import { translateMessage } from '../../../lib/translate-message';
import { captureJpeg } from '../capture-jpeg';
import { preparePhoto } from '../prepare-photo';
import { useCamera } from '../hooks/use-camera';
import { useDevicePhotoTranslation } from '../hooks/use-device-photo-translation';
import { usePhotoTranslation } from '../hooks/use-photo-translation';
import { defaultPhotoLanguage } from '../photo-model';
import { CameraPanel } from './camera-panel';
import { PhotoGate } from './photo-gate';
import { PhotoPrices } from './photo-prices';
import { PhotoResult } from './photo-result';
import './photo.css';

interface Capture {
  readonly image: Blob;
  readonly url: string;
}

/** docs/SPEC.md §2 /translate-photo: the gate for everyone but subscribers, else the photo translator. */
export function TranslatePhotoPage() {
  const session = useSession();
  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'signed-out') return <PhotoGate reason="login" />;
  if (!isSubscriber(session)) return <PhotoGate reason="subscription" />;
  return <PhotoTranslator />;
}

function PhotoTranslator() {
  const { t, i18n } = useTranslation();
  const languageSelectId = useId();
  const { state: camera, hasFrame, videoRef, start, stop } = useCamera();
  const { translation, translate, reset } = usePhotoTranslation();
  const [capture, setCapture] = useState<Capture | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [language, setLanguage] = useState(() =>
    defaultPhotoLanguage(i18n.resolvedLanguage ?? i18n.language),
  );
  const uiLanguage = i18n.resolvedLanguage ?? 'en';
  // The language the shown result was made for: the select may change before the next press.
  const [resultLanguage, setResultLanguage] = useState(language);
  const device = useDevicePhotoTranslation(
    translation.kind === 'done' ? translation.result : undefined,
    resultLanguage,
  );

  useEffect(() => {
    void start();
  }, [start]);

  useEffect(() => () => (capture ? URL.revokeObjectURL(capture.url) : undefined), [capture]);

  useEffect(() => {
    if (translation.kind === 'failed')
      toast.error(translateMessage(t, translation.message, PHOTO_ERROR_KEYS.translationFailed));
  }, [translation, t]);

  const takePhoto = async () => {
    const video = videoRef.current;
    if (!video) return;
    setCapturing(true);
    try {
      const image = await preparePhoto(await captureJpeg(video));
      stop();
      setCapture({ image, url: URL.createObjectURL(image) });
    } catch {
      toast.error(t(PHOTO_ERROR_KEYS.convertImage));
    } finally {
      setCapturing(false);
    }
  };

  // A photo already on the phone (the gallery): turned upright and scaled down as a camera capture is.
  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    setCapturing(true);
    try {
      const image = await preparePhoto(file);
      stop();
      setCapture({ image, url: URL.createObjectURL(image) });
    } catch {
      toast.error(t(PHOTO_ERROR_KEYS.convertImage));
    } finally {
      setCapturing(false);
    }
  };

  const retake = () => {
    reset();
    setCapture(null);
    void start();
  };

  const pending = translation.kind === 'pending';
  const prices = translation.kind === 'done' ? translation.result.prices : [];

  return (
    <section className="page photo-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('photo_page_title')}</h1>
      <p>{t('photo_page_description')}</p>
      {capture === null ? (
        <CameraPanel
          camera={camera}
          hasFrame={hasFrame}
          videoRef={videoRef}
          capturing={capturing}
          onStart={() => void start()}
          onCapture={() => void takePhoto()}
        >
          <label className="button photo-choose">
            {t('photo_choose')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/heic"
              className="visually-hidden"
              data-testid="photo-file-input"
              disabled={capturing}
              onChange={(event) => void choosePhoto(event.target.files?.[0])}
            />
          </label>
        </CameraPanel>
      ) : (
        <div className="photo-columns">
          <div className="photo-column">
            <img
              className="photo-captured"
              src={capture.url}
              alt={t('photo_captured_alt')}
              data-testid="captured-image"
            />
            <div className="photo-field">
              <label htmlFor={languageSelectId}>{t('photo_language_label')}</label>
              <select
                id={languageSelectId}
                className="select"
                data-testid="photo-language-select"
                value={language}
                disabled={pending}
                onChange={(event) => setLanguage(event.target.value)}
              >
                {LANGUAGES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {languageName(option.value, uiLanguage)}
                  </option>
                ))}
              </select>
            </div>
            <div className="photo-actions">
              <button type="button" className="button" data-testid="retake-button" onClick={retake}>
                {t('photo_retake')}
              </button>
              <button
                type="button"
                className="button button-primary"
                data-testid="photo-translate-button"
                disabled={pending}
                onClick={() => {
                  setResultLanguage(language);
                  translate(capture.image, language);
                }}
              >
                {t('photo_translate')}
              </button>
            </div>
          </div>
          <div className="photo-column">
            <PhotoResult translation={translation} device={device} />
            {prices.length > 0 && (
              <PhotoPrices
                key={translation.kind === 'done' ? translation.result.originalText : ''}
                prices={prices}
                defaultCurrency={currencyForLanguage(findLanguage(language)?.value ?? language)}
              />
            )}
          </div>
        </div>
      )}
    </section>
  );
}
