import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { strokeIconProps } from '../../../lib/stroke-icon';
import { PRO_FEATURE_KEYS } from '../pro-plan';
import './billing.css';

/** The Pro plan: price, billing terms and the six features; the page puts its own action below. */
export function ProPlanCard({ testId, children }: { testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="billing-card pro-plan-card" data-testid={testId} aria-labelledby="pro-plan-name">
      <h2 id="pro-plan-name" className="billing-card-title">
        {t('subscribe_plan_name')}
      </h2>
      <p className="pro-plan-price" data-testid="subscribe-price">
        <span className="pro-plan-amount">{t('subscribe_price')}</span>{' '}
        <span className="pro-plan-period">{t('subscribe_price_period')}</span>
      </p>
      <p className="billing-muted">{t('subscribe_billing_note')}</p>
      <h3 className="visually-hidden">{t('subscribe_features_title')}</h3>
      <ul className="pro-plan-features">
        {PRO_FEATURE_KEYS.map((key) => (
          <li key={key} data-testid="subscribe-feature">
            <svg {...strokeIconProps(18)} className="pro-plan-check">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
            {t(key)}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
