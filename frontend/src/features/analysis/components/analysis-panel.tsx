import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './analysis-panel.css';

/**
 * The AI travel assistant panel (docs/SPEC.md §2), shown in the voice screen's analysis slot. A placeholder for now: the
 * progress indicator and the result cards of the analysis feature go inside it.
 */
export function AnalysisPanel() {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);

  useEffect(() => {
    // docs/SPEC.md §2: it scrolls smoothly into view when opened.
    section.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, []);

  return (
    <section
      ref={section}
      className="analysis-panel"
      data-testid="analysis-panel"
      aria-labelledby="analysis-panel-title"
    >
      <h2 id="analysis-panel-title" className="analysis-panel-title">
        {t('voice_analysis_panel_title')}
      </h2>
    </section>
  );
}
