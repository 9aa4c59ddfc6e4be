import { useCallback, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { Tooltip } from '../../../lib/tooltip';
import { translateMessage } from '../../../lib/translate-message';
import type { CameraState } from '../hooks/use-camera';
import { CameraHelpDialog } from './camera-help-dialog';

/**
 * The live camera with its round capture button (docs/SPEC.md §2), and what shows instead while permission is
 * pending, after a denial (try again, need help) or a failure. The video stays mounted so the stream has a target.
 */
export function CameraPanel({
  camera,
  hasFrame,
  videoRef,
  capturing,
  onStart,
  onCapture,
  children,
}: {
  camera: CameraState;
  /** The video shows the camera's first frame: before it a capture would have no picture. */
  hasFrame: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  capturing: boolean;
  onStart: () => void;
  onCapture: () => void;
  /** Other ways to get a photo (choosing one from the device), shown whatever the camera's state. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [helpOpen, setHelpOpen] = useState(false);
  const live = camera.status === 'granted';
  const closeHelp = useCallback(() => setHelpOpen(false), []);

  return (
    <div className="photo-camera" data-testid="camera-view" data-status={camera.status}>
      <div className="photo-viewfinder" hidden={!live}>
        <video
          ref={videoRef}
          className="photo-video"
          autoPlay
          muted
          playsInline
          aria-label={t('photo_camera_label')}
        />
        <Tooltip label={t('photo_capture')} side="top">
          <button
            type="button"
            className="photo-capture"
            data-testid="capture-button"
            aria-label={t('photo_capture')}
            disabled={!live || !hasFrame || capturing}
            onClick={onCapture}
          />
        </Tooltip>
      </div>
      {camera.status === 'pending' && (
        <p className="photo-camera-message" role="status">
          {t('photo_camera_starting')}
        </p>
      )}
      {camera.status === 'idle' && (
        <div className="photo-camera-message">
          <button
            type="button"
            className="button button-primary"
            data-testid="camera-start"
            onClick={onStart}
          >
            {t('photo_camera_start')}
          </button>
        </div>
      )}
      {camera.status === 'denied' && (
        <div className="photo-camera-message" data-testid="camera-denied" role="alert">
          <p>{t(PHOTO_ERROR_KEYS.cameraDenied)}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button-primary"
              data-testid="camera-try-again"
              onClick={onStart}
            >
              {t('camera_try_again')}
            </button>
            <button
              type="button"
              className="button"
              data-testid="camera-need-help"
              onClick={() => setHelpOpen(true)}
            >
              {t('camera_need_help')}
            </button>
          </div>
        </div>
      )}
      {camera.status === 'error' && (
        <div className="photo-camera-message" role="alert" data-testid="camera-error">
          <p>{translateMessage(t, camera.message ?? PHOTO_ERROR_KEYS.unknown)}</p>
          <div className="button-row">
            <button type="button" className="button" data-testid="camera-try-again" onClick={onStart}>
              {t('camera_try_again')}
            </button>
          </div>
        </div>
      )}
      {children && <div className="photo-camera-alternatives">{children}</div>}
      {helpOpen && <CameraHelpDialog onClose={closeHelp} />}
    </div>
  );
}
