import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranslateImageResponse } from '@wayfarer/shared/api/vision';
import { PHOTO_PROGRESS_TICK_MS, PROGRESS_COMPLETE } from '../../../lib/ui-constants';
import { nextPhotoProgress } from '@wayfarer/shared/domain/progress';
import { translateImage } from '../api';
import { translationFailureMessage } from '../photo-model';

export type PhotoTranslation =
  | { readonly kind: 'idle' }
  | { readonly kind: 'pending'; readonly progress: number }
  | { readonly kind: 'done'; readonly result: TranslateImageResponse }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * One photo sent for translation (docs/SPEC.md §4): progress ticks every PHOTO_PROGRESS_TICK_MS until the answer,
 * a new photo or a retake cancels what is in flight, and leaving the screen aborts it.
 */
export function usePhotoTranslation() {
  const [translation, setTranslation] = useState<PhotoTranslation>({ kind: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  const pending = translation.kind === 'pending';

  const reset = useCallback(() => {
    inFlight.current?.abort();
    inFlight.current = null;
    setTranslation({ kind: 'idle' });
  }, []);

  const translate = useCallback((image: Blob, targetLanguage: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setTranslation({ kind: 'pending', progress: 0 });
    translateImage(image, targetLanguage, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted) setTranslation({ kind: 'done', result });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setTranslation({ kind: 'failed', message: translationFailureMessage(error) });
      },
    );
  }, []);

  useEffect(() => () => inFlight.current?.abort(), []);

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(
      () =>
        setTranslation((current) =>
          current.kind === 'pending'
            ? { kind: 'pending', progress: nextPhotoProgress(current.progress) }
            : current,
        ),
      PHOTO_PROGRESS_TICK_MS,
    );
    return () => clearInterval(timer);
  }, [pending]);

  return { translation, translate, reset };
}

/** The bar's value: ticking while pending, complete once answered (docs/SPEC.md §4). */
export function progressOf(translation: PhotoTranslation): number {
  return translation.kind === 'pending' ? translation.progress : PROGRESS_COMPLETE;
}
