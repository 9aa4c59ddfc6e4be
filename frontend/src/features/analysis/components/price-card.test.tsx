// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Price, RatesInfo } from '@wayfarer/shared/api/analysis';
import type { Outcome } from '../analysis-model';
import { aPrice, renderInEnglish } from '../testing/analysis-fixtures';
import en from '../../../../../locales/en/translation.json';
import { PriceCard } from './price-card';

function renderCard(
  outcome: Outcome<readonly Price[]>,
  options: { reconverting?: boolean; conversionFailed?: boolean; rates?: RatesInfo; now?: Date } = {},
) {
  const onCurrencyChange = vi.fn();
  const view = renderInEnglish(
    <PriceCard
      outcome={outcome}
      currency="GBP"
      reconverting={options.reconverting ?? false}
      conversionFailed={options.conversionFailed ?? false}
      rates={options.rates}
      now={options.now ?? new Date('2026-11-25T08:00:00Z')}
      onCurrencyChange={onCurrencyChange}
    />,
  );
  return { view, onCurrencyChange };
}

describe('price card', () => {
  it('shows a skeleton while the prices are analysed', async () => {
    await renderCard({ kind: 'pending' }).view;
    expect(screen.getByTestId('price-card')).toHaveAttribute('data-state', 'loading');
    expect(screen.queryByTestId('price-item')).toBeNull();
  });

  it('shows failed_to_analyze_prices when the analysis fails', async () => {
    await renderCard({ kind: 'failed' }).view;
    expect(screen.getByTestId('price-card')).toHaveAttribute('data-state', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent('We could not analyse the prices.');
  });

  it('has an empty state', async () => {
    await renderCard({ kind: 'done', value: [] }).view;
    expect(screen.getByTestId('price-card')).toHaveAttribute('data-state', 'empty');
    expect(screen.getByText('No prices were mentioned.')).toBeInTheDocument();
  });

  it('shows each price with its amount, currency and converted amount', async () => {
    await renderCard({ kind: 'done', value: [aPrice()] }).view;
    const item = screen.getByTestId('price-item');
    expect(item).toHaveAttribute('data-amount', '25');
    expect(item).toHaveAttribute('data-currency', 'EUR');
    expect(item).toHaveAttribute('data-converted', '21.48');
    expect(item).toHaveTextContent('€25.00');
    expect(item).toHaveTextContent('£21.48');
    expect(item).toHaveTextContent('twenty five euros');
  });

  it('shows a price already in the target currency once', async () => {
    await renderCard({
      kind: 'done',
      value: [aPrice({ currency: 'GBP', amount: 15, convertedAmount: 15, isAlreadyInTargetCurrency: true })],
    }).view;
    expect(screen.getByTestId('price-item').querySelector('.price-amounts')).toHaveTextContent(/^£15\.00$/);
  });

  it('formats en-US, falling back to amount and code for a code Intl rejects', async () => {
    await renderCard({
      kind: 'done',
      value: [aPrice({ amount: 1234.5, currency: 'XX1', convertedAmount: 1000, targetCurrency: 'USD' })],
    }).view;
    const item = screen.getByTestId('price-item');
    expect(item).toHaveTextContent('1234.5 XX1');
    expect(item).toHaveTextContent('$1,000.00');
  });

  it('says price_no_rate_available for a price without a converted amount', async () => {
    await renderCard({ kind: 'done', value: [aPrice({ convertedAmount: undefined })] }).view;
    expect(screen.getByTestId('price-item')).toHaveTextContent(en.price_no_rate_available);
    expect(screen.getByTestId('price-item')).toHaveAttribute('data-converted', '');
  });

  it('shows the day of the daily rates the prices were converted with', async () => {
    await renderCard({ kind: 'done', value: [aPrice()] }, { rates: { date: '2026-11-24', source: 'daily' } })
      .view;
    const label = screen.getByTestId('price-rates-date');
    expect(label).toHaveTextContent('Exchange rates of November 24, 2026');
    expect(label).toHaveAttribute('data-freshness', 'daily');
    expect(label).toHaveAttribute('data-date', '2026-11-24');
  });

  it('labels the shipped snapshot as such, however old it is', async () => {
    await renderCard(
      { kind: 'done', value: [aPrice()] },
      { rates: { date: '2024-01-04', source: 'snapshot' } },
    ).view;
    const label = screen.getByTestId('price-rates-date');
    expect(label).toHaveTextContent(
      'Exchange rates of January 4, 2024 shipped with the app (no recent rates available): treat the conversions as approximate',
    );
    expect(label).toHaveAttribute('data-freshness', 'snapshot');
  });

  it('says daily rates more than a week old are old (the refresh has been failing)', async () => {
    await renderCard({ kind: 'done', value: [aPrice()] }, { rates: { date: '2026-11-10', source: 'daily' } })
      .view;
    const label = screen.getByTestId('price-rates-date');
    expect(label).toHaveTextContent('Exchange rates of November 10, 2026: more than a week old');
    expect(label).toHaveAttribute('data-freshness', 'stale');
  });

  it('shows no rates date without prices or without rates', async () => {
    await renderCard({ kind: 'done', value: [] }, { rates: { date: '2026-11-24', source: 'daily' } }).view;
    expect(screen.queryByTestId('price-rates-date')).toBeNull();
  });

  it('offers the currencies and reports a change', async () => {
    const { view, onCurrencyChange } = renderCard({ kind: 'done', value: [aPrice()] });
    await view;
    const select = screen.getByTestId('currency-select');
    expect(select).toHaveValue('GBP');
    expect(screen.getByRole('option', { name: 'JPY - Japanese Yen' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'JPY');
    expect(onCurrencyChange).toHaveBeenCalledWith('JPY');
  });

  it('disables the selector while reconverting', async () => {
    await renderCard({ kind: 'done', value: [aPrice()] }, { reconverting: true }).view;
    expect(screen.getByTestId('currency-select')).toBeDisabled();
  });

  it('says analysis_price_conversion_failed when reconversion fails', async () => {
    await renderCard({ kind: 'done', value: [aPrice()] }, { conversionFailed: true }).view;
    expect(screen.getByRole('alert')).toHaveTextContent(en.analysis_price_conversion_failed);
  });
});
