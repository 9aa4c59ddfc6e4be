import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Price } from '@wayfarer/shared/api/analysis';
import { CURRENCY_OPTIONS } from '@wayfarer/shared/domain/currencies';
import { LITERAL_MESSAGES } from '@wayfarer/shared/domain/error-keys';
import { formatCurrency } from '@wayfarer/shared/domain/money';
import type { Outcome } from '../analysis-model';
import { AnalysisCard, cardStateOf } from './analysis-card';

function ConvertedAmount({ price }: { price: Price }) {
  if (price.convertedAmount === undefined || !price.targetCurrency) {
    return <span className="price-no-rate">{LITERAL_MESSAGES.noRateAvailable}</span>;
  }
  return (
    <strong className="price-converted">{formatCurrency(price.convertedAmount, price.targetCurrency)}</strong>
  );
}

/** The price converter (docs/SPEC.md §2): prices found, each converted into the selected currency. */
export function PriceCard({
  outcome,
  currency,
  reconverting,
  conversionFailed,
  onCurrencyChange,
}: {
  outcome: Outcome<readonly Price[]>;
  currency: string;
  reconverting: boolean;
  conversionFailed: boolean;
  onCurrencyChange: (currency: string) => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const selector = (
    <div className="analysis-currency">
      <label htmlFor={selectId}>{t('analysis_currency_label')}</label>
      <select
        id={selectId}
        className="select"
        data-testid="currency-select"
        value={currency}
        // docs/SPEC.md §4: no second change while the first is being reconverted.
        disabled={reconverting || outcome.kind === 'pending'}
        onChange={(event) => onCurrencyChange(event.target.value)}
      >
        {CURRENCY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
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
          {LITERAL_MESSAGES.priceConversionFailed}
        </p>
      )}
      <ul className="analysis-list" aria-busy={reconverting}>
        {outcome.kind === 'done' &&
          outcome.value.map((price, index) => (
            <li
              key={`${index}-${price.originalText}`}
              className="analysis-item price-item"
              data-testid="price-item"
              data-amount={price.amount}
              data-currency={price.currency}
              data-converted={price.convertedAmount ?? ''}
              data-target-currency={price.targetCurrency ?? ''}
            >
              <div className="price-amounts">
                <span className="price-original">{formatCurrency(price.amount, price.currency)}</span>
                {!price.isAlreadyInTargetCurrency && (
                  <>
                    <span aria-hidden="true">→</span>
                    <span className="visually-hidden">{t('analysis_price_converted')}</span>
                    <ConvertedAmount price={price} />
                  </>
                )}
              </div>
              <p className="analysis-quote">“{price.originalText}”</p>
              {price.context.trim() !== '' && <p className="analysis-detail">{price.context}</p>}
            </li>
          ))}
      </ul>
    </AnalysisCard>
  );
}
