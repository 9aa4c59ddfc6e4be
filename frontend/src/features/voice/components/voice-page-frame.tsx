import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './voice-page-frame.css';

/**
 * The voice screen's title and description above `children`. They wait for nothing: they are the first screen's
 * largest paint, which index.html also paints from the build's copy of this markup before any script has
 * run (docs/DESIGN.md §8, first paint). One component for the screen while its card is pending and once it is ready,
 * so React keeps the same heading node when the card arrives.
 */
export function VoicePageFrame({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page voice-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('voice_page_title')}</h1>
      <p>{t('voice_page_description')}</p>
      {children}
    </section>
  );
}
