import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Price } from '@wayfarer/shared/api/analysis';
import { CURRENCY_OPTIONS } from '@wayfarer/shared/domain/currencies';
import { formatCurrency } from '@wayfarer/shared/domain/money';
import { dateFormatLocale } from './date-format';
import './price-display.css';

// The price converter's parts, shared by the analysis card and the photo screen (docs/SPEC.md §2): both show a
// currency dropdown and each price with its conversion, under the same test ids (docs/TESTIDS.md).

/** The currency dropdown of docs/SPEC.md §3's currency list (`currency-select`). */
export function CurrencySelect({
  label,
  value,
  disabled,
  className,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  className: string;
  onChange: (currency: string) => void;
}) {
  const selectId = useId();
  return (
    <div className={className}>
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        className="select"
        data-testid="currency-select"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {CURRENCY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The `price-item` test id and the `data-*` values tests read (docs/TESTIDS.md). */
export function priceItemData(price: Price) {
  return {
    'data-testid': 'price-item',
    'data-amount': price.amount,
    'data-currency': price.currency,
    'data-converted': price.convertedAmount ?? '',
    'data-target-currency': price.targetCurrency ?? '',
  };
}

/** The price as found and, unless it already is in the target currency, converted (price_no_rate_available without). */
export function PriceAmounts({ price, convertedLabel }: { price: Price; convertedLabel: string }) {
  const { t, i18n } = useTranslation();
  // The interface language's number and currency style, the same format data as its dates.
  const locale = dateFormatLocale(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className="price-amounts">
      <span className="price-original">{formatCurrency(price.amount, price.currency, locale)}</span>
      {!price.isAlreadyInTargetCurrency && (
        <>
          <span aria-hidden="true" className="direction-arrow">
            →
          </span>
          <span className="visually-hidden">{convertedLabel}</span>
          {price.convertedAmount === undefined || !price.targetCurrency ? (
            <span className="price-no-rate">{t('price_no_rate_available')}</span>
          ) : (
            <strong className="price-converted">
              {formatCurrency(price.convertedAmount, price.targetCurrency, locale)}
            </strong>
          )}
        </>
      )}
    </div>
  );
}
