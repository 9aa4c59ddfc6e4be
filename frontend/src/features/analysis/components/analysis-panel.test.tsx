// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aLocation, anEmergency, aPrice, renderInEnglish } from '../testing/analysis-fixtures';
import en from '../../../../../locales/en/translation.json';
import { LIMITED } from '../analysis-model';
import { AnalysisPanel } from './analysis-panel';

const mocks = vi.hoisted(() => ({
  analyzePrices: vi.fn(),
  analyzeLocations: vi.fn(),
  analyzeEmergency: vi.fn(),
}));
vi.mock('../api', () => mocks);

/** A promise the test settles by hand, to look at the panel while a call is in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

beforeEach(() => {
  mocks.analyzePrices.mockResolvedValue({
    prices: [aPrice()],
    rates: { date: '2024-01-04', source: 'snapshot' },
  });
  mocks.analyzeLocations.mockResolvedValue([aLocation()]);
  mocks.analyzeEmergency.mockResolvedValue(anEmergency());
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('analysis panel', () => {
  it('sends the three analyses in parallel for the transcript, prices in the interface language’s currency', async () => {
    await renderInEnglish(<AnalysisPanel transcript="  I need a doctor, the taxi was 25 euros  " />);
    const text = 'I need a doctor, the taxi was 25 euros';
    expect(mocks.analyzePrices).toHaveBeenCalledWith(text, 'GBP', expect.any(AbortSignal));
    expect(mocks.analyzeLocations).toHaveBeenCalledWith(text, expect.any(AbortSignal));
    expect(mocks.analyzeEmergency).toHaveBeenCalledWith(text, expect.any(AbortSignal));
    expect(await screen.findByTestId('price-item')).toBeInTheDocument();
    expect(screen.getByTestId('location-item')).toBeInTheDocument();
    expect(screen.getByTestId('emergency-severity')).toHaveAttribute('data-severity', 'high');
    expect(screen.getByTestId('analysis-progress')).toHaveAttribute('data-value', '100');
  });

  it('converts into the target language’s currency when there is one', async () => {
    await renderInEnglish(<AnalysisPanel transcript="25 euros" targetLanguage="ja" />);
    expect(mocks.analyzePrices).toHaveBeenCalledWith('25 euros', 'JPY', expect.any(AbortSignal));
  });

  it('does not analyse blank text', async () => {
    await renderInEnglish(<AnalysisPanel transcript="   " />);
    expect(mocks.analyzePrices).not.toHaveBeenCalled();
    expect(screen.queryByTestId('analysis-progress')).toBeNull();
  });

  it('ticks the progress every 250 ms while the analyses run', async () => {
    vi.useFakeTimers();
    const prices = deferred<unknown>();
    mocks.analyzePrices.mockReturnValue(prices.promise);
    await act(() => renderInEnglish(<AnalysisPanel transcript="25 euros" />));
    const progress = screen.getByTestId('analysis-progress');
    expect(progress).toHaveAttribute('data-value', '0');
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(progress).toHaveAttribute('data-value', '5');
    await act(() => vi.advanceTimersByTimeAsync(750));
    expect(progress).toHaveAttribute('data-value', '20');
    expect(screen.getByTestId('price-card')).toHaveAttribute('data-state', 'loading');
    await act(async () => prices.resolve({ prices: [aPrice()] }));
    expect(progress).toHaveAttribute('data-value', '100');
  });

  it('shows the other cards when one analysis fails', async () => {
    mocks.analyzePrices.mockResolvedValue(null);
    await renderInEnglish(<AnalysisPanel transcript="hello" />);
    expect(await screen.findByText('We could not analyse the prices.')).toBeInTheDocument();
    expect(screen.getByTestId('location-item')).toBeInTheDocument();
    expect(screen.getByTestId('emergency-card')).toHaveAttribute('data-state', 'ready');
  });

  it('says analysis_failed when all three fail', async () => {
    mocks.analyzePrices.mockResolvedValue(null);
    mocks.analyzeLocations.mockResolvedValue(null);
    mocks.analyzeEmergency.mockResolvedValue(null);
    await renderInEnglish(<AnalysisPanel transcript="hello" />);
    expect(await screen.findByTestId('analysis-error')).toHaveTextContent(en.analysis_failed);
    expect(screen.queryByTestId('price-card')).toBeNull();
  });

  it('shows the daily analysis limit as the limit it is, not as a failure, and keeps what was found', async () => {
    mocks.analyzePrices.mockResolvedValue(LIMITED);
    mocks.analyzeEmergency.mockResolvedValue(LIMITED);
    await renderInEnglish(<AnalysisPanel transcript="the Eiffel Tower" />);
    expect(await screen.findByTestId('analysis-limit')).toHaveTextContent(en.error_daily_analysis_limit);
    expect(screen.getByTestId('location-item')).toBeInTheDocument();
    expect(screen.queryByTestId('price-card')).toBeNull();
    expect(screen.queryByTestId('emergency-card')).toBeNull();
    expect(screen.queryByText('We could not analyse the prices.')).toBeNull();
    expect(screen.getByTestId('analysis-progress')).toHaveAttribute('data-value', '100');
  });

  it('shows the daily analysis limit, not analysis_failed, when all three are refused by it', async () => {
    for (const call of Object.values(mocks)) call.mockResolvedValue(LIMITED);
    await renderInEnglish(<AnalysisPanel transcript="hello" />);
    expect(await screen.findByTestId('analysis-limit')).toHaveTextContent(en.error_daily_analysis_limit);
    expect(screen.queryByTestId('analysis-error')).toBeNull();
    expect(screen.queryByTestId('analysis-no-results')).toBeNull();
  });

  it('shows the daily analysis limit when a currency change is refused by it, keeping the prices shown', async () => {
    const user = userEvent.setup();
    await renderInEnglish(<AnalysisPanel transcript="25 euros" />);
    await screen.findByTestId('price-item');
    mocks.analyzePrices.mockResolvedValue(LIMITED);
    await user.selectOptions(screen.getByTestId('currency-select'), 'USD');
    expect(await screen.findByTestId('analysis-limit')).toHaveTextContent(en.error_daily_analysis_limit);
    expect(screen.getByTestId('price-item')).toBeInTheDocument();
    expect(screen.getByTestId('currency-select')).toBeEnabled();
  });

  it('hides each card that found nothing', async () => {
    mocks.analyzePrices.mockResolvedValue({ prices: [] });
    mocks.analyzeEmergency.mockResolvedValue(anEmergency({ isEmergency: false }));
    await renderInEnglish(<AnalysisPanel transcript="the Eiffel Tower" />);
    expect(await screen.findByTestId('location-item')).toBeInTheDocument();
    expect(screen.queryByTestId('price-card')).toBeNull();
    expect(screen.queryByTestId('emergency-card')).toBeNull();
    expect(screen.queryByTestId('analysis-no-results')).toBeNull();
  });

  it('shows analysis_complete_no_results when nothing at all was found', async () => {
    mocks.analyzePrices.mockResolvedValue({ prices: [{ ...aPrice(), amount: 0 }] });
    mocks.analyzeLocations.mockResolvedValue([]);
    mocks.analyzeEmergency.mockResolvedValue(anEmergency({ isEmergency: false }));
    await renderInEnglish(<AnalysisPanel transcript="good morning" />);
    expect(await screen.findByTestId('analysis-no-results')).toHaveTextContent(
      'Analysis complete: no prices, places or emergencies were found.',
    );
    expect(screen.queryByTestId('price-card')).toBeNull();
    expect(screen.queryByTestId('location-card')).toBeNull();
    expect(screen.queryByTestId('emergency-card')).toBeNull();
  });

  it('names the rates the prices were converted with, the shipped snapshot as such', async () => {
    await renderInEnglish(<AnalysisPanel transcript="25 euros" />);
    const label = await screen.findByTestId('price-rates-date');
    expect(label).toHaveAttribute('data-freshness', 'snapshot');
    expect(label).toHaveTextContent('Exchange rates of January 4, 2024 shipped with the app');
  });

  it('reconverts the prices through the prices call on a currency change, selector disabled meanwhile', async () => {
    const user = userEvent.setup();
    await renderInEnglish(<AnalysisPanel transcript="25 euros" />);
    await screen.findByTestId('price-item');
    const reconverted = deferred<unknown>();
    mocks.analyzePrices.mockReturnValue(reconverted.promise);
    const select = screen.getByTestId('currency-select');
    await user.selectOptions(select, 'USD');
    expect(mocks.analyzePrices).toHaveBeenLastCalledWith('25 euros', 'USD', expect.any(AbortSignal));
    expect(select).toBeDisabled();
    await act(async () =>
      reconverted.resolve({
        prices: [aPrice({ targetCurrency: 'USD', convertedAmount: 27.1 })],
        rates: { date: '2026-11-24', source: 'daily' },
      }),
    );
    expect(select).toBeEnabled();
    expect(select).toHaveValue('USD');
    expect(screen.getByTestId('price-item')).toHaveAttribute('data-converted', '27.1');
    // The rates of the reconversion are the ones named.
    expect(screen.getByTestId('price-rates-date')).toHaveAttribute('data-date', '2026-11-24');
    expect(mocks.analyzeLocations).toHaveBeenCalledTimes(1);
  });

  it('analyses a changed transcript afresh and resets on blank text', async () => {
    const { rerender } = await renderInEnglish(<AnalysisPanel transcript="first" />);
    await screen.findByTestId('price-item');
    rerender(<AnalysisPanel transcript="second" />);
    await waitFor(() =>
      expect(mocks.analyzeLocations).toHaveBeenLastCalledWith('second', expect.any(AbortSignal)),
    );
    rerender(<AnalysisPanel transcript="" />);
    await waitFor(() => expect(screen.queryByTestId('analysis-progress')).toBeNull());
    expect(mocks.analyzeLocations).toHaveBeenCalledTimes(2);
  });
});
