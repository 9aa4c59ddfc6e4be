import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Price } from '@wayfarer/shared/api/analysis';
import { PHOTO_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import type { RatesAgainstUsd } from '@wayfarer/shared/domain/money';
import { CurrencySelect, PriceAmounts, priceItemData } from '../../../lib/price-display';
import { fetchExchangeRates } from '../api';
import { convertDetectedPrices } from '../photo-model';

type Rates =
  | { readonly kind: 'closed' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'ready'; readonly rates: RatesAgainstUsd };

/**
 * The convert-prices button with the number of prices found, then the converter (docs/SPEC.md §2): a currency
 * dropdown and each price converted through USD with the day's rates, fetched once when opened.
 */
export function PhotoPrices({
  prices,
  defaultCurrency,
}: {
  prices: readonly Price[];
  defaultCurrency: string;
}) {
  const { t } = useTranslation();
  const [rates, setRates] = useState<Rates>({ kind: 'closed' });
  const [currency, setCurrency] = useState(defaultCurrency);
  const open = rates.kind !== 'closed';

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetchExchangeRates(controller.signal).then(
      (loaded) => setRates({ kind: 'ready', rates: loaded }),
      () => {
        if (!controller.signal.aborted) setRates({ kind: 'failed' });
      },
    );
    return () => controller.abort();
  }, [open]);

  if (!open) {
    return (
      <button
        type="button"
        className="button photo-convert"
        data-testid="photo-convert-prices"
        data-count={prices.length}
        onClick={() => setRates({ kind: 'loading' })}
      >
        {t('photo_convert_prices', { number: prices.length })}
      </button>
    );
  }

  const converted = rates.kind === 'ready' ? convertDetectedPrices(prices, currency, rates.rates) : [];
  return (
    <section
      className="photo-card"
      data-testid="photo-prices"
      data-state={rates.kind}
      aria-busy={rates.kind === 'loading'}
    >
      <h2 className="photo-card-title">{t('photo_prices_title')}</h2>
      <CurrencySelect
        className="photo-field"
        label={t('photo_currency_label')}
        value={currency}
        disabled={rates.kind !== 'ready'}
        onChange={setCurrency}
      />
      {rates.kind === 'loading' && <p className="photo-muted">{t('photo_rates_loading')}</p>}
      {rates.kind === 'failed' && (
        <p className="photo-error" role="alert">
          {t(PHOTO_ERROR_KEYS.ratesFailed)}
        </p>
      )}
      <ul className="photo-price-list">
        {converted.map((price, index) => (
          <li key={`${index}-${price.originalText}`} className="photo-price" {...priceItemData(price)}>
            <PriceAmounts price={price} convertedLabel={t('photo_price_converted')} />
            {price.context.trim() !== '' && <span className="photo-price-context">{price.context}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
