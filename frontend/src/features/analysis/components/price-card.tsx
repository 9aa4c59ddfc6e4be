import { useTranslation } from 'react-i18next';
import type { Price, RatesInfo } from '@wayfarer/shared/api/analysis';
import { formatDate } from '../../../lib/date-format';
import { CurrencySelect, PriceAmounts, priceItemData } from '../../../lib/price-display';
import type { Outcome } from '../analysis-model';
import { RATES_LABEL_KEYS, ratesFreshness } from '../rates-label';
import { AnalysisCard, cardStateOf } from './analysis-card';

/** The price converter (docs/SPEC.md §2): prices found, each converted into the selected currency. */
export function PriceCard({
  outcome,
  currency,
  reconverting,
  conversionFailed,
  rates,
  now = new Date(),
  onCurrencyChange,
}: {
  outcome: Outcome<readonly Price[]>;
  currency: string;
  reconverting: boolean;
  conversionFailed: boolean;
  /** The day and source of the rates the prices were converted with; shown under the list. */
  rates?: RatesInfo | undefined;
  /** Today, for the rates' age (tests pass a fixed day). */
  now?: Date;
  onCurrencyChange: (currency: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const selector = (
    <CurrencySelect
      className="analysis-currency"
      label={t('analysis_currency_label')}
      value={currency}
      // docs/SPEC.md §4: no second change while the first is being reconverted.
      disabled={reconverting || outcome.kind === 'pending'}
      onChange={onCurrencyChange}
    />
  );

  return (
    <AnalysisCard
      testId="price-card"
      title={t('analysis_prices_title')}
      state={cardStateOf(outcome, (prices) => prices.length === 0)}
      errorText={t('failed_to_analyze_prices')}
      emptyText={t('analysis_prices_empty')}
    >
      {selector}
      {conversionFailed && (
        <p className="analysis-card-error" role="alert">
          {t('analysis_price_conversion_failed')}
        </p>
      )}
      <ul className="analysis-list" aria-busy={reconverting}>
        {outcome.kind === 'done' &&
          outcome.value.map((price, index) => (
            <li
              key={`${index}-${price.originalText}`}
              className="analysis-item price-item"
              {...priceItemData(price)}
            >
              <PriceAmounts price={price} convertedLabel={t('analysis_price_converted')} />
              <p className="analysis-quote">“{price.originalText}”</p>
              {price.context.trim() !== '' && (
                <p className="analysis-detail" dir="auto">
                  {price.context}
                </p>
              )}
            </li>
          ))}
      </ul>
      {outcome.kind === 'done' && outcome.value.length > 0 && rates && (
        // docs/SPEC.md §2: a traveller must know how old a rate is, and when it is the snapshot shipped with the app.
        <p
          className="analysis-detail price-rates-date"
          data-testid="price-rates-date"
          data-date={rates.date}
          data-freshness={ratesFreshness(rates, now)}
        >
          {t(RATES_LABEL_KEYS[ratesFreshness(rates, now)], {
            date: formatDate(`${rates.date}T12:00:00Z`, i18n.language),
          })}
        </p>
      )}
    </AnalysisCard>
  );
}
