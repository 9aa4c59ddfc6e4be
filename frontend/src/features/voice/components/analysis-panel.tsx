import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The AI travel assistant's place on the screen. Its contents (progress, cards) belong to the analysis feature. */
export function AnalysisPanel() {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    // SPEC §2: it scrolls smoothly into view when opened.
    section.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, []);

  return (
    <section
      ref={section}
      className="voice-card voice-analysis-panel"
      data-testid="analysis-panel"
      aria-labelledby="analysis-panel-title"
    >
      <h2 id="analysis-panel-title" className="voice-card-title">
        {t('voice_analysis_panel_title')}
      </h2>
    </section>
  );
}
