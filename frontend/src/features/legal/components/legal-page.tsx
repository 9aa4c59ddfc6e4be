import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import {
  HISTORY_MAX_SESSIONS,
  MINIMUM_AGE_YEARS,
  REFUND_REPLY_BUSINESS_DAYS,
  REFUND_WINDOW_HOURS,
} from '../../../lib/ui-constants';
import type { LegalSection } from '../legal-content';
import './legal-page.css';

// The figures in the texts come from lib/ui-constants.ts, so the pages cannot drift from the rules they state.
const policyValues = {
  minimumAge: MINIMUM_AGE_YEARS,
  refundWindowHours: REFUND_WINDOW_HOURS,
  replyDays: REFUND_REPLY_BUSINESS_DAYS,
  historyLimit: HISTORY_MAX_SESSIONS,
};

export function LegalPage({
  title,
  summary,
  sections,
}: {
  title: ParseKeys<'translation'>;
  summary: ParseKeys<'translation'>;
  sections: readonly LegalSection[];
}) {
  const { t } = useTranslation();
  return (
    <article className="page legal-page" aria-labelledby="page-title">
      <h1 id="page-title">{t(title)}</h1>
      <p className="legal-updated">{t('legal_last_updated')}</p>
      <p className="legal-summary">{t(summary, policyValues)}</p>
      {sections.map((section) => (
        <section key={section.title} aria-labelledby={section.title}>
          <h2 id={section.title}>{t(section.title)}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{t(paragraph, policyValues)}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{t(item, policyValues)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
